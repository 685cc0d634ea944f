// The demo's first-start content (issue 25): every article complete in the nine languages, in the right scripts,
// within the editor's limits, without raw HTML, and linking only to routes the web app has.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLE_KINDS, CONTENT_LIMITS, HELP_CATEGORIES, PAGE_SLUGS } from '../../../server/contract/content.ts';
import { LOCALES, type Locale } from '../../../server/contract/locales.ts';
import { DEMO_ARTICLES, type DemoArticle } from '../../../server/content/demo/index.ts';
import { checkPlacement, checkText } from '../../../server/content/service.ts';

const ROUTES_FILE = resolve(import.meta.dirname, '../../../src/app/routes.tsx');

/** The web app's paths, read from the route tree itself so a renamed route fails here. */
function appPaths(): Set<string> {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const paths = new Set<string>();
  for (const m of source.matchAll(/\bpath:\s*'([^']*)'/g)) {
    const path = m[1]!;
    paths.add(path.startsWith('/') ? path : `/${path}`);
  }
  return paths;
}

const LINK = /\]\(([^)\s]*)\)/g;

function links(markdown: string): string[] {
  return [...markdown.matchAll(LINK)].map((m) => m[1]!);
}

function count(text: string, re: RegExp): number {
  return (text.match(re) ?? []).length;
}

const LETTER = /\p{L}/gu;
const HAN = /\p{Script=Han}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HANGUL = /\p{Script=Hangul}/gu;
const THAI = /\p{Script=Thai}/gu;

/** Characters written one way in simplified and another in traditional Chinese (common in these texts). */
const SIMPLIFIED_ONLY =
  '这们为时个说过对会发进关门问间现还开动实让买卖价钱账币资额计单数据证录码户页险设约结亏损杠网络链验订级费务协议隐认识读写记见应经样么带转输显连选择条论请线总换汇权种';
const TRADITIONAL_ONLY =
  '這們為時個說過對會發進關門問間現還開動實讓買賣價錢帳幣資額計單數據證錄碼戶頁險設約結虧損槓網絡鏈驗訂級費務協議隱認識讀寫記見應經樣麼帶轉輸顯連選擇條論請線總換匯權種';

function share(text: string, script: RegExp): number {
  const letters = count(text, LETTER);
  return letters === 0 ? 0 : count(text, script) / letters;
}

function words(markdown: string): number {
  return markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function label(a: DemoArticle, locale?: Locale): string {
  return locale ? `${a.seedKey} [${locale}]` : a.seedKey;
}

describe('demo articles', () => {
  it('has every kind, unique seed keys and sensible metadata', () => {
    expect(DEMO_ARTICLES.length).toBeGreaterThan(20);
    const keys = DEMO_ARTICLES.map((a) => a.seedKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of DEMO_ARTICLES) {
      expect(ARTICLE_KINDS, label(a)).toContain(a.kind);
      expect(a.seedKey, label(a)).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
      if (a.ageDays !== undefined) {
        expect(Number.isInteger(a.ageDays) && a.ageDays >= 0 && a.ageDays <= 20, label(a)).toBe(true);
      }
      if (a.kind === 'page') expect(PAGE_SLUGS, label(a)).toContain(a.slug);
      else expect(a.slug, label(a)).toBeUndefined();
      if (a.kind === 'help') expect(HELP_CATEGORIES, label(a)).toContain(a.category);
      else expect(a.category, label(a)).toBeUndefined();
      if (a.kind !== 'announcement') expect(a.pinned ?? false, label(a)).toBe(false);
    }
  });

  it('has at least 4 announcements, one pinned, spread over 0 to 20 days', () => {
    const notices = DEMO_ARTICLES.filter((a) => a.kind === 'announcement');
    expect(notices.length).toBeGreaterThanOrEqual(4);
    expect(notices.filter((a) => a.pinned).length).toBe(1);
    const ages = notices.map((a) => a.ageDays ?? 0);
    expect(new Set(ages).size).toBe(ages.length);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThanOrEqual(10);
  });

  it('has at least 2 help articles in each category and 3 information articles', () => {
    for (const category of HELP_CATEGORIES) {
      const n = DEMO_ARTICLES.filter((a) => a.kind === 'help' && a.category === category).length;
      expect(n, category).toBeGreaterThanOrEqual(2);
    }
    expect(DEMO_ARTICLES.filter((a) => a.kind === 'information').length).toBeGreaterThanOrEqual(3);
  });

  it('has exactly one article for each fixed page', () => {
    for (const slug of PAGE_SLUGS) {
      expect(DEMO_ARTICLES.filter((a) => a.kind === 'page' && a.slug === slug).length, slug).toBe(1);
    }
  });

  it('is written in all nine languages, within the limits', () => {
    for (const a of DEMO_ARTICLES) {
      expect(Object.keys(a.texts).sort(), label(a)).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) {
        const t = a.texts[locale];
        const where = label(a, locale);
        expect(t.title.trim(), where).not.toBe('');
        expect(t.summary.trim(), where).not.toBe('');
        expect(t.markdown.trim(), where).not.toBe('');
        expect(t.title.length, where).toBeLessThanOrEqual(80);
        expect(t.summary.length, where).toBeLessThanOrEqual(200);
        expect(t.title.length, where).toBeLessThanOrEqual(CONTENT_LIMITS.title);
        expect(t.markdown.length, where).toBeLessThanOrEqual(CONTENT_LIMITS.body);
        expect(t.title, where).not.toMatch(/\n/);
      }
    }
  });

  it('has English bodies of 120 to 400 words', () => {
    for (const a of DEMO_ARTICLES) {
      const n = words(a.texts.en.markdown);
      expect(n, `${label(a)}: ${n} words`).toBeGreaterThanOrEqual(120);
      expect(n, `${label(a)}: ${n} words`).toBeLessThanOrEqual(400);
    }
  });

  it('writes every language in its own script', () => {
    for (const a of DEMO_ARTICLES) {
      for (const locale of ['zh-CN', 'zh-TW'] as const) {
        const t = a.texts[locale];
        const where = label(a, locale);
        expect(share(t.markdown, HAN), where).toBeGreaterThan(0.5);
        expect(count(t.title, HAN), where).toBeGreaterThan(0);
        expect(count(t.summary, HAN), where).toBeGreaterThan(0);
        expect(count(t.markdown + t.summary, KANA), where).toBe(0);
        const wrong = locale === 'zh-CN' ? TRADITIONAL_ONLY : SIMPLIFIED_ONLY;
        const found = [...(t.title + t.summary + t.markdown)].filter((c) => wrong.includes(c));
        expect(found.join(''), where).toBe('');
      }
      const ja = a.texts.ja;
      expect(share(ja.markdown, new RegExp(`${HAN.source}|${KANA.source}`, 'gu')), label(a, 'ja')).toBeGreaterThan(0.5);
      expect(share(ja.markdown, KANA), label(a, 'ja')).toBeGreaterThan(0.15);
      expect(count(ja.summary, KANA), label(a, 'ja')).toBeGreaterThan(0);
      expect(share(a.texts.ko.markdown, HANGUL), label(a, 'ko')).toBeGreaterThan(0.5);
      expect(count(a.texts.ko.title + a.texts.ko.summary, HANGUL), label(a, 'ko')).toBeGreaterThan(0);
      expect(share(a.texts.th.markdown, THAI), label(a, 'th')).toBeGreaterThan(0.5);
      expect(count(a.texts.th.title, THAI) + count(a.texts.th.summary, THAI), label(a, 'th')).toBeGreaterThan(0);
      for (const locale of ['es', 'it', 'pt'] as const) {
        const t = a.texts[locale];
        expect(t.markdown, label(a, locale)).not.toBe(a.texts.en.markdown);
        expect(t.summary, label(a, locale)).not.toBe(a.texts.en.summary);
      }
      expect(a.texts['zh-TW'].markdown, label(a)).not.toBe(a.texts['zh-CN'].markdown);
    }
  });

  it('translates the same structure: headings, links and table rows match English', () => {
    const shape = (md: string) => ({
      headings: md.split('\n').filter((l) => /^#{1,6} /.test(l)).length,
      tableRows: md.split('\n').filter((l) => l.startsWith('|')).length,
      listItems: md.split('\n').filter((l) => /^(\s*[-*] |\s*\d+\. )/.test(l)).length,
      links: links(md),
    });
    for (const a of DEMO_ARTICLES) {
      const en = shape(a.texts.en.markdown);
      for (const locale of LOCALES) {
        expect(shape(a.texts[locale].markdown), label(a, locale)).toEqual(en);
      }
    }
  });

  it('has no raw HTML, and links only to the site\'s own routes or the web', () => {
    const paths = appPaths();
    expect(paths.has('/helpCenter')).toBe(true);
    for (const a of DEMO_ARTICLES) {
      for (const locale of LOCALES) {
        const t = a.texts[locale];
        const where = label(a, locale);
        for (const text of [t.title, t.summary, t.markdown]) expect(text, where).not.toContain('<');
        for (const target of links(t.markdown)) {
          if (target.startsWith('/')) {
            const path = target.split(/[?#]/)[0]!;
            expect(paths.has(path), `${where}: ${target}`).toBe(true);
          } else {
            expect(target, where).toMatch(/^(https:\/\/|mailto:)/);
          }
        }
      }
    }
  });

  it('passes the editor\'s checks and renders as written through the server\'s Markdown renderer', () => {
    for (const a of DEMO_ARTICLES) {
      expect(() => checkPlacement(a.kind, a.category ?? null, a.slug ?? null), label(a)).not.toThrow();
      for (const locale of LOCALES) {
        const t = a.texts[locale];
        const where = label(a, locale);
        const { bodyHtml: html, summary, title } = checkText(locale, t.title, t.summary, t.markdown);
        expect(title, where).toBe(t.title);
        expect(summary, where).toBe(t.summary);
        const lines = t.markdown.split('\n');
        expect(count(html, /<h2>/g), where).toBe(lines.filter((l) => l.startsWith('## ')).length);
        expect(html.includes('<table>'), where).toBe(lines.some((l) => l.startsWith('|')));
        for (const target of links(t.markdown)) expect(html, where).toContain(`href="${target}"`);
        // Emphasis that CommonMark's flanking rules left unparsed (e.g. "**…。**" followed by a letter) shows as stars.
        expect(html, where).not.toMatch(/\*\*|__/);
        expect(count(html, /<strong>/g), where).toBe(count(t.markdown, /\*\*/g) / 2);
      }
    }
  });

  it('is plain data: JSON round-trips it unchanged', () => {
    expect(JSON.parse(JSON.stringify(DEMO_ARTICLES))).toEqual(DEMO_ARTICLES);
  });
});
