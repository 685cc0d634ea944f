// The spot desk's commission payment (issue 21, server/accounts/invite/README.md): a share of an invitee's trading
// fees paid to the inviter, from the fee income (system:fee-income, this desk's) into the inviter's coin account,
// one journal entry `fee-income −x, user:<inviter>:coin:available +x` (reason invite.commission, reference
// invite:<day>:<inviter>:<level>:<asset>) with the inviter's invite_commission record, in the desk's own batch.
//
// Exactly once, as operator adjustments are (core.ts adjustOnce): the reference is deterministic, and the desk
// applies one it finds neither among its applied-but-uncommitted payments (memory) nor in the journal. The memory
// check happens when the command's turn comes, before the journal read: no other command applies while that read
// is in flight, so a payment is either still in memory then or already committed (and the read sees it).
//
// Funded from the fee income, never below zero. The perp and seconds desks credit fee-income too (their fees), but
// this desk's memory only sees its own postings, so it checks the committed balance instead: the store's balance
// less every payment applied and not yet known committed (counted even if its commit just landed: conservative),
// read at the same turn. When that covers the payment and the desk's memory of the account is short of it (the
// other desks' fees are not in memory), memory is first brought up to the amount from the external plug, with no
// journal entry: the store already holds those fees; memory only catches up with it, as a rebuild would.
import { Code, EXTERNAL, FEE_INCOME, userAccount, type Amount, type Asset, type Posting } from '../../kernel/index.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { balanceOf } from '../funds.ts';
import { addRecords } from '../records.ts';
import { checkAmount, checkAsset, checkUser } from '../validate.ts';
import type { BalanceView } from '../views.ts';
import type { SpotBatch, SpotState } from './state.ts';

export const COMMISSION_REASON = 'invite.commission';

export interface CommissionRequest {
  /** The inviter. */
  readonly user: number;
  readonly asset: string;
  /** Decimal text, > 0. */
  readonly amount: string;
  /** The UTC day the fees were paid on, YYYY-MM-DD. */
  readonly day: string;
  readonly level: 1 | 2;
}

export interface CommissionResult {
  readonly ref: string;
  /** Already paid (journalled, or applied and committing): nothing changed this time. */
  readonly duplicate: boolean;
  /** The inviter's coin balance in the asset now. */
  readonly balance: BalanceView;
}

/** What the command's store look-up found, at its turn. */
export interface CommissionLookup {
  readonly seen: boolean;
  /** fee-income's committed balance in the asset. */
  readonly income: bigint;
  /** Payments of the asset applied and not yet known committed, when the look-up began. */
  readonly pending: bigint;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The journal reference of a payment, or null when a part is malformed. */
export function commissionRef(req: Pick<CommissionRequest, 'user' | 'asset' | 'day' | 'level'>): string | null {
  if (!checkUser(req.user).ok || !checkAsset(req.asset).ok) return null;
  if (typeof req.day !== 'string' || !DAY.test(req.day) || (req.level !== 1 && req.level !== 2)) return null;
  return `invite:${req.day}:${req.user}:${req.level}:${req.asset}`;
}

/** Applied and not yet committed payments, by reference (the desk's memory of them). */
export type PendingCommissions = Map<string, { readonly asset: string; readonly amount: bigint }>;

export function pendingOf(pending: PendingCommissions, asset: string): bigint {
  let sum = 0n;
  for (const p of pending.values()) if (p.asset === asset) sum += p.amount;
  return sum;
}

export function applyCommission(
  s: SpotState,
  b: SpotBatch,
  req: CommissionRequest,
  found: CommissionLookup | null,
  pending: PendingCommissions,
  time: number,
): Reply<CommissionResult> {
  const ref = commissionRef(req);
  // The reference is this command's request id: a malformed day, level, user or asset can't make one.
  if (ref === null || found === null) return refuse('request.id.invalid');
  const user = checkUser(req.user);
  if (!user.ok) return user;
  const asset = checkAsset(req.asset);
  if (!asset.ok) return asset;
  const amount = checkAmount(req.amount);
  if (!amount.ok) return amount;
  if (found.seen || pending.has(ref)) return accept({ ref, duplicate: true, balance: balanceOf(s.ledger, 'coin', user.value, asset.value) });
  if (amount.value > found.income - found.pending) return refuseKernel(Code.INSUFFICIENT_FUNDS);
  const held = s.ledger.balance(FEE_INCOME, asset.value);
  if (held < amount.value) {
    const code = s.ledger.ledger.tryPost([
      { account: EXTERNAL, asset: asset.value as Asset, amount: -(amount.value - held) as Amount },
      { account: FEE_INCOME, asset: asset.value as Asset, amount: (amount.value - held) as Amount },
    ]);
    if (code !== Code.OK) return refuseKernel(code);
  }
  const postings: Posting[] = [
    { account: FEE_INCOME, asset: asset.value, amount: -amount.value as Amount },
    { account: userAccount(user.value, 'coin', 'available'), asset: asset.value, amount: amount.value as Amount },
  ];
  const { code, entry } = s.ledger.tryPost(b, COMMISSION_REASON, ref, time, postings);
  if (code !== Code.OK) return refuseKernel(code);
  addRecords(b, 'coin', entry!, () => 'invite_commission');
  pending.set(ref, { asset: asset.value, amount: amount.value });
  return accept({ ref, duplicate: false, balance: balanceOf(s.ledger, 'coin', user.value, asset.value) });
}
