// The console's languages: the same nine as the app and the same choice (`?lang=`, then the stored one), but its own
// catalog (locales/<l>/ops.po), so none of the console's texts ship with the public app and none of the app's here.
import { i18n } from '@lingui/core';
import { isLocale, type Locale } from '../contract.ts';
import { pickLocale, storeLocale, urlWithoutLang } from '../i18n/locale.ts';
import { browserStorage } from '../state/storage.ts';

async function loadMessages(locale: Locale) {
  const { messages } = await import(`../../locales/${locale}/ops.po`);
  return messages;
}

export async function setupOpsI18n(): Promise<Locale> {
  const locale = pickLocale(browserStorage(), window.location.search);
  // A missing id is a bug (the catalog out of step with the code); the browser tests fail on console errors.
  i18n.on('missing', ({ id, locale: missingIn }) => {
    console.error(`[i18n] missing message "${id}" in locale ${missingIn}`);
  });
  i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
  document.documentElement.lang = locale;
  return locale;
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** Stores the choice and reloads, so every text and the server's replies come in the new language. */
export function switchLocale(locale: Locale): void {
  storeLocale(browserStorage(), locale);
  const next = urlWithoutLang(window.location.href);
  if (next === window.location.href) window.location.reload();
  else window.location.replace(next);
}
