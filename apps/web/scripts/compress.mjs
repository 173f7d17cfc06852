// After `vite build`: a gzip and a brotli copy of every text asset, which the server sends to
// browsers that accept them (@fastify/static preCompressed). Done once here, never per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

let files = 0;
let raw = 0;
let brotli = 0;
for (const name of readdirSync(dist, { recursive: true })) {
  const file = path.join(dist, String(name));
  if (!TEXT.test(file) || !statSync(file).isFile()) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  raw += body.length;
  brotli += br.length;
}
console.log(`compressed ${files} files: ${(raw / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB brotli`);
