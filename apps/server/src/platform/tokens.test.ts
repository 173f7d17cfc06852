import { describe, expect, it } from 'vitest';
import { sha256 } from './tokens.js';

describe('sha256', () => {
  it('gives the hex digest of the text as UTF-8 (stored token hashes are looked up by it)', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('ü')).toBe('607474ca475a9724d7360aba71a56d5df77e61350e3f724cfa1f46e857e2d85f');
  });
});
