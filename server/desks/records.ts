// Asset record types (spec §3) and how a journal entry becomes one record per user, wallet and asset it changed.
import type { JournalEntry } from '../store/ledger.ts';
import type { DeskBatch, UserChange } from './batch.ts';
import { userChanges } from './batch.ts';

/** Every record type the app filters by; the desks of later issues (contract, earn, seconds) use the rest. */
export const RECORD_TYPES = [
  'buy_coin',
  'sell_coin',
  'cancel_buy',
  'cancel_sell',
  'fee',
  'transfer_in',
  'transfer_out',
  'admin_credit',
  'admin_debit',
  'admin_freeze',
  'admin_unfreeze',
  'admin_lock',
  'admin_unlock',
  'deposit',
  'withdrawal',
  'withdrawal_rejected',
  'financial_purchase',
  'financial_income',
  'cancel_financial',
  'open_long_fee',
  'open_short_fee',
  'close_long_fee',
  'close_short_fee',
  'long_margin',
  'short_margin',
  'margin_refund_long',
  'margin_refund_short',
  'margin_income_buy',
  'margin_income_sell',
  'contract_income',
  'holding_fee',
  'liquidation_fee',
  'product_buy',
  'product_sell',
  'seconds_stake',
  'seconds_fee',
  'seconds_payout',
  'seconds_cancel',
  // Issue 21: a share of an invitee's fees paid to the inviter (spot/commission.ts).
  'invite_commission',
  // Issue 22: a withdrawal the user cancelled while it waited for review (spot/wallet.ts).
  'withdrawal_cancelled',
  // Issue 23 (earn/desk.ts): a wealth order's principal back at maturity; a mining pool's purchase, income and
  // principal back (the wealth products' purchase, income and early transfer out are the spec's financial_* above).
  'financial_return',
  'mining_purchase',
  'mining_income',
  'mining_return',
  // Issue 24 (spot/bots.ts): the investment set aside for a quantitative bot, and what it gave back at its end.
  'quant_reserve',
  'quant_release',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number];

export const isRecordType = (value: string): value is RecordType => (RECORD_TYPES as readonly string[]).includes(value);

/** Page sizes the app offers (spec §9); 20 is the default. */
export const PAGE_SIZES = [10, 20, 30, 50, 70, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** One part of a fee a record names on its own (a perpetual fill that closes one side and opens the other pays two). */
export interface FeePart {
  readonly type: RecordType;
  readonly amount: bigint;
}

/**
 * Adds one record per user balance the entry changed, typed by `typeOf`. `fee` (optional) splits a fee the user
 * paid out of what they received into its own record (`fee`, or what `feeType` says), so the main record shows the
 * gross amount. `feeType` may instead name the fee's parts, one record each, whose amounts must add up to the fee.
 */
export function addRecords(
  batch: DeskBatch,
  desk: string,
  entry: JournalEntry,
  typeOf: (change: UserChange) => RecordType,
  fee?: (change: UserChange) => bigint,
  feeType: (change: UserChange) => RecordType | readonly FeePart[] = () => 'fee',
): void {
  for (const c of userChanges(entry.lines)) {
    const paid = fee?.(c) ?? 0n;
    const base = { user: c.user, wallet: c.wallet, asset: c.asset, ref: entry.ref, desk, seq: entry.seq, time: entry.time };
    if (c.available + paid !== 0n || c.frozen !== 0n) batch.records.push({ ...base, type: typeOf(c), amount: c.available + paid, frozen: c.frozen });
    if (paid === 0n) continue;
    const named = feeType(c);
    const parts = typeof named === 'string' ? [{ type: named, amount: paid }] : named;
    // Parts that do not add up would leave the records disagreeing with the journal: a desk's bug, never the user's.
    if (parts.reduce((sum, p) => sum + p.amount, 0n) !== paid) throw new Error(`fee parts of ${entry.ref} do not add up to ${paid}`);
    for (const p of parts) if (p.amount !== 0n) batch.records.push({ ...base, type: p.type, amount: -p.amount, frozen: 0n });
  }
}

