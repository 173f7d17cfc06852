// `npm start` serves dist/bundle/main.js: tsc's output (dist/) bundled by esbuild into a few ESM
// files. Node resolving and reading about 1,000 files of the server's dependencies was the largest
// part of the cold start that was ours (bench/README.md); one file costs one read. tsc's dist/ stays as it is (the import and
// seed CLIs, anyone running dist/main.js); tests and `npm run dev` run the TypeScript sources.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// Not emptied first: a running server imports some chunks later (nodemailer at its first mail, the
// housekeeping a second after start, the extraction worker at the first meeting document). Chunk
// names carry a hash of their content, so a new build writes its own beside them.
const outdir = path.join(server, 'dist/bundle');

const result = await build({
  absWorkingDir: server,
  // Written below, after latin1Source.
  write: false,
  // dist/bundle sits as deep as dist/db and dist/platform, so the paths the code finds from its own
  // address (`new URL('../../drizzle', import.meta.url)` for the migrations, '../../../web/dist' for
  // the web app) land on the same folders from the bundle. The extraction worker is its own entry,
  // beside the code that starts it (meetings.extractor.ts looks for it there).
  entryPoints: { main: 'dist/main.js', 'meetings.extract-worker': 'dist/modules/meetings/meetings.extract-worker.js' },
  outdir,
  bundle: true,
  // Chunks, so what main.ts imports with `await import()` (the app, the seed) loads only then.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Packages that read their own files beside their code at run time (WebAssembly and data,
  // native addons, fonts, @fastify/swagger-ui's pages, found from its __dirname, loaded only with
  // API_DOCS), and pg (only with DATABASE_URL; it asks for the optional pg-native), stay in
  // node_modules, where they load as in the tests.
  // Fastify's default compilers are never built (app.ts names ours): kept out of the start's chunks,
  // where they were compiled at every start all the same.
  external: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'pg',
    'pdfkit',
    'docx',
    'unpdf',
    'mammoth',
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
    '@fastify/swagger-ui',
  ],
  // The CommonJS packages inside call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

/**
 * V8 keeps each script's source text for as long as its functions live (to compile them lazily),
 * and a text with a single character past Latin-1 is kept as two bytes a character: one dash in a
 * dependency's comment doubled the app chunk's 1.4 MB in every server's heap. esbuild already
 * writes strings, templates and identifiers in ASCII (its default charset), so what is left past
 * Latin-1 is in comments; each such character becomes the text of its escape. The chunk is checked
 * to be the same program as esbuild wrote (both without comments and spaces): anything else is a
 * build error, not a changed server.
 */
async function latin1Source(text, file) {
  const replaced = text.replace(/[\u0100-\u{10ffff}]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  if (replaced === text) return text;
  const program = async (code) =>
    (await transform(code, { loader: 'js', format: 'esm', minifyWhitespace: true, legalComments: 'none' })).code;
  if ((await program(replaced)) !== (await program(text)))
    throw new Error(`${file}: a character past Latin-1 outside a comment; its escape would change the program`);
  return replaced;
}

await mkdir(outdir, { recursive: true });
for (const file of result.outputFiles) {
  await writeFile(file.path, file.path.endsWith('.js') ? await latin1Source(file.text, file.path) : file.contents);
}
