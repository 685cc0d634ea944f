// Every message the exchange sends carries the recipient's anti-phishing code when they set one (issue 21): a
// notifier that adds it, wrapped around the real one in the app (gateway/app.ts) and the admin channel, so no
// sender can forget it. The recipient is looked up by the address (e-mail or phone) the message goes to, and the
// line ("Your anti-phishing code: Abc_123") opens the text, in the language they last signed in with. Codes, alerts
// and security e-mails alike: a message without the line (or with another) did not come from us. The code is
// meant to be read by the user, so it stays in the outbox's redacted text too. Its rule (at least one letter,
// contract/security.ts) keeps it from ever passing for the 6-digit verification code next to it.
import { DEFAULT_LOCALE, resolveLocale } from '../contract/locales.ts';
import { createMessages, type Messages } from '../i18n/messages.ts';
import type { Store } from '../store/index.ts';
import type { Notifier } from './notifier.ts';

let shared: Messages | null = null;

export function withAntiPhishing(notifier: Notifier, store: Store, messages?: Messages): Notifier {
  const texts = () => messages ?? (shared ??= createMessages());
  return {
    async send(message) {
      const found = await store.security.antiPhishingFor(message.channel, message.to);
      if (found === null) return notifier.send(message);
      const locale = resolveLocale(await store.userLocales.get(found.userId)) ?? DEFAULT_LOCALE;
      const line = texts().t(locale, 'mail.antiPhishing', { code: found.code });
      return notifier.send({ ...message, text: `${line}\n\n${message.text}`, redactedText: `${line}\n\n${message.redactedText}` });
    },
    close: () => notifier.close(),
  };
}
