// The spot desk's wallet commands (issue 22): deposits credited from the chain and withdrawals' holds, releases and
// settlements. The coin wallet is where money enters and leaves the exchange, so these are coin-desk commands, in
// sequence with the orders that spend the same balances.
//
// Journal (reasons and references; store/wallet-desk.ts reads them back):
//   deposit   wallet.deposit          deposit:<network>:<tx>:<index>   external −x, user available +x   record deposit
//   hold      wallet.withdraw.hold    withdraw:<id>                    available −x, frozen +x          record withdrawal
//   release   wallet.withdraw.release withdraw:<id>                    frozen −x, available +x          record withdrawal_rejected|withdrawal_cancelled
//   settle    wallet.withdraw.settle  withdraw:<id>                    frozen −x, external +(x−fee), fee-income +fee   record withdrawal
//
// Exactly once, as operator adjustments are (core.ts adjustOnce): each (reason, reference) is applied at most once.
// The desk checks its memory first (applied and not yet committed: `pending`), then the journal; the memory check
// happens when the command's turn comes and no other command applies while the journal read is in flight, so an
// entry is either still in memory then or already committed (and the read sees it). A repeat answers `duplicate`.
//
// Holds: the desk keeps every open hold in memory (rebuilt at start from the journal: store.walletDesk.openHolds),
// so a release or settlement takes the held amount from the hold, never from the caller, and an operator's unfreeze
// can't release funds a withdrawal holds (they count as reserved, like open orders' funds). A hold closes exactly
// once: released (the funds return) or settled (they leave), never both.
import { Code, EXTERNAL, FEE_INCOME, parseDecimal, userAccount, type Amount, type Asset, type Posting, type UserId } from '../../kernel/index.ts';
import { WALLET_REASONS, type OpenHold, type WalletJournal, type WalletReason } from '../../store/wallet-desk.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { balanceOf } from '../funds.ts';
import { addRecords } from '../records.ts';
import { checkAmount, checkAsset, checkUser } from '../validate.ts';
import type { BalanceView } from '../views.ts';
import type { SpotBatch, SpotState } from './state.ts';

export interface DepositRequest {
  readonly user: number;
  readonly asset: string;
  /** Decimal text, > 0. */
  readonly amount: string;
  /** deposit:<network>:<tx hash, lower case>:<index> */
  readonly ref: string;
}

export interface HoldRequest {
  /** The withdrawal's id (its row in the wallet's store). */
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  /** Decimal text, > 0: what leaves the balance (the fee included). */
  readonly amount: string;
}

export interface ReleaseRequest {
  readonly id: number;
  readonly why: 'rejected' | 'cancelled';
}

export interface SettleRequest {
  readonly id: number;
  /** Decimal text, ≥ 0 and ≤ the held amount: to the fee income; the rest leaves to the chain. */
  readonly fee: string;
}

export interface WalletMove {
  readonly ref: string;
  /** Already applied (journalled, or applied and committing): nothing changed this time. */
  readonly duplicate: boolean;
  /** The user's coin balance in the asset now. */
  readonly balance: BalanceView;
}

const DEPOSIT_REF = /^deposit:[A-Z0-9]{2,16}:[0-9A-Za-z]{8,128}:-?\d{1,10}$/;
export const isDepositRef = (ref: unknown): ref is string => typeof ref === 'string' && DEPOSIT_REF.test(ref);
export const isWithdrawalId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id < 1e15;
export const withdrawalRef = (id: number): string => `withdraw:${id}`;

/** The desk's memory of wallet entries: open holds, and what was applied and is not yet known committed. */
export class WalletMemory {
  /** Open holds by withdrawal id (committed or not). */
  readonly holds = new Map<number, OpenHold>();
  /** `<reason> <ref>` applied by batches not yet committed, with the hold it concerns (null for a deposit). */
  readonly pending = new Map<string, OpenHold | null>();
  /** Held amounts by `user:asset` (the sum of open holds). */
  private readonly held = new Map<string, bigint>();

  constructor(open: readonly OpenHold[]) {
    for (const h of open) this.open(h);
  }

  heldOf(user: number, asset: string): bigint {
    return this.held.get(`${user}:${asset}`) ?? 0n;
  }

  /** Every `user:asset` with held funds (for the desk's invariant check). */
  heldAll(): ReadonlyMap<string, bigint> {
    return this.held;
  }

  seen(reason: WalletReason, ref: string): boolean {
    return this.pending.has(`${reason} ${ref}`);
  }

  /** The hold a pending entry concerns. */
  pendingHold(reason: WalletReason, ref: string): OpenHold | null {
    return this.pending.get(`${reason} ${ref}`) ?? null;
  }

  applied(reason: WalletReason, ref: string, hold: OpenHold | null = null): void {
    this.pending.set(`${reason} ${ref}`, hold);
  }

  /** After a commit: the journal answers for these entries now. */
  committed(entries: ReadonlyArray<{ reason: string; ref: string }>): void {
    if (this.pending.size === 0) return;
    for (const e of entries) if (e.reason.startsWith('wallet.')) this.pending.delete(`${e.reason} ${e.ref}`);
  }

  open(h: OpenHold): void {
    this.holds.set(h.id, h);
    const key = `${h.user}:${h.asset}`;
    this.held.set(key, (this.held.get(key) ?? 0n) + h.amount);
  }

  close(id: number): OpenHold | undefined {
    const h = this.holds.get(id);
    if (h === undefined) return undefined;
    this.holds.delete(id);
    const key = `${h.user}:${h.asset}`;
    const left = (this.held.get(key) ?? 0n) - h.amount;
    if (left === 0n) this.held.delete(key);
    else this.held.set(key, left);
    return h;
  }
}

/**
 * What a command's look-up found at its turn (null: its reference was malformed, nothing was looked up): the
 * entries of its reference still in memory when the look-up began, then the journal. Memory is read first: while the
 * journal read is in flight no other command applies, so memory only loses entries (to commits the read may or may
 * not see), never gains any; an entry is in the snapshot or in the journal, whichever way the race goes.
 */
export type WalletLookup = { readonly before: ReadonlyMap<WalletReason, OpenHold | null>; readonly journal: WalletJournal } | null;

/** The memory part of a look-up: this reference's uncommitted entries, copied. */
export function memoryOf(m: WalletMemory, ref: string): Map<WalletReason, OpenHold | null> {
  const out = new Map<WalletReason, OpenHold | null>();
  for (const reason of Object.values(WALLET_REASONS)) if (m.seen(reason, ref)) out.set(reason, m.pendingHold(reason, ref));
  return out;
}

const seenIn = (found: NonNullable<WalletLookup>, reason: WalletReason): boolean => found.before.has(reason) || found.journal.reasons.includes(reason);

const view = (s: SpotState, user: UserId, asset: Asset): BalanceView => balanceOf(s.ledger, 'coin', user, asset);

export function applyDeposit(s: SpotState, b: SpotBatch, m: WalletMemory, req: DepositRequest, found: WalletLookup, time: number): Reply<WalletMove> {
  if (!isDepositRef(req.ref) || found === null) return refuse('deposit.ref.invalid');
  const user = checkUser(req.user);
  if (!user.ok) return user;
  const asset = checkAsset(req.asset);
  if (!asset.ok) return asset;
  const amount = checkAmount(req.amount);
  if (!amount.ok) return amount;
  const ref = req.ref;
  if (seenIn(found, WALLET_REASONS.deposit) || m.seen(WALLET_REASONS.deposit, ref)) return accept({ ref, duplicate: true, balance: view(s, user.value, asset.value) });
  const postings: Posting[] = [
    { account: EXTERNAL, asset: asset.value, amount: -amount.value as Amount },
    { account: userAccount(user.value, 'coin', 'available'), asset: asset.value, amount: amount.value as Amount },
  ];
  const { code, entry } = s.ledger.tryPost(b, WALLET_REASONS.deposit, ref, time, postings);
  if (code !== Code.OK) return refuseKernel(code);
  addRecords(b, 'coin', entry!, () => 'deposit');
  m.applied(WALLET_REASONS.deposit, ref);
  return accept({ ref, duplicate: false, balance: view(s, user.value, asset.value) });
}

export function applyHold(s: SpotState, b: SpotBatch, m: WalletMemory, req: HoldRequest, found: WalletLookup, time: number): Reply<WalletMove> {
  if (!isWithdrawalId(req.id) || found === null) return refuse('withdrawal.id.invalid');
  const user = checkUser(req.user);
  if (!user.ok) return user;
  const asset = checkAsset(req.asset);
  if (!asset.ok) return asset;
  const amount = checkAmount(req.amount);
  if (!amount.ok) return amount;
  const ref = withdrawalRef(req.id);
  if (m.holds.has(req.id) || seenIn(found, WALLET_REASONS.hold) || m.seen(WALLET_REASONS.hold, ref)) {
    return accept({ ref, duplicate: true, balance: view(s, user.value, asset.value) });
  }
  const postings: Posting[] = [
    { account: userAccount(user.value, 'coin', 'available'), asset: asset.value, amount: -amount.value as Amount },
    { account: userAccount(user.value, 'coin', 'frozen'), asset: asset.value, amount: amount.value as Amount },
  ];
  const { code, entry } = s.ledger.tryPost(b, WALLET_REASONS.hold, ref, time, postings);
  if (code !== Code.OK) return refuseKernel(code === Code.LEDGER_NEGATIVE ? Code.INSUFFICIENT_FUNDS : code);
  addRecords(b, 'coin', entry!, () => 'withdrawal');
  const hold: OpenHold = { id: req.id, user: user.value, asset: asset.value, amount: amount.value };
  m.applied(WALLET_REASONS.hold, ref, hold);
  m.open(hold);
  return accept({ ref, duplicate: false, balance: view(s, user.value, asset.value) });
}

/** A release or a settlement of an open hold; a repeat of the same one answers duplicate (with the user's balance). */
function closeHold(
  s: SpotState,
  m: WalletMemory,
  id: number,
  reason: WalletReason,
  found: WalletLookup,
  post: (h: OpenHold, ref: string) => Reply<true>,
): Reply<WalletMove> {
  if (!isWithdrawalId(id) || found === null) return refuse('withdrawal.id.invalid');
  const ref = withdrawalRef(id);
  const h = m.holds.get(id);
  if (h === undefined) {
    // Closed already: the same close again is a repeat (answered with the hold's user's balance); the other close
    // (a settlement after a release, or the reverse) or no hold at all is refused.
    const closed = m.seen(reason, ref) ? m.pendingHold(reason, ref) : found.before.has(reason) ? (found.before.get(reason) ?? null) : found.journal.reasons.includes(reason) ? found.journal.hold : undefined;
    if (closed === undefined) return refuse('withdrawal.not.held');
    if (closed === null) return refuse('withdrawal.id.invalid'); // journalled without its hold's lines: can't happen
    return accept({ ref, duplicate: true, balance: view(s, closed.user as UserId, closed.asset as Asset) });
  }
  const done = post(h, ref);
  if (!done.ok) return done;
  m.applied(reason, ref, h);
  m.close(id);
  return accept({ ref, duplicate: false, balance: view(s, h.user as UserId, h.asset as Asset) });
}

export function applyRelease(s: SpotState, b: SpotBatch, m: WalletMemory, req: ReleaseRequest, found: WalletLookup, time: number): Reply<WalletMove> {
  if (req.why !== 'rejected' && req.why !== 'cancelled') return refuse('action.invalid');
  return closeHold(s, m, req.id, WALLET_REASONS.release, found, (h, ref) => {
    const user = h.user as UserId;
    const asset = h.asset as Asset;
    const postings: Posting[] = [
      { account: userAccount(user, 'coin', 'frozen'), asset, amount: -h.amount as Amount },
      { account: userAccount(user, 'coin', 'available'), asset, amount: h.amount as Amount },
    ];
    const { code, entry } = s.ledger.tryPost(b, WALLET_REASONS.release, ref, time, postings);
    if (code !== Code.OK) return refuseKernel(code);
    addRecords(b, 'coin', entry!, () => (req.why === 'rejected' ? 'withdrawal_rejected' : 'withdrawal_cancelled'));
    return accept(true);
  });
}

export function applySettle(s: SpotState, b: SpotBatch, m: WalletMemory, req: SettleRequest, found: WalletLookup, time: number): Reply<WalletMove> {
  const fee = typeof req.fee === 'string' ? parseDecimal(req.fee) : null;
  if (fee === null || !fee.ok || fee.value < 0n) return refuse('amount.invalid');
  return closeHold(s, m, req.id, WALLET_REASONS.settle, found, (h, ref) => {
    if (fee.value > h.amount) return refuse('amount.invalid');
    const user = h.user as UserId;
    const asset = h.asset as Asset;
    const postings: Posting[] = [
      { account: userAccount(user, 'coin', 'frozen'), asset, amount: -h.amount as Amount },
      { account: EXTERNAL, asset, amount: (h.amount - fee.value) as Amount },
    ];
    if (fee.value > 0n) postings.push({ account: FEE_INCOME, asset, amount: fee.value as Amount });
    const { code, entry } = s.ledger.tryPost(b, WALLET_REASONS.settle, ref, time, postings);
    if (code !== Code.OK) return refuseKernel(code);
    addRecords(b, 'coin', entry!, () => 'withdrawal');
    return accept(true);
  });
}
