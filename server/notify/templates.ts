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

/**
 * The owner's warning after many failed sign-ins on their account (texts in server.po: mail.login.alert.*,
 * sms.login.alert.body), in the language they last signed in with. It holds no secret.
 */
export function loginAlertMessage(
  messages: Messages,
  locale: Locale,
  channel: Channel,
  to: string,
  attempts: number,
  minutes: number,
): OutgoingMessage {
  const values = { product: PRODUCT_NAME, attempts, minutes };
  const text = messages.t(locale, channel === 'email' ? 'mail.login.alert.body' : 'sms.login.alert.body', values);
  return { channel, to, subject: messages.t(locale, 'mail.login.alert.subject', values), text, redactedText: text };
}
