// Markdown → the only HTML a content page ever shows (issue 25). marked reads the operator's Markdown into tokens;
// this file writes the HTML itself, from an allow-list, and nothing else reaches the output:
//
// - tags: h1–h6, p, em, strong, del, code, pre, ul, ol, li, blockquote, hr, table, thead, tbody, tr, th, td, a, img,
//   br; attributes: href, title, rel, target on a; src, alt, title on img; start on ol; class="language-x" on code;
//   align on th/td. Nothing else is ever written: no style, no id, no on… handler, no raw HTML;
// - every text is escaped (`<`, `>`, quotes, and `&` unless it starts a character reference, which the browser
//   shows as that character: text either way). The colon of "script:" in text is written as a character reference,
//   so the output never carries the letters `javascript:` even as harmless text;
// - raw HTML in the Markdown (a block or an inline tag) is shown as the text it is;
// - a link or image URL is decoded as the browser would (character references), and kept only when it then is
//   http:, https:, mailto: (links) or a path of this site (`/…`, not `//…` or `/\…`), with no control character or
//   whitespace in it. Anything else (javascript:, data:, vbscript:, `jav&#x61;script:`, a tab or NUL inside the
//   scheme, a protocol-relative URL) is dropped: the link becomes its text, the image its alt text. What is written
//   in the attribute is escaped in full (and "script:" as above), so what the browser reads back is exactly the URL
//   that was checked;
// - external links (http, https) open in a new tab with rel="noopener noreferrer nofollow".
//
// Nesting deeper than MAX_DEPTH is flattened to text; a body so nested that marked's own recursion runs out of stack
// (tens of thousands of `>` or `*`) is shown as escaped paragraphs.
import { Lexer, type MarkedToken, type Token, type Tokens } from 'marked';
import { CONTENT_LIMITS } from '../contract/content.ts';

/** Blocks and inlines nested deeper than this are written as their text. */
export const MAX_DEPTH = 24;

/** The tags the renderer writes (tests check the output against this). */
export const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'em', 'strong', 'del', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img', 'br',
] as const;

/** The attributes each tag may carry. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'loading'],
  ol: ['start'],
  code: ['class'],
  th: ['align'],
  td: ['align'],
};

const EXTERNAL_REL = 'noopener noreferrer nofollow';

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. NUL can't even be stored in PostgreSQL text.
const STRIP = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const CHAR_REF = /^&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/;

/** Full escaping, for attributes and code: what the browser decodes is exactly `s`. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}

/** "script:" → "script&#58;": shown the same, never the letters of a javascript: URL. */
const defuse = (s: string) => s.replace(/script:/gi, (m) => `${m.slice(0, -1)}&#58;`);

/** Text: escaped, keeping character references (`&copy;`) that marked leaves for the browser to show. */
function escapeText(s: string): string {
  let out = '';
  let from = 0;
  for (let i = s.indexOf('&'); i >= 0; i = s.indexOf('&', i + 1)) {
    out += escapeHtml(s.slice(from, i));
    out += CHAR_REF.test(s.slice(i, i + 40)) ? '&' : '&amp;';
    from = i + 1;
  }
  return defuse(out + escapeHtml(s.slice(from)));
}

const escapeCode = (s: string) => defuse(escapeHtml(s));

// The few named references a URL or title plausibly carries (and the ones used to hide a scheme); numeric ones
// are decoded in full. An unknown name stays as it is: escaped, the browser then reads it as those letters.
const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/',
  bsol: '\\', num: '#', percnt: '%', quest: '?', equals: '=', lpar: '(', rpar: ')', period: '.', comma: ',', excl: '!',
  commat: '@', copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', middot: '·', bull: '•', times: '×', divide: '÷', deg: '°', euro: '€', yen: '¥', pound: '£', cent: '¢',
};

/** Decodes character references as a browser would in an attribute (numeric in full, the common names). */
export function decodeEntities(s: string): string {
  return s.replace(/&(?:#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) {
      if (!whole.endsWith(';')) return whole;
      return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole;
    }
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

export type UrlUse = 'link' | 'image';

/**
 * The URL to write, or null when it may not be used: after decoding, http(s) (and mailto for links) or a path of
 * this site, without controls or whitespace anywhere (a browser drops tabs and newlines inside a URL, which is how
 * `java\tscript:` hides).
 */
export function safeUrl(href: string, use: UrlUse, decode: boolean): string | null {
  const url = decode ? decodeEntities(href) : href;
  if (url === '' || url.length > 2048) return null;
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\ufff0-\uffff]/.test(url)) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  const lower = url.toLowerCase();
  if (lower.startsWith('https://') || lower.startsWith('http://')) {
    // A host must follow: `http:/x` or `https:///x` are not what they look like.
    return /^https?:\/\/[^/\\?#@]/i.test(url) ? url : null;
  }
  if (use === 'link' && lower.startsWith('mailto:') && url.length > 7) return url;
  return null;
}

const isExternal = (url: string) => /^https?:/i.test(url);

interface Ctx {
  depth: number;
}

function inline(tokens: readonly Token[] | undefined, ctx: Ctx): string {
  if (tokens === undefined) return '';
  if (ctx.depth > MAX_DEPTH) return escapeText(plainOf(tokens));
  ctx.depth++;
  let out = '';
  for (const t of tokens) out += inlineToken(t, ctx);
  ctx.depth--;
  return out;
}

function inlineToken(token: Token, ctx: Ctx): string {
  const t = token as MarkedToken;
  switch (t.type) {
    case 'text':
      return t.tokens !== undefined && t.tokens.length > 0 ? inline(t.tokens, ctx) : escapeText(t.text);
    case 'escape':
      return escapeCode(t.text);
    case 'strong':
      return `<strong>${inline(t.tokens, ctx)}</strong>`;
    case 'em':
      return `<em>${inline(t.tokens, ctx)}</em>`;
    case 'del':
      return `<del>${inline(t.tokens, ctx)}</del>`;
    case 'codespan':
      return `<code>${escapeCode(t.text)}</code>`;
    case 'br':
      return '<br>';
    case 'link': {
      const url = safeUrl(t.href, 'link', t.autolink !== true);
      const inner = inline(t.tokens, ctx);
      if (url === null) return inner;
      const title = t.title ? ` title="${escapeCode(decodeEntities(t.title))}"` : '';
      const external = isExternal(url) ? ` rel="${EXTERNAL_REL}" target="_blank"` : '';
      return `<a href="${escapeCode(url)}"${title}${external}>${inner}</a>`;
    }
    case 'image': {
      const url = safeUrl(t.href, 'image', true);
      const alt = decodeEntities(plainOf(t.tokens.length > 0 ? t.tokens : [{ type: 'text', raw: t.text, text: t.text }]));
      if (url === null) return escapeText(alt);
      const title = t.title ? ` title="${escapeCode(decodeEntities(t.title))}"` : '';
      return `<img src="${escapeCode(url)}" alt="${escapeCode(alt)}"${title} loading="lazy">`;
    }
    case 'checkbox':
      return t.checked ? '☑ ' : '☐ ';
    case 'html':
      // An inline tag the operator typed: shown as the text it is.
      return escapeCode(t.text);
    default:
      return escapeText(typeof token.raw === 'string' ? token.raw : '');
  }
}

const ALIGN = new Set(['left', 'center', 'right']);

function cell(tag: 'th' | 'td', c: Tokens.TableCell, ctx: Ctx): string {
  const align = c.align !== null && ALIGN.has(c.align) ? ` align="${c.align}"` : '';
  return `<${tag}${align}>${inline(c.tokens, ctx)}</${tag}>`;
}

function blocks(tokens: readonly Token[], ctx: Ctx): string {
  if (ctx.depth > MAX_DEPTH) return `<p>${escapeText(plainOf(tokens))}</p>`;
  ctx.depth++;
  let out = '';
  for (const token of tokens) out += block(token, ctx);
  ctx.depth--;
  return out;
}

function block(token: Token, ctx: Ctx): string {
  const t = token as MarkedToken;
  switch (t.type) {
    case 'space':
    case 'def':
      return '';
    case 'heading': {
      const depth = Math.min(6, Math.max(1, Math.trunc(t.depth)));
      return `<h${depth}>${inline(t.tokens, ctx)}</h${depth}>\n`;
    }
    case 'paragraph':
      return `<p>${inline(t.tokens, ctx)}</p>\n`;
    case 'text':
      // A tight list item's text (with its inline tokens).
      return t.tokens !== undefined && t.tokens.length > 0 ? inline(t.tokens, ctx) : escapeText(t.text);
    case 'code': {
      const lang = t.lang !== undefined && /^[A-Za-z0-9_+-]{1,20}$/.test(t.lang) ? ` class="language-${t.lang}"` : '';
      return `<pre><code${lang}>${escapeCode(t.text)}</code></pre>\n`;
    }
    case 'blockquote':
      return `<blockquote>\n${blocks(t.tokens, ctx)}</blockquote>\n`;
    case 'hr':
      return '<hr>\n';
    case 'list': {
      const tag = t.ordered ? 'ol' : 'ul';
      const start = t.ordered && typeof t.start === 'number' && t.start !== 1 && Number.isSafeInteger(t.start) && t.start >= 0 ? ` start="${t.start}"` : '';
      let items = '';
      for (const item of t.items) items += `<li>${blocks(item.tokens, ctx)}</li>\n`;
      return `<${tag}${start}>\n${items}</${tag}>\n`;
    }
    case 'list_item':
      return `<li>${blocks(t.tokens, ctx)}</li>\n`;
    case 'table': {
      const head = `<tr>${t.header.map((c) => cell('th', c, ctx)).join('')}</tr>`;
      const rows = t.rows.map((r) => `<tr>${r.map((c) => cell('td', c, ctx)).join('')}</tr>`).join('\n');
      return `<table>\n<thead>\n${head}\n</thead>\n${rows === '' ? '' : `<tbody>\n${rows}\n</tbody>\n`}</table>\n`;
    }
    case 'html':
      // Raw HTML the operator typed: shown as the text it is, in its own paragraph.
      return `<p>${escapeCode(t.text.trim())}</p>\n`;
    default:
      return inlineToken(token, ctx);
  }
}

/** The visible text of tokens (link texts, image alts, code), without markup. */
function plainOf(tokens: readonly Token[]): string {
  let out = '';
  for (const token of tokens) {
    const t = token as MarkedToken;
    switch (t.type) {
      case 'space':
      case 'def':
        out += ' ';
        break;
      case 'br':
      case 'hr':
        out += ' ';
        break;
      case 'checkbox':
        break;
      case 'image':
        out += t.text;
        break;
      case 'list':
        out += plainOf(t.items);
        break;
      case 'table':
        out += [...t.header, ...t.rows.flat()].map((c) => plainOf(c.tokens)).join(' ');
        break;
      case 'code':
      case 'codespan':
      case 'escape':
      case 'html':
        out += t.text;
        break;
      default: {
        const inner = (t as { tokens?: Token[] }).tokens;
        if (inner !== undefined && inner.length > 0) out += plainOf(inner);
        else out += typeof (t as { text?: unknown }).text === 'string' ? (t as { text: string }).text : '';
        if (t.type === 'paragraph' || t.type === 'heading' || t.type === 'list_item' || t.type === 'blockquote') out += ' ';
      }
    }
  }
  return out;
}

/** The Markdown as stored: without the control characters nothing shows (NUL can't even be stored in PostgreSQL). */
export function cleanMarkdown(markdown: string): string {
  return markdown.replace(STRIP, '');
}

function lex(markdown: string): Token[] {
  // gfm: tables, strikethrough, autolinks; no `breaks` (a single newline is a space, as in CommonMark).
  return new Lexer({ gfm: true, breaks: false }).lex(markdown.replace(STRIP, ''));
}

/** Paragraphs of escaped text: what a body marked can't read (nesting that exhausts the stack) is shown as. */
function asText(markdown: string): string {
  return markdown
    .replace(STRIP, '')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeCode(p)}</p>`)
    .join('\n');
}

/** The sanitized HTML of the operator's Markdown. */
export function renderMarkdown(markdown: string): string {
  try {
    // Once more over the whole: "javascript" and ":" can be neighbouring tokens (an autolink cut at the colon).
    return defuse(blocks(lex(markdown), { depth: 0 }).trim());
  } catch (error) {
    // Thousands of nested quotes or emphasis markers overflow marked's recursion: the body is shown as text.
    if (error instanceof RangeError) return asText(markdown);
    throw error;
  }
}

/** Character references decoded for plain text, whitespace collapsed. */
const plainText = (s: string) => decodeEntities(s).replace(/\s+/g, ' ').trim();

/**
 * A plain-text summary for an article whose editor left it empty: the first paragraph (or, with none, the first
 * heading or text there is), at most `max` characters (cut at a word where one is near, with an ellipsis).
 */
export function summaryOf(markdown: string, max: number = CONTENT_LIMITS.summary): string {
  let tokens: Token[];
  try {
    tokens = lex(markdown);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    tokens = [{ type: 'text', raw: markdown, text: markdown.replace(STRIP, '') }];
  }
  const first = tokens.find((t) => t.type === 'paragraph') ?? tokens.find((t) => t.type !== 'space' && t.type !== 'def' && t.type !== 'hr');
  const text = first === undefined ? '' : plainText(plainOf([first]));
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // Cut at a word boundary when one is near the end (CJK and Thai have no spaces: cut where the limit is).
  const head = space > max * 0.7 ? cut.slice(0, space) : cut;
  // Never split a surrogate pair.
  const safe = /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
  return `${safe.trimEnd()}…`;
}
