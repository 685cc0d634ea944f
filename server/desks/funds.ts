// Balance commands every desk takes, whatever else it does: operator adjustments (credit, debit, freeze, unfreeze,
// lock, unlock) and the two halves of a transfer between a user's wallets. Each runs inside the desk's sequencer,
// against its ledger, and adds its journal entry, records, rows and events to the open batch.
//
// Lock versus freeze. Both move funds from the user's available part to the frozen part (the user sees them as
// frozen, records say admin_lock or admin_freeze), and neither can be released by the user. They differ in who may
// release what: the desk keeps the locked amount per user and asset (`FundsContext.locks`, rebuilt at start from the
// journal's admin.lock and admin.unlock entries), an unfreeze may release only frozen funds that neither open orders
// nor a lock hold, and only an unlock releases locked funds, never more than is locked. So a freeze is a hold an
// operator lifts in the ordinary course (a review), a lock one that a routine unfreeze can never lift by mistake
// (a legal or vesting hold). Like Binance's separate "freeze" and "locked" parts, without a new balance column.
import { createHash } from 'node:crypto';
import { Code, EXTERNAL, userAccount, type Amount, type Asset, type Posting, type UserId, type Wallet } from '../kernel/index.ts';
import type { Transfer } from '../store/transfers.ts';
import type { DeskBatch } from './batch.ts';
import { accept, refuse, refuseKernel, type Reply } from './codes.ts';
import { topics } from './events.ts';
import { transitAccount, type DeskLedger } from './ledger.ts';
import { addRecords, type RecordType } from './records.ts';
import { checkAmount, checkAsset, checkUser, checkWallet, isClientId } from './validate.ts';
import { dec, transferView, type BalanceView } from './views.ts';

export type AdjustAction = 'credit' | 'debit' | 'freeze' | 'unfreeze' | 'lock' | 'unlock';
export const ADJUST_ACTIONS: readonly AdjustAction[] = ['credit', 'debit', 'freeze', 'unfreeze', 'lock', 'unlock'];

export interface AdjustRequest {
  readonly user: number;
  readonly asset: string;
  /** Decimal text, > 0. */
  readonly amount: string;
  readonly action: AdjustAction;
  /** Why, for the records (e.g. "promotion 2026-01"); shown in the entry's reference. */
  readonly memo: string;
}

/** An adjustment applied at most once: a repeat with the same request id answers `duplicate` and changes nothing. */
export interface AdjustOnceRequest extends AdjustRequest {
  /** 8-64 of letters, digits and . _ : - (the operator tool sends a UUID); kept in the entry's reference. */
  readonly requestId: string;
}

export interface AdjustOnceResult {
  /** The balance now (after this adjustment, or, for a duplicate, as it stands). */
  readonly balance: BalanceView;
  /** The request id had already been applied: nothing changed this time. */
  readonly duplicate: boolean;
  /** The journal entry's reference (`admin:<memo>#<requestId>`). */
  readonly ref: string;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export const isRequestId = (id: unknown): id is string => typeof id === 'string' && REQUEST_ID.test(id);

/** The journal reference of an operator adjustment: the memo, and the request id when there is one. */
export const adminRef = (memo: string, requestId?: string): string => (requestId === undefined ? `admin:${memo}` : `admin:${memo}#${requestId}`);

/** The journal reasons of operator adjustments (store/audit.ts indexes entries with these reasons). */
export const ADMIN_REASONS = ADJUST_ACTIONS.map((a) => `admin.${a}`);

export interface TransferOutRequest {
  readonly user: number;
  readonly asset: string;
  readonly amount: string;
  readonly to: string;
  /** Makes the transfer idempotent: a repeat answers the first transfer. */
  readonly clientId?: string | undefined;
}

export interface FundsContext {
  readonly wallet: Wallet;
  readonly ledger: DeskLedger;
  readonly time: number;
  /** Frozen funds that open orders hold, which an unfreeze must leave alone. */
  readonly reserved: (user: UserId, asset: Asset) => bigint;
  /** The most a transfer may take out (null: whatever is available). */
  readonly spendable: (user: UserId, asset: Asset) => bigint | null;
  /** Frozen funds an operator locked, by `user:asset`: only an unlock releases them. */
  readonly locks: Map<string, bigint>;
}

const MEMO = /^[^\u0000-\u001f]{1,200}$/;
export const isMemo = (memo: unknown): memo is string => typeof memo === 'string' && MEMO.test(memo);

const ADJUST: Record<AdjustAction, { type: RecordType; from: 'external' | 'available' | 'frozen'; to: 'external' | 'available' | 'frozen' }> = {
  credit: { type: 'admin_credit', from: 'external', to: 'available' },
  debit: { type: 'admin_debit', from: 'available', to: 'external' },
  freeze: { type: 'admin_freeze', from: 'available', to: 'frozen' },
  unfreeze: { type: 'admin_unfreeze', from: 'frozen', to: 'available' },
  lock: { type: 'admin_lock', from: 'available', to: 'frozen' },
  unlock: { type: 'admin_unlock', from: 'frozen', to: 'available' },
};

const lockKey = (user: UserId, asset: Asset) => `${user}:${asset}`;

/** What an operator has locked of a user's frozen funds. */
export const lockedOf = (ctx: Pick<FundsContext, 'locks'>, user: UserId, asset: Asset): bigint => ctx.locks.get(lockKey(user, asset)) ?? 0n;

export function balanceOf(ledger: DeskLedger, wallet: Wallet, user: UserId, asset: Asset): BalanceView {
  return {
    wallet,
    asset,
    available: dec(ledger.balance(userAccount(user, wallet, 'available'), asset)),
    frozen: dec(ledger.balance(userAccount(user, wallet, 'frozen'), asset)),
  };
}

/** `requestId`: kept in the entry's reference, so a repeat can be recognised (the caller checks before applying). */
export function applyAdjust(ctx: FundsContext, batch: DeskBatch, req: AdjustRequest, requestId?: string): Reply<BalanceView> {
  const user = checkUser(req.user);
  if (!user.ok) return user;
  const asset = checkAsset(req.asset);
  if (!asset.ok) return asset;
  const amount = checkAmount(req.amount);
  if (!amount.ok) return amount;
  if (typeof req.memo !== 'string' || !MEMO.test(req.memo)) return refuse('memo.invalid');
  if (requestId !== undefined && !isRequestId(requestId)) return refuse('request.id.invalid');
  const rule = Object.hasOwn(ADJUST, req.action) ? ADJUST[req.action] : undefined;
  if (rule === undefined) return refuse('action.invalid');
  const key = (part: 'external' | 'available' | 'frozen') => (part === 'external' ? EXTERNAL : userAccount(user.value, ctx.wallet, part));
  const locked = lockedOf(ctx, user.value, asset.value);
  if (req.action === 'unfreeze') {
    const frozen = ctx.ledger.balance(key('frozen'), asset.value);
    if (frozen - ctx.reserved(user.value, asset.value) - locked < amount.value) return refuse('funds.frozen.insufficient');
  }
  if (req.action === 'unlock' && locked < amount.value) return refuse('funds.locked.insufficient');
  const postings: Posting[] = [
    { account: key(rule.from), asset: asset.value, amount: -amount.value as Amount },
    { account: key(rule.to), asset: asset.value, amount: amount.value as Amount },
  ];
  const { code, entry } = ctx.ledger.tryPost(batch, `admin.${req.action}`, adminRef(req.memo, requestId), ctx.time, postings);
  if (code !== Code.OK) return refuseKernel(code === Code.LEDGER_NEGATIVE ? Code.INSUFFICIENT_FUNDS : code);
  if (req.action === 'lock' || req.action === 'unlock') {
    const now = locked + (req.action === 'lock' ? amount.value : -amount.value);
    if (now === 0n) ctx.locks.delete(lockKey(user.value, asset.value));
    else ctx.locks.set(lockKey(user.value, asset.value), now);
  }
  // The user's record says why (the memo); the request id stays in the journal, where repeats are looked up.
  addRecords(batch, ctx.wallet, requestId === undefined ? entry! : { ...entry!, ref: adminRef(req.memo) }, () => rule.type);
  return accept(balanceOf(ctx.ledger, ctx.wallet, user.value, asset.value));
}

/** RFC 9562's namespace for name-based UUIDs of transfers (a fixed random one of this exchange's). */
const TRANSFER_NAMESPACE = Buffer.from('6f3c1d2e9a8b4c7d8e5f0a1b2c3d4e5f', 'hex');

/**
 * A transfer's id: the name-based UUID (version 5) of its source wallet and the journal seq of its debit, so a desk
 * that applies the same commands again from the same state names it the same (issue 26: a desk that is a function of
 * its log). Unique: a desk's journal seqs are.
 */
export function transferId(wallet: string, debitSeq: number): string {
  const h = createHash('sha1').update(TRANSFER_NAMESPACE).update(`${wallet}:${debitSeq}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The source half: available → this wallet's transit account, and the transfer row (status debited). */
export function applyTransferOut(ctx: FundsContext, batch: DeskBatch, req: TransferOutRequest, existing: Transfer | undefined): Reply<Transfer> {
  if (existing !== undefined) return accept(existing);
  const user = checkUser(req.user);
  if (!user.ok) return user;
  const asset = checkAsset(req.asset);
  if (!asset.ok) return asset;
  const amount = checkAmount(req.amount);
  if (!amount.ok) return amount;
  const to = checkWallet(req.to);
  if (!to.ok) return to;
  if (to.value === ctx.wallet) return refuse('transfer.same.wallet');
  if (req.clientId !== undefined && !isClientId(req.clientId)) return refuse('transfer.client.id.invalid');
  const most = ctx.spendable(user.value, asset.value);
  if (most !== null && amount.value > most) return refuseKernel(Code.INSUFFICIENT_FUNDS);
  // The debit is the next journal entry: nothing else is journalled in between.
  const id = transferId(ctx.wallet, ctx.ledger.lastSeq + 1);
  const postings: Posting[] = [
    { account: userAccount(user.value, ctx.wallet, 'available'), asset: asset.value, amount: -amount.value as Amount },
    { account: transitAccount(ctx.wallet), asset: asset.value, amount: amount.value as Amount },
  ];
  const { code, entry } = ctx.ledger.tryPost(batch, 'transfer.debit', `transfer:${id}`, ctx.time, postings);
  if (code !== Code.OK) return refuseKernel(code === Code.LEDGER_NEGATIVE ? Code.INSUFFICIENT_FUNDS : code);
  addRecords(batch, ctx.wallet, entry!, () => 'transfer_out');
  const transfer: Transfer = {
    id,
    user: user.value,
    clientId: req.clientId ?? null,
    asset: asset.value,
    amount: amount.value,
    from: ctx.wallet,
    to: to.value,
    status: 'debited',
    createdAt: ctx.time,
    creditedAt: null,
  };
  batch.transfersOut.push(transfer);
  batch.emit(topics.userTransfers(user.value), { type: 'transfer', transfer: transferView(transfer) });
  return accept(transfer);
}

/**
 * A debit as its source desk relays it to the destination desk (issue 26: a desk that is a function of its log). The
 * source desk sends it itself once the debit is durable, into the destination's own sequence (its log, in a cluster;
 * its sequencer, in one process), so the credit takes its amount, asset and user from the source desk's output, never
 * from a caller and never from a store look-up at the credit's turn. The amount is integer text (units of 1e-8).
 */
export interface RelayedTransfer {
  readonly id: string;
  readonly user: number;
  readonly clientId: string | null;
  readonly asset: string;
  readonly amount: string;
  readonly from: string;
  readonly to: string;
  readonly createdAt: number;
}

/** The relay of a debited transfer. */
export function relayedTransfer(t: Transfer): RelayedTransfer {
  return { id: t.id, user: t.user, clientId: t.clientId, asset: t.asset, amount: t.amount.toString(), from: t.from, to: t.to, createdAt: t.createdAt };
}

const TRANSFER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNITS = /^[1-9][0-9]{0,29}$/;

/** A relayed debit checked field by field (it crossed a process boundary): the transfer, or null when malformed. */
export function parseRelayed(r: unknown): Transfer | null {
  if (typeof r !== 'object' || r === null) return null;
  const t = r as Record<string, unknown>;
  if (typeof t.id !== 'string' || !TRANSFER_ID.test(t.id)) return null;
  if (typeof t.user !== 'number' || !checkUser(t.user).ok) return null;
  if (t.clientId !== null && (typeof t.clientId !== 'string' || !isClientId(t.clientId))) return null;
  if (typeof t.asset !== 'string' || !checkAsset(t.asset).ok) return null;
  if (typeof t.amount !== 'string' || !UNITS.test(t.amount)) return null;
  if (typeof t.from !== 'string' || typeof t.to !== 'string' || !checkWallet(t.from).ok || !checkWallet(t.to).ok || t.from === t.to) return null;
  if (typeof t.createdAt !== 'number' || !Number.isSafeInteger(t.createdAt) || t.createdAt < 0) return null;
  return { id: t.id, user: t.user, clientId: t.clientId, asset: t.asset, amount: BigInt(t.amount), from: t.from, to: t.to, status: 'debited', createdAt: t.createdAt, creditedAt: null };
}

/** The same transfer (the fields its debit fixed). */
export const sameTransfer = (a: Transfer, b: Transfer): boolean =>
  a.id === b.id && a.user === b.user && a.clientId === b.clientId && a.asset === b.asset && a.amount === b.amount && a.from === b.from && a.to === b.to && a.createdAt === b.createdAt;

/**
 * The destination half: the source's transit account → available here, once. `t` is the debit as the source desk
 * relayed it (parseRelayed); `credited` says this desk has already paid it (then nothing changes).
 */
export function applyTransferIn(ctx: FundsContext, batch: DeskBatch, t: Transfer | null, credited: boolean): Reply<Transfer> {
  if (t === null) return refuse('transfer.not.found');
  if (t.to !== ctx.wallet) return refuse('wallet.invalid');
  if (credited) return accept({ ...t, status: 'credited' });
  const from = checkWallet(t.from);
  if (!from.ok) return from;
  const asset = checkAsset(t.asset);
  if (!asset.ok) return asset;
  const postings: Posting[] = [
    { account: transitAccount(from.value), asset: asset.value, amount: -t.amount as Amount },
    { account: userAccount(t.user as UserId, ctx.wallet, 'available'), asset: asset.value, amount: t.amount as Amount },
  ];
  const { code, entry } = ctx.ledger.tryPost(batch, 'transfer.credit', `transfer:${t.id}`, ctx.time, postings);
  if (code !== Code.OK) throw new Error(`crediting transfer ${t.id} failed with ${code}`); // a credit into a user account can't fail
  addRecords(batch, ctx.wallet, entry!, () => 'transfer_in');
  batch.transfersIn.push({ id: t.id, time: ctx.time });
  const done: Transfer = { ...t, status: 'credited', creditedAt: ctx.time };
  batch.emit(topics.userTransfers(t.user), { type: 'transfer', transfer: transferView(done) });
  return accept(done);
}
