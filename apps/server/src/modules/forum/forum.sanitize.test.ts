import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizePost, snippetHtml, textOfPost } from './forum.sanitize.js';

/** The XSS fixture: one vector a line (OWASP's filter evasion list and more), at least 100. */
const VECTORS = readFileSync(new URL('./fixtures/xss-vectors.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim());

const ALLOWED = new Set([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'code',
  'pre',
  'blockquote',
  'a',
  'hr',
]);

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/g, '&');

/**
 * Every '<' of the output opens a real tag (text '<' comes out as '&lt;'): each tag must be of the
 * allow-list, and carry no attribute but a link's href (http, https, mailto), rel and target.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<\/?([^\s/>]+)([^>]*)>/g)) {
    const tag = m[1]!.toLowerCase();
    if (!ALLOWED.has(tag)) found.push(`tag ${tag}`);
    const attrs = [...m[2]!.replace(/\s*\/$/, '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(
      (a) => [a[1]!.toLowerCase(), a[2] ?? ''] as const,
    );
    for (const [name, value] of attrs) {
      if (tag !== 'a' || !['href', 'rel', 'target'].includes(name)) found.push(`attribute ${name} on ${tag}`);
      if (name === 'href') {
        const url = decode(value)
          // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
          .replace(/[\u0000-\u0020]/g, '')
          .toLowerCase();
        if (!/^(https?:\/\/|mailto:)/.test(url)) found.push(`href ${value}`);
      }
    }
    if (tag === 'a' && !m[0].startsWith('</')) {
      if (!m[2]!.includes('rel="noopener noreferrer nofollow"') || !m[2]!.includes('target="_blank"'))
        found.push(`link without rel/target: ${m[0]}`);
    }
  }
  if (/javascript:|vbscript:|data:/i.test(html.match(/<[^>]*>/g)?.join('') ?? '')) found.push('a script URL in a tag');
  return found;
}

describe('the forum sanitizer', () => {
  it('holds at least 100 vectors in its fixture', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(VECTORS.map((v, i) => [i + 1, v]))(
    'vector %i leaves no script, event handler or script URL',
    async (_n, vector) => {
      for (const input of [vector as string, `<p>before</p>${vector as string}<p>after</p>`]) {
        const out = await sanitizePost(input);
        expect(problems(out), `${input}\n=> ${out}`).toEqual([]);
      }
    },
  );

  it('keeps what the editor makes: paragraphs, headings, lists, bold, italic, underline, strike, code, quotes, links', async () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre><p><a href="https://example.com/a?b=1">link</a> <a href="mailto:a@b.test">mail</a></p>';
    expect(await sanitizePost(html)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre><p><a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">link</a> <a href="mailto:a@b.test" rel="noopener noreferrer nofollow" target="_blank">mail</a></p>',
    );
  });

  it('gives the text of a post for search, and snippets with only <mark> as markup', async () => {
    expect(await textOfPost('<p>One</p><p>two &amp; &lt;three&gt;</p>')).toBe('One two & <three>');
    expect(snippetHtml('a \u27e6word\u27e7 <img src=x onerror=alert(1)>')).toBe(
      'a <mark>word</mark> &lt;img src=x onerror=alert(1)&gt;',
    );
  });
});
