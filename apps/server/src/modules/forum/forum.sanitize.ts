import type sanitizeHtml from 'sanitize-html';
import { moduleExports } from '../../platform/module-exports.js';

/**
 * The one allow-list of forum bodies: paragraphs, headings, lists, bold, italic,
 * underline, strike, code, blockquote and links. Links may only be http, https or mailto, and
 * always open apart with rel="noopener noreferrer nofollow". Everything else (script, style,
 * iframe, event handlers, style attributes, data: and javascript: URLs) is dropped; the text of a
 * dropped tag stays, except of those whose content is code (script, style, textarea ...).
 */
const ABSOLUTE = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Only absolute http, https and mailto links: a relative or odd one ('\\u006Aavascript:') loses its href.
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const rel = 'noopener noreferrer nofollow';
      const kept: sanitizeHtml.Attributes =
        href && ABSOLUTE.test(href) ? { href, rel, target: '_blank' } : { rel, target: '_blank' };
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

let sanitizerLoading: Promise<typeof sanitizeHtml> | undefined;
/**
 * sanitize-html (with its HTML parser and postcss) loads at the first post written, not with the
 * server's modules at start (bench/README.md, cold start).
 */
function sanitizer() {
  sanitizerLoading ??= moduleExports(import('sanitize-html'));
  return sanitizerLoading;
}

/** The stored HTML of a post. */
export async function sanitizePost(html: string): Promise<string> {
  return (await sanitizer())(html, OPTIONS).trim();
}

/** Characters that mark a search hit in ts_headline; never stored in a post's text. */
export const MARK_START = '\u27e6';
export const MARK_END = '\u27e7';

/** The text of a sanitized post (search and snippets): tags out, entities decoded, whitespace collapsed. */
export async function textOfPost(html: string): Promise<string> {
  const text = (await sanitizer())(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return (
    decodeEntities(text)
      // eslint-disable-next-line no-control-regex -- control characters and the hit marks stay out of the search text
      .replace(/[\u0000-\u001f\u007f\u27e6\u27e7]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function decodeEntities(s: string): string {
  return s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, d: string) => safeChar(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => safeChar(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

const safeChar = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A ts_headline snippet as HTML: everything escaped, then only the hit marks turned into <mark>.
 * So the snippet of a post holding '<script>' as text shows it as text.
 */
export function snippetHtml(headline: string): string {
  return escapeHtml(headline).replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>');
}
