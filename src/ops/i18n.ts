// The console's languages: the same nine as the app and the same choice (`?lang=`, then the stored one), but its own
// catalog (locales/<l>/ops.po), so none of the console's texts ship with the public app and none of the app's here.
import type { Messages } from '@lingui/core';
import type { Locale } from '../contract.ts';
import { setupI18nWith } from '../i18n/setup.ts';

export { activeLocale, switchLocale } from '../i18n/setup.ts';

async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../locales/${locale}/ops.po`);
  return messages;
}

export function setupOpsI18n(): Promise<Locale> {
  return setupI18nWith(loadMessages);
}
