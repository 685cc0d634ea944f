// The security messages of withdrawals (texts in server.po: mail.withdrawal.applied|rejected|sent.subject|body): to
// the account's e-mail, else its phone, in the language the user last signed in with. They go through the notifier
// the caller gives, which must be the anti-phishing one (notify/anti-phishing.ts), so each carries the user's code.
// A message failing to send never undoes the withdrawal's step: it is logged by the notifier's outbox.
import { PRODUCT_NAME } from '../contract/api.ts';
import { DEFAULT_LOCALE, resolveLocale } from '../contract/locales.ts';
import type { Messages } from '../i18n/messages.ts';
import { DECIMALS, formatDecimal } from '../kernel/index.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Store } from '../store/index.ts';
import type { WithdrawalRow } from '../store/wallet.ts';

export type WithdrawalMail = 'applied' | 'rejected' | 'sent';

export interface MailDeps {
  readonly store: Store;
  readonly messages: Messages;
  readonly notifier: Notifier;
}

const text = (v: bigint) => formatDecimal(v, DECIMALS, true);

/** Tells the withdrawal's owner about it; returns whether a message was handed to the notifier. */
export async function tellWithdrawal(deps: MailDeps, w: WithdrawalRow, kind: WithdrawalMail): Promise<boolean> {
  const user = await deps.store.users.findById(w.user);
  if (user === undefined) return false;
  const channel = user.email ? 'email' : user.phone ? 'phone' : null;
  if (channel === null) return false;
  const locale = resolveLocale(await deps.store.userLocales.get(w.user)) ?? DEFAULT_LOCALE;
  const values = {
    product: PRODUCT_NAME, id: String(w.id), amount: text(w.amount), fee: text(w.fee), received: text(w.amount - w.fee), asset: w.asset,
    network: w.network, address: w.address, reason: w.reason ?? '', txHash: w.txHash ?? '',
  };
  const body = deps.messages.t(locale, `mail.withdrawal.${kind}.body`, values);
  await deps.notifier.send({
    channel,
    to: (channel === 'email' ? user.email : user.phone) ?? '',
    subject: deps.messages.t(locale, `mail.withdrawal.${kind}.subject`, values),
    text: body,
    redactedText: body,
  });
  return true;
}
