import { describe, expect, it } from 'vitest';
import { FALLBACK_TYPE, fileKindOf, mayShowInline, servedTypeOf } from './files.js';

describe('served types', () => {
  it('come from the extension of an allowed list', () => {
    expect(servedTypeOf('Quality Manual.PDF')).toBe('application/pdf');
    expect(servedTypeOf('notes.txt')).toBe('text/plain; charset=utf-8');
    expect(servedTypeOf('plan.docx')).toMatch(/wordprocessingml/);
  });

  it('fall back to octet-stream for anything that could run or render as a page', () => {
    for (const name of [
      'x.js',
      'x.mjs',
      'x.html',
      'x.htm',
      'x.svg',
      'x.xml',
      'x.css',
      'noext',
      '.pdf',
      'x.constructor',
      'x.__proto__',
    ]) {
      expect(servedTypeOf(name), name).toBe(FALLBACK_TYPE);
    }
  });

  it('show in place only documents and images that carry no script', () => {
    expect(mayShowInline('a.pdf')).toBe(true);
    expect(mayShowInline('a.svg')).toBe(false);
    expect(mayShowInline('a.html')).toBe(false);
  });
});

describe('fileKindOf (useful resources’ typeIcon)', () => {
  it('names the kind by extension, any case; anything else is a file', () => {
    expect(fileKindOf('Guide.PDF')).toBe('pdf');
    expect(fileKindOf('template.docx')).toBe('word');
    expect(fileKindOf('rates.xlsx')).toBe('excel');
    expect(fileKindOf('slides.pptx')).toBe('powerpoint');
    expect(fileKindOf('map.png')).toBe('image');
    expect(fileKindOf('all.zip')).toBe('archive');
    expect(fileKindOf('notes.txt')).toBe('text');
    expect(fileKindOf('x.constructor')).toBe('file');
    expect(fileKindOf('no-extension')).toBe('file');
  });
});
