import type { Readable } from 'node:stream';
import yazl from 'yazl';

export interface ZipEntry {
  name: string;
  mtime?: Date;
  /** Opened only when the zip reaches this entry, so a large zip holds one file open at a time. */
  open: () => Promise<Readable>;
}

/** Names made unique inside one zip: 'a.pdf', 'a (2).pdf', ... */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; seen.has(name.toLowerCase()); i++) {
      const dot = n.lastIndexOf('.');
      name = dot > 0 ? `${n.slice(0, dot)} (${i})${n.slice(dot)}` : `${n} (${i})`;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}

/** A streaming zip of the entries (stored, not compressed: documents are mostly compressed already). */
export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(entries.map((e) => e.name.replace(/[\\/]/g, '-').replace(/^\.+$/, 'document')));
  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(names[i]!, { mtime: entry.mtime ?? new Date(), compress: false }, (cb) => {
      entry.open().then(
        (s) => cb(null, s),
        (e: unknown) => cb(e, undefined as unknown as Readable),
      );
    });
  });
  zip.end();
  return zip.outputStream as Readable;
}
