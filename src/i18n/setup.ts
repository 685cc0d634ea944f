// Loads the active language's catalog before the first render (one lazily loaded chunk per language).
import { i18n } from '@lingui/core';
import { isLocale, type Locale } from '../contract.ts';
import { pickLocale, storeLocale, urlWithoutLang } from './locale.ts';
import { browserStorage } from '../state/storage.ts';

async function loadMessages(locale: Locale) {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}

export async function setupI18n(): Promise<Locale> {
  const locale = pickLocale(browserStorage(), window.location.search);
  // A missing id is a bug (a catalog out of step with the code); the browser tests fail on console errors.
  i18n.on('missing', ({ id, locale: missingIn }) => {
    console.error(`[i18n] missing message "${id}" in locale ${missingIn}`);
  });
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
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
