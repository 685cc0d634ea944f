// The verification-code message in the user's language (texts in server.po: mail.code.*, sms.code.body).
import { PRODUCT_NAME, type Channel } from '../contract/api.ts';
import type { Locale } from '../contract/locales.ts';
import type { Messages } from '../i18n/messages.ts';
import type { OutgoingMessage } from './notifier.ts';

export function codeMessage(
  messages: Messages,
  locale: Locale,
  channel: Channel,
  to: string,
  code: string,
  minutes: number,
): OutgoingMessage {
  const values = { product: PRODUCT_NAME, code, minutes };
  const masked = { ...values, code: '******' };
  const key = channel === 'email' ? 'mail.code.body' : 'sms.code.body';
  return {
    channel,
    to,
    subject: messages.t(locale, 'mail.code.subject', values),
    text: messages.t(locale, key, values),
    redactedText: messages.t(locale, key, masked),
  };
}
