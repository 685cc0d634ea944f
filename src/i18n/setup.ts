// Loads the active language's catalog before the first render (one lazily loaded chunk per language).
import { i18n, type Messages } from '@lingui/core';
import { isLocale, type Locale } from '../contract.ts';
import { pickLocale, storeLocale, urlWithoutLang } from './locale.ts';
import { browserStorage } from '../state/storage.ts';

async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}

export function setupI18n(): Promise<Locale> {
  return setupI18nWith(loadMessages);
}

/** Picks the language (`?lang=`, then the stored choice) and activates it with `load`'s catalog: the app's, or the
 *  operator console's own (src/ops/i18n.ts), each a lazily loaded chunk of its own. */
export async function setupI18nWith(load: (locale: Locale) => Promise<Messages>): Promise<Locale> {
  const locale = pickLocale(browserStorage(), window.location.search);
  // A missing id is a bug (a catalog out of step with the code); the browser tests fail on console errors.
  i18n.on('missing', ({ id, locale: missingIn }) => {
    console.error(`[i18n] missing message "${id}" in locale ${missingIn}`);
  });
  i18n.loadAndActivate({ locale, messages: await load(locale) });
  document.documentElement.lang = locale;
  return locale;
}

/** The active locale, for request headers. */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** Stores the choice and reloads, so every module and the server's replies start in the new language. */
export function switchLocale(locale: Locale): void {
  storeLocale(browserStorage(), locale);
  const next = urlWithoutLang(window.location.href);
  if (next === window.location.href) window.location.reload();
  else window.location.replace(next);
}
