/**
 * What the server says a stored file is when it serves it. The type is chosen here from the file
 * name's extension, never from the type the uploader's browser declared: a declared
 * `text/javascript` or `text/html` would let an uploaded file run as a script or a page on the
 * portal's own origin (the CSP allows scripts from 'self'). Anything not listed is served as
 * application/octet-stream, always as an attachment, with `X-Content-Type-Options: nosniff`.
 */
export const SERVED_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  rtf: 'application/rtf',
  zip: 'application/zip',
};

export const FALLBACK_TYPE = 'application/octet-stream';

/** Extensions a browser may show in place (preview). No SVG, HTML or XML: they can carry scripts. */
export const INLINE_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'txt', 'png', 'jpg', 'jpeg', 'gif', 'webp']);

/** 'Report.PDF' -> 'pdf'; '' when there is no extension. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The type the server serves a file under, from its name alone. */
export function servedTypeOf(name: string): string {
  const ext = extensionOf(name);
  // Own keys only: 'x.constructor' must not find Object.prototype.constructor.
  return Object.hasOwn(SERVED_TYPES, ext) ? SERVED_TYPES[ext]! : FALLBACK_TYPE;
}

/** True when the file may be shown in place rather than saved. */
export function mayShowInline(name: string): boolean {
  return INLINE_EXTENSIONS.has(extensionOf(name));
}

/** The kind of file a list shows an icon for (useful resources' `typeIcon`), from its name alone. */
export type FileKind = 'pdf' | 'word' | 'excel' | 'powerpoint' | 'image' | 'archive' | 'text' | 'file';

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ods: 'excel',
  csv: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  odp: 'powerpoint',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  zip: 'archive',
  txt: 'text',
  md: 'text',
};

/** 'Guide.DOCX' -> 'word'; an unknown extension is 'file'. */
export function fileKindOf(name: string): FileKind {
  const ext = extensionOf(name);
  return Object.hasOwn(KIND_BY_EXTENSION, ext) ? KIND_BY_EXTENSION[ext]! : 'file';
}
