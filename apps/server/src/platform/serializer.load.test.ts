import { expect, it } from 'vitest';
import { z } from 'zod';
import { hotResponse, loadFastWriters } from './serializer.js';

/**
 * The server's start loads fast-json-stringify only once it listens (main.ts). A hot route that
 * answers before then is written by zod's writer, and by fast-json-stringify from the first answer
 * after the load. This file never builds an app (buildApp waits for the load), so the module starts
 * unloaded here.
 */
it('writes a hot answer with zod until fast-json-stringify has loaded, then with it, the same JSON', async () => {
  const schema = z.object({ id: z.number(), name: z.string() });
  // As in production: no zod check before the writer.
  const write = hotResponse(false).serializerCompiler({ schema, method: 'GET', url: '/x' });
  const row = { id: 1, name: 'Ann', passwordHash: 'secret' };
  // The two writers differ on a value of the wrong type: zod refuses it, fast-json-stringify coerces it.
  const wrong = { id: '7', name: 'Ann' };

  const before = write(row);
  expect(JSON.parse(before)).toEqual({ id: 1, name: 'Ann' });
  expect(() => write(wrong)).toThrow();

  await loadFastWriters();
  expect(write(row)).toBe(before);
  expect(JSON.parse(write(wrong))).toEqual({ id: 7, name: 'Ann' });
});
