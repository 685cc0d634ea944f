// The content renderer (server/content/markdown.ts): Markdown in, only allow-listed HTML out. Known attack vectors
// one by one, then properties over generated bodies mixing markup, entities, schemes and controls: every tag in the
// output is one of ALLOWED_TAGS with ALLOWED_ATTRIBUTES, no `<script`, no on… attribute, no `javascript:` anywhere,
// every link and image URL decodes to http(s), mailto or a path of the site. Plus the summary maker and the limits
// (a pathologically nested body is shown as text, in bounded time).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, decodeEntities, renderMarkdown, safeUrl, summaryOf } from '../../../server/content/markdown.ts';
import { CONTENT_LIMITS } from '../../../server/contract/content.ts';

const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/y;
const ATTR = /\s+([a-z-]+)="([^"<>]*)"/g;

/** Every problem of the output: a `<` that is not an allowed tag, an attribute not allowed, a URL not safe. */
function problems(html: string): string[] {
  const out: string[] = [];
  if (/<script/i.test(html)) out.push('contains <script');
  if (/javascript:/i.test(html)) out.push('contains javascript:');
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (m === null) {
      out.push(`stray < at ${i}: ${JSON.stringify(html.slice(i, i + 40))}`);
      continue;
    }
    const [, close, name, attrs] = m as unknown as [string, string, string, string];
    if (!(ALLOWED_TAGS as readonly string[]).includes(name)) out.push(`tag ${name}`);
    if (close === '/' && attrs !== '') out.push(`attributes on </${name}>`);
    for (const a of attrs.matchAll(ATTR)) {
      const [, attr, value] = a as unknown as [string, string, string];
      if (attr.startsWith('on')) out.push(`handler ${attr}`);
      if (!(ALLOWED_ATTRIBUTES[name] ?? []).includes(attr)) out.push(`attribute ${attr} on ${name}`);
      const decoded = decodeEntities(value);
      if (/^(javascript|vbscript|data):/i.test(decoded.replace(/[\s\u0000-\u001f]/g, ''))) out.push(`script URL in ${attr}: ${decoded}`);
      if (attr === 'href' && !/^(https?:\/\/[^/\\]|mailto:|\/(?![/\\]))/i.test(decoded)) out.push(`href ${decoded}`);
      if (attr === 'src' && !/^(https?:\/\/[^/\\]|\/(?![/\\]))/i.test(decoded)) out.push(`src ${decoded}`);
      if (attr === 'target' && value !== '_blank') out.push(`target ${value}`);
    }
  }
  return out;
}

const clean = (md: string) => {
  const html = renderMarkdown(md);
  expect(problems(html), `${JSON.stringify(md)} → ${html}`).toEqual([]);
  return html;
};

describe('markdown renderer', () => {
  it('renders the allowed Markdown', () => {
    const html = clean(
      '# Title\n\nSome *em*, **strong**, ~~del~~ and `code<x>`.  \nNext line.\n\n> quoted\n\n1. one\n2. two\n\n- a\n- b\n\n---\n\n' +
        '| a | b |\n|:--|--:|\n| 1 | 2 |\n\n```ts\nconst a = 1 < 2 && "x";\n```\n\n[site](/help?x=1&y=2) [ext](https://example.com/a "T") [mail](mailto:help@example.com) ![logo](/logo.png "L")',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<del>del</del>');
    expect(html).toContain('<code>code&lt;x&gt;</code>');
    expect(html).toContain('<br>');
    expect(html).toContain('<blockquote>');
    expect(html).toMatch(/<ol>\s*<li>one<\/li>/);
    expect(html).toContain('<hr>');
    expect(html).toContain('<th align="left">a</th>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; &quot;x&quot;;</code></pre>');
    expect(html).toContain('<a href="/help?x=1&amp;y=2">site</a>');
    expect(html).toContain('<a href="https://example.com/a" title="T" rel="noopener noreferrer nofollow" target="_blank">ext</a>');
    expect(html).toContain('<a href="mailto:help@example.com">mail</a>');
    expect(html).toContain('<img src="/logo.png" alt="logo" title="L" loading="lazy">');
  });

  it('shows raw HTML as text and drops unsafe URLs to their text', () => {
    const cases: Array<[string, string]> = [
      ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
      ['hi <img src=x onerror=alert(1)> there', 'hi &lt;img src=x onerror=alert(1)&gt; there'],
      ['<svg/onload=alert(1)>', '&lt;svg/onload=alert(1)&gt;'],
      ['<a href="javascript:alert(1)">x</a>', '&lt;a href=&quot;javascript&#58;alert(1)&quot;&gt;x&lt;/a&gt;'],
      ['[x](javascript:alert(1))', '<p>x</p>'],
      ['[x](JaVaScRiPt:alert(1))', '<p>x</p>'],
      ['[x](jav&#x61;script:alert(1))', '<p>x</p>'],
      ['[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))', '<p>x</p>'],
      ['[x](javascript&colon;alert(1))', '<p>x</p>'],
      ['[x](java&Tab;script:alert(1))', '<p>x</p>'],
      ['[x](<java\nscript:alert(1)>)', ''],
      ['[x](vbscript:msgbox(1))', '<p>x</p>'],
      ['[x](data:text/html;base64,PHNjcmlwdD4=)', '<p>x</p>'],
      ['[x](//evil.example/path)', '<p>x</p>'],
      ['[x](/\\evil.example)', '<p>x</p>'],
      ['[x](http:/evil)', '<p>x</p>'],
      ['[x](relative/path)', '<p>x</p>'],
      ['<javascript:alert(1)>', '<p>javascript&#58;alert(1)</p>'],
      ['![a](javascript:alert(1))', '<p>a</p>'],
      ['![a](data:image/svg+xml;base64,PHN2Zz4=)', '<p>a</p>'],
      ['![a](mailto:x@y.z)', '<p>a</p>'],
      ['[x](https://ok.example "a\\" onmouseover=\\"alert(1)")', '<p><a href="https://ok.example" title="a&quot; onmouseover=&quot;alert(1)" rel="noopener noreferrer nofollow" target="_blank">x</a></p>'],
      ['[x]: javascript:alert(1)\n\n[y][x]', '<p>y</p>'],
      ['<!-- comment --><b>bold</b>', '&lt;!-- comment --&gt;&lt;b&gt;bold&lt;/b&gt;'],
      ['a\u0000b\u0007c', '<p>abc</p>'],
      // An autolink cut at the colon: "javascript" and ":" in neighbouring tokens (found by the property below).
      ['http://a.b\u202ejavascript:', '<p>http://a.b\u202ejavascript&#58;</p>'],
    ];
    for (const [md, expected] of cases) {
      const html = clean(md);
      if (expected !== '') expect(html, md).toContain(expected);
      expect(html.toLowerCase()).not.toContain('javascript:');
    }
  });

  it('decides URLs by what the browser would read', () => {
    expect(safeUrl('https://a.example/x?y=1', 'link', true)).toBe('https://a.example/x?y=1');
    expect(safeUrl('https://a.example/?a=1&amp;b=2', 'link', true)).toBe('https://a.example/?a=1&b=2');
    expect(safeUrl('/help', 'image', true)).toBe('/help');
    expect(safeUrl('mailto:a@b.c', 'image', true)).toBeNull();
    for (const bad of ['java\tscript:x', ' javascript:x', 'javascript:x', 'jav&#x09;ascript:x', '&#x6A;avascript:x', '\u0001javascript:x', 'https:// a', 'ftp://x', '//x', '/\\x', '#x', '']) {
      expect(safeUrl(bad, 'link', true), bad).toBeNull();
    }
  });

  it('holds for generated bodies mixing markup, entities, schemes and controls', () => {
    const pieces = [
      '<script>', '</script>', 'javascript:', 'jav&#x61;script:', '&#106;avascript:', 'JaVaScRiPt:', 'java\tscript:', 'vbscript:', 'data:text/html,',
      '[', ']', '(', ')', '![', '](', '<', '>', '"', "'", '&', ';', '#', '*', '_', '`', '```', '~~', '\n', '\n\n', ' ', '\t', '\u0000', '\u0007',
      'onerror=', 'onclick="x"', ' onload=alert(1)', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">', '<svg/onload=alert(1)>', '<iframe src=//x>',
      '<!--', '-->', '//evil.com', '/\\evil', '/ok', 'http://a.b', 'https://c.d/e?f=g&h=i', 'mailto:x@y', '&lt;', '&gt;', '&colon;', '&Tab;', '&#0;', '&#x110000;',
      ':', '|', '---', '> ', '- ', '1. ', '# ', '\\', 'x', 'é', '中文', 'ไทย', '\u2028', '\u202e', '[a]: javascript:x', '[a]', '<https://x.y>', '<javascript:x>',
      '"title"', ' "t")', '<b>', '</b>', '<style>', '<div style="x">', 'www.example.com', 'style=', 'href=',
    ];
    const body = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((p) => p.join(''));
    fc.assert(
      fc.property(body, (md) => {
        expect(problems(renderMarkdown(md)), md).toEqual([]);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (md) => {
        expect(problems(renderMarkdown(md)), md).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('shows a body nested past what marked can read as text, in bounded time', () => {
    for (const md of ['>'.repeat(CONTENT_LIMITS.body), `${'*'.repeat(5_000)}x${'*'.repeat(5_000)}`, Array.from({ length: 200 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')]) {
      const started = performance.now();
      const html = clean(md);
      expect(html.length).toBeGreaterThan(0);
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  });

  it('makes a plain-text summary of the first paragraph', () => {
    expect(summaryOf('# Heading\n\nFirst **bold** [link](https://x.y) and &copy; `code` <b>x</b>.\n\nSecond.')).toBe('First bold link and © code <b>x</b>.');
    expect(summaryOf('Only a heading?\n===')).toBe('Only a heading?');
    expect(summaryOf('')).toBe('');
    const long = summaryOf(`${'word '.repeat(300)}`);
    expect(long.length).toBeLessThanOrEqual(CONTENT_LIMITS.summary);
    expect(long.endsWith('…')).toBe(true);
    const thai = summaryOf('ไทย'.repeat(400));
    expect(thai.length).toBeLessThanOrEqual(CONTENT_LIMITS.summary);
    const astral = summaryOf('𝒜'.repeat(400));
    expect(astral.length).toBeLessThanOrEqual(CONTENT_LIMITS.summary);
    expect(/[\ud800-\udbff]…$/.test(astral)).toBe(false);
  });
});
