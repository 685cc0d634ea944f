// The message telling a user an operator reviewed their identity document (texts in server.po:
// mail.kyc.approved.*, mail.kyc.rejected.*), in the language they last signed in with. The reason is the operator's,
// as written; the message holds no secret (redactedText = text).
import { PRODUCT_NAME } from '../../contract/api.ts';
import { DEFAULT_LOCALE, resolveLocale } from '../../contract/locales.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { OutgoingMessage } from '../../notify/notifier.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';

export async function reviewMessage(
  deps: { store: Store; messages: Messages },
  user: UserRow,
  decision: 'approved' | 'rejected',
  reason: string,
): Promise<OutgoingMessage | null> {
  const channel = user.email ? 'email' : user.phone ? 'phone' : null;
  if (channel === null) return null;
  const locale = resolveLocale(await deps.store.userLocales.get(user.id)) ?? DEFAULT_LOCALE;
  const values = { product: PRODUCT_NAME, reason };
  const text = deps.messages.t(locale, `mail.kyc.${decision}.body`, values);
  return {
    channel,
    to: (channel === 'email' ? user.email : user.phone) ?? '',
    subject: deps.messages.t(locale, `mail.kyc.${decision}.subject`, values),
    text,
    redactedText: text,
  };
}
