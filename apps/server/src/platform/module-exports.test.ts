import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleExports } from './module-exports.js';

/**
 * Every `import()` of a CommonJS package in the server's sources reads it through moduleExports:
 * the bundle gives such a package only a default export (issue 62). Which packages are CommonJS is
 * found as Node and esbuild find them: the file the `import` condition resolves to.
 */
const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'test') out.push(...(await sources(p)));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Whether the file `import(specifier)` loads is CommonJS (.cjs, or .js under a package not "type": "module"). */
async function isCommonJs(specifier: string): Promise<boolean> {
  const file = fileURLToPath(import.meta.resolve(specifier));
  if (file.endsWith('.cjs')) return true;
  if (file.endsWith('.mjs')) return false;
  let dir = path.dirname(file);
  for (;;) {
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest !== undefined) return (JSON.parse(manifest) as { type?: string }).type !== 'module';
    const up = path.dirname(dir);
    if (up === dir) return true;
    dir = up;
  }
}

describe('moduleExports', () => {
  it('every import() of a CommonJS package in the sources goes through it', async () => {
    const calls: { file: string; specifier: string; wrapped: boolean }[] = [];
    for (const file of await sources(src)) {
      const text = await readFile(file, 'utf8');
      for (const m of text.matchAll(/(?<!typeof )(moduleExports\()?import\('([^'.][^']*)'\)/g))
        calls.push({ file: path.relative(src, file), specifier: m[2]!, wrapped: Boolean(m[1]) });
    }
    expect(calls.length).toBeGreaterThan(10);
    const unwrapped: string[] = [];
    const cjs: string[] = [];
    for (const c of calls) {
      if (!(await isCommonJs(c.specifier))) continue;
      cjs.push(c.specifier);
      if (!c.wrapped) unwrapped.push(`${c.file}: import('${c.specifier}')`);
    }
    // The two the bundle broke are among those found.
    expect(cjs).toEqual(expect.arrayContaining(['ioredis', '@aws-sdk/client-s3', '@aws-sdk/lib-storage']));
    expect(unwrapped).toEqual([]);
  });

  it("gives module.exports both for Node's namespace and for a namespace with only a default", async () => {
    const require = createRequire(import.meta.url);
    const ioredis = require('ioredis') as { Redis: unknown };
    expect(await moduleExports(import('ioredis'))).toBe(ioredis);
    expect((await moduleExports(import('ioredis'))).Redis).toBe(ioredis.Redis);
    const bundled = Promise.resolve({ default: ioredis });
    expect(await moduleExports(bundled)).toBe(ioredis);
    const s3 = await moduleExports(import('@aws-sdk/client-s3'));
    expect(typeof s3.S3Client).toBe('function');
  });
});
