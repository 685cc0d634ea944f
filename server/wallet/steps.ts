// The three steps of a withdrawal that move money, each a spot-desk command paired with the row's state. The desk
// applies each once per withdrawal id (a repeat answers `duplicate`), and each row change is conditional on the
// state it leaves (store/wallet.ts transition), so a step can be retried after a crash, or run twice by two actors
// (a request and the lifecycle job), and the money still moves once:
// - hold: applying → applied. A refusal drops the row (the withdrawal never happened). A hold that succeeds for a
//   row someone already dropped (the other actor's hold was refused a moment earlier, then the balance grew) is
//   given straight back, so no money is held without a row.
// - release: a rejected or cancelled row's hold back to available; released_at marks it done.
// - settle: an approved row whose transaction the signer signed: the held amount leaves (amount − fee to the chain,
//   the fee to fee income) and the row is broadcast with the transaction's hash.
import type { Clock } from '../clock.ts';
import { DECIMALS, formatDecimal } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import type { WithdrawalRow } from '../store/wallet.ts';
import type { SignerTx, WalletDesk } from './ports.ts';

export interface StepDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly desk: WalletDesk;
}

const dec = (v: bigint) => formatDecimal(v, DECIMALS);

/** moved: this call made the row applied (the other actor did, or will, otherwise). */
export type HoldOutcome = { ok: true; row: WithdrawalRow; moved: boolean } | { ok: false; code: string };

export async function holdStep(d: StepDeps, w: WithdrawalRow): Promise<HoldOutcome> {
  const reply = await d.desk.withdrawHold({ id: w.id, user: w.user, asset: w.asset, amount: dec(w.amount) });
  if (!reply.ok) {
    await d.store.wallet.dropApplying(w.id);
    return { ok: false, code: reply.code };
  }
  const moved = await d.store.wallet.transition(w.id, ['applying'], 'applied', d.clock());
  const row = await d.store.wallet.get(w.id);
  if (row !== undefined) return { ok: true, row, moved };
  // Dropped by the other actor after its hold was refused: this later hold must not stay without a row.
  const back = await d.desk.withdrawRelease({ id: w.id, why: 'cancelled' });
  if (!back.ok && back.code !== 'withdrawal.not.held') throw new Error(`withdrawal ${w.id}: its hold outlived its row and could not be released (${back.code})`);
  return { ok: false, code: 'funds.insufficient' };
}

export async function releaseStep(d: StepDeps, w: WithdrawalRow, why: 'rejected' | 'cancelled'): Promise<void> {
  const reply = await d.desk.withdrawRelease({ id: w.id, why });
  // not.held: no open hold has this id any more (nothing to give back); anything else is left for the next pass.
  if (!reply.ok && reply.code !== 'withdrawal.not.held') throw new Error(`withdrawal ${w.id}: release refused (${reply.code})`);
  await d.store.wallet.markReleased(w.id, d.clock());
}

/** Settles an approved withdrawal whose transaction exists; false when the desk refused (left for the operator). */
export async function settleStep(d: StepDeps, w: WithdrawalRow, tx: SignerTx): Promise<boolean> {
  const reply = await d.desk.withdrawSettle({ id: w.id, fee: dec(w.fee) });
  if (!reply.ok) return false;
  const status = tx.status === 'confirmed' ? 'confirmed' : 'broadcast';
  await d.store.wallet.transition(w.id, ['approved'], status, d.clock(), { txHash: tx.txHash, confirmations: tx.confirmations, settled: true });
  return true;
}
