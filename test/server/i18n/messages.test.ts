// The nine server catalogues: complete, really translated, placeholders intact; fallback to English.
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, SUCCESS } from '../../../server/contract/errors.ts';
import { AREA_ERROR_CODES } from '../../../server/contract/errors.ts';
import { LOCALES, type Locale } from '../../../server/contract/locales.ts';
import { createMessages, loadCatalogs } from '../../../server/i18n/messages.ts';

const KEYS = [SUCCESS, ...ERROR_CODES, ...AREA_ERROR_CODES, 'mail.code.subject', 'mail.code.body', 'sms.code.body'];
const catalogs = loadCatalogs();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server catalogues', () => {
  it('exist for all nine languages', () => {
    expect([...catalogs.keys()].sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has every key, with the same placeholders as English', (locale) => {
    const catalog = catalogs.get(locale)!;
    const en = catalogs.get('en')!;
    for (const key of KEYS) {
      const text = catalog.get(key);
      expect(text, `${locale}: ${key}`).toBeTruthy();
      expect(placeholders(text!), `${locale}: ${key}`).toEqual(placeholders(en.get(key)!));
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is translated, not copied from English', (locale) => {
    const copies = KEYS.filter((key) => catalogs.get(locale)!.get(key) === catalogs.get('en')!.get(key));
    expect(copies).toEqual([]);
  });

  const SCRIPTS: Partial<Record<Locale, RegExp>> = {
    'zh-CN': /[\u4e00-\u9fff]/, 'zh-TW': /[\u4e00-\u9fff]/, ja: /[\u3040-\u30ff]/, th: /[\u0e00-\u0e7f]/, ko: /[\uac00-\ud7af]/,
  };
  it.each(Object.entries(SCRIPTS))('%s messages are written in its script', (locale, script) => {
    for (const key of KEYS) expect(catalogs.get(locale as Locale)!.get(key), key).toMatch(script);
  });

  it('uses traditional characters in zh-TW where zh-CN uses simplified ones', () => {
    expect(catalogs.get('zh-CN')!.get('login.user.not.login')).toBe('请先登录。');
    expect(catalogs.get('zh-TW')!.get('login.user.not.login')).toBe('請先登入。');
  });
});

describe('createMessages', () => {
  it('falls back to English for a missing message and reports it once', () => {
    const onMissing = vi.fn();
    const partial = new Map(catalogs);
    partial.set('ja', new Map([['success', '成功しました']]));
    const messages = createMessages(partial, onMissing);
    expect(messages.t('ja', 'success')).toBe('成功しました');
    expect(messages.t('ja', 'rate.limited', { retryAfter: 5 })).toBe('Too many attempts. Please try again in 5 seconds.');
    expect(messages.t('ja', 'rate.limited', { retryAfter: 6 })).toBe('Too many attempts. Please try again in 6 seconds.');
    expect(onMissing).toHaveBeenCalledTimes(1);
    expect(onMissing).toHaveBeenCalledWith('ja', 'rate.limited');
    expect(messages.has('ja', 'rate.limited')).toBe(false);
  });

  it('answers the key itself when even English lacks it', () => {
    const messages = createMessages(new Map(), () => undefined);
    expect(messages.t('ko', 'no.such.key')).toBe('no.such.key');
  });
});
