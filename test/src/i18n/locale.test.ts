import { describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY, pickLocale, storeLocale, urlWithoutLang } from '../../../src/i18n/locale.ts';
import { MemoryStorage } from '../support.ts';

describe('locale resolution and storage', () => {
  it('defaults to English', () => {
    expect(pickLocale(new MemoryStorage(), '')).toBe('en');
    expect(pickLocale(null, '')).toBe('en');
  });

  it('uses the stored choice', () => {
    const storage = new MemoryStorage();
    storeLocale(storage, 'ko');
    expect(storage.getItem(LANG_STORAGE_KEY)).toBe('ko');
    expect(pickLocale(storage, '')).toBe('ko');
  });

  it('accepts the spec short codes from ?lang= and remembers them', () => {
    const cases: Array<[string, string]> = [
      ['zh', 'zh-CN'],
      ['tc', 'zh-TW'],
      ['jp', 'ja'],
      ['ti', 'th'],
      ['kr', 'ko'],
      ['ep', 'es'],
      ['il', 'it'],
      ['pt', 'pt'],
      ['en', 'en'],
      ['pt-BR', 'pt'],
      ['zh-Hant', 'zh-TW'],
    ];
    for (const [code, locale] of cases) {
      const storage = new MemoryStorage();
      expect(pickLocale(storage, `?lang=${code}`), code).toBe(locale);
      expect(storage.getItem(LANG_STORAGE_KEY)).toBe(locale);
    }
  });

  it('lets ?lang= win over the stored choice, and ignores an unknown one', () => {
    const storage = new MemoryStorage();
    storeLocale(storage, 'it');
    expect(pickLocale(storage, '?lang=jp')).toBe('ja');
    expect(pickLocale(storage, '?lang=klingon')).toBe('ja');
  });

  it('ignores a stored value that is not a locale', () => {
    const storage = new MemoryStorage();
    storage.setItem(LANG_STORAGE_KEY, 'xx');
    expect(pickLocale(storage, '')).toBe('en');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem(): string | null {
        throw new Error('denied');
      },
      setItem(): void {
        throw new Error('denied');
      },
      removeItem(): void {},
    };
    expect(pickLocale(broken, '?lang=kr')).toBe('ko');
    expect(pickLocale(broken, '')).toBe('en');
  });

  it('drops ?lang= from the URL to reload after a switch', () => {
    expect(urlWithoutLang('https://x.test/commin?active=2&lang=jp#top')).toBe('https://x.test/commin?active=2#top');
    expect(urlWithoutLang('https://x.test/?lang=jp')).toBe('https://x.test/');
  });
});
