// An operator's review of a withdrawal waiting as `applied` (the admin channel's withdrawal approve|reject; the
// executor in admin/commands.ts audits each with its reason). Approve: applied → approved, and the signer sends it.
// Reject: applied → rejected with the reason the user reads, then the hold goes back (the desk's record
// 'withdrawal_rejected') and the user is told. The row moves first, conditionally, so an approval and a rejection
// (or the user's cancel) racing on one withdrawal can't both win, and a rejected withdrawal is never sent. An
// approved withdrawal can be rejected only once the signer has given up on it (its record is failed and the money
// never left: not settled): the signer never takes up a withdrawal it has a record of, so nothing can be sent after
// its funds are returned. Running
// either again after it was done (an interrupted request repeated) finishes what is left and changes nothing else.
import type { Clock } from '../clock.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Store } from '../store/index.ts';
import type { WithdrawalRow } from '../store/wallet.ts';
import { tellWithdrawal } from './mail.ts';
import type { WalletDesk } from './ports.ts';
import { releaseStep } from './steps.ts';

export class ReviewRefused extends Error {
  override name = 'ReviewRefused';
}

export interface ReviewDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly notifier: Notifier;
  readonly messages: Messages;
}

async function found(store: Store, id: number): Promise<WithdrawalRow> {
  const row = await store.wallet.get(id);
  if (row === undefined) throw new ReviewRefused(`no withdrawal #${id}`);
  return row;
}

export async function approveWithdrawal(d: ReviewDeps, id: number, operator: string): Promise<{ row: WithdrawalRow; already: boolean }> {
  const row = await found(d.store, id);
  if (await d.store.wallet.transition(id, ['applied'], 'approved', d.clock(), { reviewedBy: operator })) return { row: await found(d.store, id), already: false };
  const now = await found(d.store, id);
  if (now.status === 'approved' || now.status === 'broadcast' || now.status === 'confirmed') return { row: now, already: true };
  throw new ReviewRefused(`withdrawal #${id} is ${now.status === 'applying' ? 'still being applied' : now.status}: only an applied one can be approved` + (row.status !== now.status ? ` (it was ${row.status})` : ''));
}

export async function rejectWithdrawal(
  d: ReviewDeps,
  desk: WalletDesk,
  id: number,
  operator: string,
  reason: string,
): Promise<{ row: WithdrawalRow; already: boolean; notified: boolean }> {
  const before = await found(d.store, id);
  const from: Array<'applied' | 'approved'> = ['applied'];
  if (before.status === 'approved' && before.settledAt === null) {
    const txs = await d.store.signer.txsFor([id]);
    if (txs.length > 0 && txs.every((t) => t.status === 'failed')) from.push('approved');
  }
  const moved = await d.store.wallet.transition(id, from, 'rejected', d.clock(), { reviewedBy: operator, reason });
  const row = await found(d.store, id);
  if (!moved && row.status !== 'rejected') {
    const why = row.status === 'approved' ? 'approved and the signer has not given up on it' : row.status === 'applying' ? 'still being applied' : row.status;
    throw new ReviewRefused(`withdrawal #${id} is ${why}: only an applied one (or an approved one whose transaction failed) can be rejected`);
  }
  if (row.releasedAt === null) await releaseStep({ store: d.store, clock: d.clock, desk }, row, 'rejected');
  const notified = moved ? await tellWithdrawal(d, row, 'rejected').catch(() => false) : false;
  return { row: await found(d.store, id), already: !moved, notified };
}
