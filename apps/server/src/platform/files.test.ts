import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './storage/storage.js';
import { attachmentHeader, sanitizeFilename } from './uploads.js';
import { uniqueNames, zipStream } from './zip.js';
import { unzipEntries } from '../test/unzip.js';

const root = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));

describe('local disk storage', () => {
  const storage = localDiskStorage(root);

  it('stores a stream under a generated key, reads it back and deletes it', async () => {
    const { key, size } = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(size).toBe(11);
    expect(key).toMatch(/^files\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(await text(await storage.get(key))).toBe('hello world');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('leaves nothing behind when the source fails midway', async () => {
    const before = filesUnder(root).length;
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('connection cut'));
      },
    });
    await expect(storage.put(failing)).rejects.toThrow('connection cut');
    expect(filesUnder(root)).toHaveLength(before);
  });

  it('refuses keys that are not its own', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow();
    await expect(storage.delete('files/../x')).rejects.toThrow();
  });
});

describe('file names', () => {
  it("replaces the spec's special characters and keeps separators and control characters out", () => {
    expect(sanitizeFilename('re!p@o#r$t%^&*_+.pdf')).toBe('re-p-o-r-t------.pdf');
    expect(sanitizeFilename('../../etc/passwd')).toBe('..-..-etc-passwd');
    expect(sanitizeFilename('a\\b\u0000c\nd.txt')).toBe('a-bcd.txt');
    expect(sanitizeFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFilename('\u2066\u200f..\u2069')).toBe('document');
    expect(sanitizeFilename('..')).toBe('document');
    expect(sanitizeFilename('')).toBe('document');
    expect(sanitizeFilename(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  it('writes Content-Disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentHeader('Rapport é.pdf')).toBe(
      `attachment; filename="Rapport _.pdf"; filename*=UTF-8''Rapport%20%C3%A9.pdf`,
    );
  });
});

describe('zip', () => {
  it('makes names unique', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b']);
  });

  it('streams the entries into a zip', async () => {
    const zip = zipStream([
      { name: 'one.txt', open: async () => Readable.from([Buffer.from('first')]) },
      { name: 'two.txt', open: async () => Readable.from([Buffer.from('second')]) },
    ]);
    const chunks: Buffer[] = [];
    for await (const c of zip) chunks.push(c as Buffer);
    expect(await unzipEntries(Buffer.concat(chunks))).toEqual({ 'one.txt': 'first', 'two.txt': 'second' });
  });
});
