// The nine interface languages. Shared by the web app and the server (contract module: no I/O, no server code).

export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'ja', 'th', 'ko', 'es', 'it', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The spec's short codes (§1) and common browser tags, mapped to our locales. */
export const LOCALE_ALIASES: Readonly<Record<string, Locale>> = {
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
  'zh-hans': 'zh-CN',
  tc: 'zh-TW',
  'zh-tw': 'zh-TW',
  'zh-hk': 'zh-TW',
  'zh-hant': 'zh-TW',
  jp: 'ja',
  ti: 'th',
  kr: 'ko',
  ep: 'es',
  il: 'it',
};

/** Native names, shown in the language switcher. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  th: 'ไทย',
  ko: '한국어',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
};

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Resolves a locale code, a spec alias or a BCP 47 tag (e.g. "pt-BR") to one of ours, or null. */
export function resolveLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const raw = value.trim();
  if (isLocale(raw)) return raw;
  const lower = raw.toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const alias = LOCALE_ALIASES[lower];
  if (alias) return alias;
  const base = lower.split(/[-_]/)[0] ?? '';
  if (base === 'zh') return lower.includes('tw') || lower.includes('hk') || lower.includes('hant') ? 'zh-TW' : 'zh-CN';
  return LOCALE_ALIASES[base] ?? LOCALES.find((l) => l === base) ?? null;
}

/** Picks the best locale from an Accept-Language header value. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((e) => e.tag && Number.isFinite(e.q) && e.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = resolveLocale(tag);
    if (locale) return locale;
  }
  return null;
}
