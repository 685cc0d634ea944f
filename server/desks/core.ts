// What every desk is made of: a sequencer with group commit, a ledger over the accounts it owns, a lease, and the
// balance commands (operator adjustments, transfer halves). The spot desk adds its markets on top; the other
// wallets (fiat) are this alone for now.
import type { Clock } from '../clock.ts';
import { userAccount, type Asset, type Wallet, type UserId, type AccountKey, parseAccount } from '../kernel/index.ts';
import type { Bus } from '../bus/index.ts';
import type { Store } from '../store/index.ts';
import type { PerpWrites } from '../store/perp.ts';
import type { SecondsWrites } from '../store/seconds.ts';
import type { EarnWrites } from '../store/earn.ts';
import type { SpotWrites } from '../store/spot.ts';
import type { Transfer } from '../store/transfers.ts';
import type { DeskBatch } from './batch.ts';
import { accept, refuse, type Reply } from './codes.ts';
import { topics, type DeskEvent } from './events.ts';
import {
  adminRef, applyAdjust, applyTransferIn, applyTransferOut, balanceOf, isMemo, isRequestId, parseRelayed, sameTransfer,
  type AdjustOnceRequest, type AdjustOnceResult, type AdjustRequest, type FundsContext, type TransferOutRequest,
} from './funds.ts';
import { DeskLease } from './lease.ts';
import { DeskLedger, type OwnedBalance } from './ledger.ts';
import { Sequencer, type DeskMetrics } from './sequencer.ts';
import { checkAsset, checkUser, isClientId } from './validate.ts';
import { loadClientIds, type ClientIdFilter } from './client-ids.ts';
import { dec, type BalanceView } from './views.ts';

/** Hands debits to their destination desks: resolves once each is in its destination's sequence (durably, in a cluster). */
export type TransferRelay = (transfers: readonly Transfer[]) => Promise<void>;

/** The balance side of a desk: what transfers and the operator need from any wallet. */
export interface FundsDesk {
  readonly wallet: Wallet;
  readonly stopped: boolean;
  adjust(req: AdjustRequest): Promise<Reply<BalanceView>>;
  /** An operator adjustment applied at most once per request id, even across restarts (the id is journalled). */
  adjustOnce(req: AdjustOnceRequest): Promise<Reply<AdjustOnceResult>>;
  /** What an operator has locked of a user's frozen funds in this wallet, by asset (as of the last command). */
  locked(user: number): Promise<Reply<Array<{ asset: string; locked: string }>>>;
  transferOut(req: TransferOutRequest): Promise<Reply<Transfer>>;
  /**
   * A transfer to this wallet as this desk has it, at this command's place in its sequence: credited, or still
   * debited (its credit is on its way from the source desk's relay); refused when it is not a transfer to here.
   */
  transferIn(transferId: string): Promise<Reply<Transfer>>;
  /** Relays one of this desk's debits to its destination again (a recovery: the relay may have been lost in a crash). */
  relayTransfer(transferId: string): Promise<Reply<Transfer>>;
  /**
   * The destination half of a transfer, as the source desk relayed it (funds.ts RelayedTransfer); paid once. Only the
   * relay calls it: it is on no face (faces.ts), and a desk host takes it only as a relay (desk-host.ts).
   */
  creditTransfer(relayed: unknown): Promise<Reply<Transfer>>;
  /**
   * Where this desk sends its debits once they are durable (createDesks: the destination desk's sequencer; a desk
   * host: the destination's log). Until one is set, debits wait for a recovery (Transfers.recover).
   */
  relayTo(relay: TransferRelay | null): void;
  /** The user's balances in this wallet, as of the last commit. */
  balances(user: number): Promise<Reply<BalanceView[]>>;
  /** Its queue and commit latency, for the operator console's health page. */
  metrics(): DeskMetrics;
  /** Runs a desk call as the command of command-log seq `seq` (a clustered desk: server/cluster/desk-host.ts). */
  /**
   * Runs `call` (one of the desk's commands) as the command at log position `seq`, applied at `time` (its log
   * entry's, ms since the epoch) instead of the desk's clock: sequencer.ts `logged`.
   */
  logged<R>(seq: number, call: () => R, time?: number | null): { readonly value: R; readonly sequenced: boolean };
  close(): Promise<void>;
}

export interface DeskCoreOptions<B extends DeskBatch> {
  readonly wallet: Wallet;
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock: Clock;
  readonly lease: DeskLease;
  readonly ledger: DeskLedger;
  newBatch(): B;
  /** More writes for the same transaction (a spot desk's orders and trades). */
  spotWrites?(batch: B): SpotWrites;
  /** A perp desk's orders, positions, trades, funding, liquidations and marks. */
  perpWrites?(batch: B): PerpWrites;
  /** A seconds desk's contracts, config rows and exposure limits. */
  secondsWrites?(batch: B): SecondsWrites | null;
  /** An earn desk's products, orders and payments. */
  earnWrites?(batch: B): EarnWrites | null;
  /** After a commit, before its events go out. */
  committed?(batch: B): void;
  reserved?(user: UserId, asset: Asset): bigint;
  /** After an operator adjustment or a transfer changed a user's balance, in the same command. */
  fundsChanged?(user: UserId): void;
  /** At most this may leave the wallet by a transfer (null: the available balance); the perp desk's keeps losses covered. */
  spendable?(user: UserId, asset: Asset): bigint | null;
  /** What the desk's balance side opens with (openUnderLease reads it from the store). */
  readonly funds: FundsMemory;
  onStop?(error: unknown): void;
}

/** What a desk's balance side keeps in memory from the store, read when it opens. */
export interface FundsMemory {
  /** Operator locks by `user:asset`, as loadLocks read them (funds.ts explains locks). */
  readonly locks: Map<string, bigint>;
  /** Every `user:clientId` of the transfers this wallet sent that the store holds (a client id is unique per source wallet). */
  readonly transferClients: ClientIdFilter;
}

/** The amounts operators have locked in a wallet, by `user:asset`, summed from the journal's lock entries. */
export async function loadLocks(store: Store, wallet: Wallet): Promise<Map<string, bigint>> {
  const locks = new Map<string, bigint>();
  for (const l of await store.adminLedger.locked(wallet)) if (l.amount !== 0n) locks.set(`${l.user}:${l.asset}`, l.amount);
  return locks;
}

/**
 * Opens a desk the way every desk opens: takes its wallet's lease, reads its operator locks and its transfers' client
 * ids, and builds the rest with them; if anything fails after the lease was taken, gives it back before passing the
 * failure on.
 */
export async function openUnderLease<T>(
  o: { readonly store: Store; readonly clock?: Clock | undefined; readonly holder?: string | undefined; readonly leaseTtlMs?: number | undefined },
  wallet: Wallet,
  clock: Clock,
  build: (lease: DeskLease, funds: FundsMemory) => Promise<T>,
): Promise<T> {
  const lease = new DeskLease({ store: o.store, desk: wallet, clock, holder: o.holder, ttlMs: o.leaseTtlMs });
  await lease.acquire();
  try {
    const locks = await loadLocks(o.store, wallet);
    const transferClients = await loadClientIds((visit) => o.store.transfers.eachClientId(wallet, visit));
    return await build(lease, { locks, transferClients });
  } catch (error) {
    await lease.release();
    throw error;
  }
}

/** The user balances and system accounts a desk owns, from the store, for its ledger. */
export async function loadOwned(store: Store, wallet: Wallet, system: readonly AccountKey[]): Promise<OwnedBalance[]> {
  const owned: OwnedBalance[] = [];
  for (const b of await store.ledger.walletBalances(wallet)) {
    const user = b.user as UserId;
    owned.push({ account: userAccount(user, wallet, 'available'), asset: b.asset as Asset, amount: b.available });
    owned.push({ account: userAccount(user, wallet, 'frozen'), asset: b.asset as Asset, amount: b.frozen });
  }
  for (const s of await store.ledger.systemBalances()) {
    if (system.includes(s.account as AccountKey)) owned.push({ account: s.account as AccountKey, asset: s.asset as Asset, amount: s.amount });
  }
  return owned;
}

/** A wallet desk owns its users' accounts of that wallet, and the system accounts listed. */
export function ownership(wallet: Wallet, system: readonly AccountKey[]): (key: AccountKey) => boolean {
  return (key) => {
    const ref = parseAccount(key);
    return ref?.kind === 'user' ? ref.wallet === wallet : system.includes(key);
  };
}

/**
 * Commands a batch needs to go to the store while another of the desk's commits is still being written; an idle
 * store takes any batch at once. Under a steady load this trades a little waiting for fewer, fuller commits.
 */
export const MIN_PIPELINED_BATCH = 8;

export class DeskCore<B extends DeskBatch> implements FundsDesk {
  readonly wallet: Wallet;
  readonly ledger: DeskLedger;
  readonly sequencer: Sequencer<B>;
  private readonly o: DeskCoreOptions<B>;
  /** Transfers debited or credited by batches not yet committed: the store doesn't show them yet. */
  private readonly pendingOut = new Map<string, Transfer>();
  /** Credits applied by batches not yet committed, with the time each was credited at. */
  private readonly pendingIn = new Map<string, number>();
  private relay: TransferRelay | null = null;
  /** The outcome of the last commit handed to the store (true: committed), which the next one is written after. */
  private lastCommit: Promise<boolean> = Promise.resolve(true);
  /** References of operator adjustments applied by batches not yet committed. */
  private readonly pendingAdmin = new Set<string>();
  /** Operator locks by `user:asset` (funds.ts). */
  readonly locks: Map<string, bigint>;
  /** The client ids of this wallet's stored transfers; with pendingOut, every one it sent (client-ids.ts). */
  private readonly transferClients: ClientIdFilter;

  constructor(o: DeskCoreOptions<B>) {
    this.o = o;
    this.wallet = o.wallet;
    this.ledger = o.ledger;
    this.locks = o.funds.locks;
    this.transferClients = o.funds.transferClients;
    this.sequencer = new Sequencer<B>({
      name: o.wallet,
      newBatch: o.newBatch,
      seal: (b) => this.seal(b),
      commit: (b) => this.commit(b),
      publish: (b) => this.publish(b),
      maxInFlight: o.store.deskCommitsInFlight,
      minPipelinedBatch: MIN_PIPELINED_BATCH,
      onStop: (error) => {
        o.lease.stopKeepAlive();
        o.onStop?.(error);
      },
    });
    o.lease.keepAlive((error) => this.sequencer.stopWith(error));
  }

  get stopped(): boolean {
    return this.sequencer.isStopped;
  }

  metrics(): DeskMetrics {
    return this.sequencer.metrics();
  }

  logged<R>(seq: number, call: () => R, time: number | null = null): { readonly value: R; readonly sequenced: boolean } {
    return this.sequencer.logged(seq, call, time);
  }

  /**
   * The time a command is applied at: a logged one's is its log entry's, never before the previous command's (so it
   * is the same whenever and by whichever process the log is applied, issue 26); any other's, the clock's, and once
   * the desk applies a log, never before the previous command's either (a driver's command, which does not come
   * through the log yet, between two logged ones), so a desk's times never go back.
   */
  private stamp(logTime: number | null): number {
    if (logTime === null) {
      const now = this.o.clock();
      if (this.lastTime === 0) return now; // no log: the clock alone, as the embedded server has it
      this.lastTime = Math.max(this.lastTime, now);
      return this.lastTime;
    }
    this.lastTime = Math.max(this.lastTime, logTime);
    return this.lastTime;
  }

  /** A command's time (stamp), which is also its batch's time from now on. */
  private stampOn(b: B, logTime: number | null): number {
    const time = this.stamp(logTime);
    if (time > b.time) b.time = time;
    return time;
  }

  /** The latest time a command was applied at since the desk first applied a logged one (0: none yet). */
  private lastTime = 0;

  /** Sequences `apply` with the time the desk stamps on it. */
  run<R>(apply: (batch: B, time: number) => R): Promise<R> {
    return this.sequencer.run((b, logTime) => apply(b, this.stampOn(b, logTime)));
  }

  runPrepared<P, R>(prepare: () => P | Promise<P>, apply: (prepared: P, batch: B, time: number) => R): Promise<R> {
    return this.sequencer.runPrepared(prepare, (p, b, logTime) => apply(p, b, this.stampOn(b, logTime)));
  }

  funds(time: number): FundsContext {
    return { wallet: this.wallet, ledger: this.ledger, time, reserved: this.o.reserved ?? (() => 0n), spendable: this.o.spendable ?? (() => null), locks: this.locks };
  }

  adjust(req: AdjustRequest): Promise<Reply<BalanceView>> {
    return this.run((b, time) => this.changed(req.user, applyAdjust(this.funds(time), b, req)));
  }

  adjustOnce(req: AdjustOnceRequest): Promise<Reply<AdjustOnceResult>> {
    // Checked before the look-up: what goes into a query must be well-formed text (a NUL is not, to PostgreSQL).
    const ref = isRequestId(req.requestId) && isMemo(req.memo) ? adminRef(req.memo, req.requestId) : null;
    // Memory first (applied, not yet committed), then the journal: an entry leaves memory only once it is stored.
    const seen = async () => ref !== null && (this.pendingAdmin.has(ref) || (await this.o.store.adminLedger.hasEntry(this.wallet, ref)));
    return this.runPrepared(seen, (applied, b, time): Reply<AdjustOnceResult> => {
      if (ref === null) return refuse(isRequestId(req.requestId) ? 'memo.invalid' : 'request.id.invalid');
      if (applied) {
        const user = checkUser(req.user);
        if (!user.ok) return user;
        const asset = checkAsset(req.asset);
        if (!asset.ok) return asset;
        return accept({ balance: balanceOf(this.ledger, this.wallet, user.value, asset.value), duplicate: true, ref });
      }
      const reply = this.changed(req.user, applyAdjust(this.funds(time), b, req, req.requestId));
      if (!reply.ok) return reply;
      this.pendingAdmin.add(ref);
      return accept({ balance: reply.value, duplicate: false, ref });
    });
  }

  locked(user: number): Promise<Reply<Array<{ asset: string; locked: string }>>> {
    return this.run(() => {
      const u = checkUser(user);
      if (!u.ok) return u;
      const prefix = `${u.value}:`;
      const out = [...this.locks].filter(([k]) => k.startsWith(prefix)).map(([k, amount]) => ({ asset: k.slice(prefix.length), locked: dec(amount) }));
      return accept(out.sort((a, b) => (a.asset < b.asset ? -1 : 1)));
    });
  }

  transferOut(req: TransferOutRequest): Promise<Reply<Transfer>> {
    const key = req.clientId === undefined ? null : `${req.user}:${req.clientId}`;
    // Answered from memory (no store round trip, which would cut the batch short) unless the id may be stored.
    const find = (): Transfer | undefined | Promise<Transfer | undefined> => {
      // A malformed id is refused by the apply; it never goes into a query.
      if (key === null || req.clientId === undefined || !isClientId(req.clientId)) return undefined;
      // Memory first: an entry leaves it only after its commit, when the store has it and the filter knows it. Only
      // this desk sends transfers from its wallet, so memory and its own rows are all there is: no other desk's.
      const pending = this.pendingOut.get(key);
      if (pending !== undefined || !this.transferClients.mayHave(key)) return pending;
      return this.o.store.transfers.findByClientId(req.user, this.wallet, req.clientId);
    };
    return this.runPrepared(find, (existing, b, time) => {
      const reply = this.changed(req.user, applyTransferOut(this.funds(time), b, req, existing));
      if (!reply.ok) return reply;
      if (existing === undefined) {
        if (key !== null) this.pendingOut.set(key, reply.value);
        b.relays.push(reply.value);
      } else if (existing.status === 'debited') {
        b.relays.push(existing); // a repeat: its relay may have been lost (the destination pays it once)
      }
      return reply;
    });
  }

  relayTransfer(transferId: string): Promise<Reply<Transfer>> {
    // Its own row (only this desk writes a debit from its wallet); one not yet committed is being relayed already.
    const find = () => (typeof transferId === 'string' && transferId.length <= 64 ? this.o.store.transfers.find(transferId) : Promise.resolve(undefined));
    return this.runPrepared(find, (row, b): Reply<Transfer> => {
      if (row === undefined || row.from !== this.wallet) return refuse('transfer.not.found');
      if (row.status === 'debited') b.relays.push(row);
      return accept(row);
    });
  }

  creditTransfer(relayed: unknown): Promise<Reply<Transfer>> {
    const t = parseRelayed(relayed);
    // Paid already: by a batch not yet committed (memory), or by a committed one (the row, which only this desk marks
    // credited). The row also proves the debit durable: the source relays only after its commit wrote it.
    const find = async () => {
      if (t === null || t.to !== this.wallet) return { credited: false, row: undefined };
      if (this.pendingIn.has(t.id)) return { credited: true, row: t };
      return { credited: false, row: await this.o.store.transfers.find(t.id) };
    };
    return this.runPrepared(find, ({ credited, row }, b, time) => {
      if (t !== null && t.to === this.wallet && !credited && (row === undefined || !sameTransfer(row, t))) return refuse('transfer.not.found');
      const reply = this.changed(t?.user, applyTransferIn(this.funds(time), b, t, credited || row?.status === 'credited'));
      if (reply.ok && t !== null && b.transfersIn.some((x) => x.id === t.id)) this.pendingIn.set(t.id, time);
      return reply;
    });
  }

  transferIn(transferId: string): Promise<Reply<Transfer>> {
    const find = async () => (typeof transferId === 'string' && transferId.length <= 64 ? this.o.store.transfers.find(transferId) : undefined);
    return this.runPrepared(find, (row): Reply<Transfer> => {
      if (row === undefined) return refuse('transfer.not.found');
      if (row.to !== this.wallet) return refuse('wallet.invalid');
      const at = this.pendingIn.get(row.id);
      return accept(at === undefined ? row : { ...row, status: 'credited', creditedAt: at });
    });
  }

  relayTo(relay: TransferRelay | null): void {
    this.relay = relay;
  }

  balances(user: number): Promise<Reply<BalanceView[]>> {
    return this.run(() => {
      const u = checkUser(user);
      if (!u.ok) return u;
      const assets = this.ledger.ledger.assets().filter((a) => {
        const view = balanceOf(this.ledger, this.wallet, u.value, a);
        return view.available !== '0' || view.frozen !== '0';
      });
      return accept(assets.map((a) => balanceOf(this.ledger, this.wallet, u.value, a)));
    });
  }

  /** Tells the desk (in the same command) that a user's balance changed by an operator or a transfer. */
  private changed<T>(user: number | undefined, reply: Reply<T>): Reply<T> {
    if (reply.ok && user !== undefined && Number.isSafeInteger(user)) this.o.fundsChanged?.(user as UserId);
    return reply;
  }

  /** Finishes queued commands and the last commit, then gives the lease back (a stopped desk writes nothing more). */
  async close(): Promise<void> {
    await this.sequencer.close();
    await this.o.lease.release().catch(() => this.o.lease.stopKeepAlive());
  }

  private seal(b: B): void {
    const time = this.o.clock();
    for (const t of b.touched.values()) {
      const topic = topics.userBalances(t.user);
      if (!b.wants(topic)) continue;
      const user = t.user as UserId;
      const asset = t.asset as Asset;
      const event: DeskEvent = {
        type: 'balance',
        user: t.user,
        wallet: t.wallet,
        asset: t.asset,
        available: dec(this.ledger.balance(userAccount(user, t.wallet, 'available'), asset)),
        frozen: dec(this.ledger.balance(userAccount(user, t.wallet, 'frozen'), asset)),
        time,
      };
      b.balanceEvents.push({ topic, event });
    }
  }

  private async commit(b: B): Promise<boolean> {
    // Only refusals and reads: nothing to write, nothing to wait for (unless they came from the command log, whose
    // position must then move past them before they are answered).
    if (b.isEmpty() && b.logSeq === null) {
      await this.relayOut(b); // a recovery's relay of a committed debit: nothing to write
      return false;
    }
    // Handed over at once: the store writes asynchronously (SQLite on its writer thread, PostgreSQL over the
    // network), and the requests read while this commit is in flight fill the next batch, so batches still grow
    // with the load. Waiting for the event loop's next turn first (which the synchronous in-thread driver needed)
    // would leave the writer idle while this thread works through every socket that is ready, adding that whole
    // turn to every order's latency.
    // The time of the batch's latest command, not of the commit: the same log applied again writes the same rows.
    const now = b.time > 0 ? b.time : this.o.clock();
    const { balances, system } = b.deltas();
    // Handed over while the previous commit may still be in flight: the store commits this one after it, or not at all.
    const after = this.lastCommit;
    const writing = this.o.store.commitDesk({
      lease: this.o.lease.renewal(),
      ledger: { desk: this.wallet, now, entries: b.entries, balances, system },
      records: b.records,
      transfersOut: b.transfersOut,
      transfersIn: b.transfersIn,
      settings: [...b.settings.values()],
      spot: this.o.spotWrites?.(b) ?? null,
      perp: this.o.perpWrites?.(b) ?? null,
      seconds: this.o.secondsWrites?.(b) ?? null,
      earn: this.o.earnWrites?.(b) ?? null,
      log: b.logSeq === null ? null : { desk: this.wallet, seq: b.logSeq },
    }, after);
    this.lastCommit = writing.then(() => true, () => false);
    await writing;
    // Durable: now the destinations may have them, before anyone is told of the debit. A relay that fails stops the
    // desk (its batch's callers are refused); a restarted one's recovery (Transfers.recover) relays them again.
    await this.relayOut(b);
    return true;
  }

  private async relayOut(b: B): Promise<void> {
    if (b.relays.length > 0 && this.relay !== null) await this.relay(b.relays);
  }

  private publish(b: B): void {
    for (const t of b.transfersOut) {
      if (t.clientId === null) continue;
      const key = `${t.user}:${t.clientId}`;
      this.transferClients.add(key); // before memory lets it go: the filter or memory always knows a stored id
      this.pendingOut.delete(key);
    }
    for (const t of b.transfersIn) this.pendingIn.delete(t.id);
    if (this.pendingAdmin.size > 0) for (const e of b.entries) if (e.reason.startsWith('admin.')) this.pendingAdmin.delete(e.ref);
    this.o.committed?.(b);
    for (const { topic, event } of b.events) this.o.bus.publish(topic, event);
    for (const { topic, event } of b.balanceEvents) this.o.bus.publish(topic, event);
  }
}

/**
 * A trading desk's balance side is its DeskCore's: the FundsDesk calls (operator adjustments, transfer halves,
 * balances) delegated, so each desk writes only what it trades.
 */
export abstract class CoreFunds<B extends DeskBatch> implements FundsDesk {
  abstract readonly wallet: Wallet;
  protected abstract readonly core: DeskCore<B>;

  get stopped(): boolean {
    return this.core.stopped;
  }

  metrics(): DeskMetrics {
    return this.core.metrics();
  }

  logged<R>(seq: number, call: () => R, time: number | null = null): { readonly value: R; readonly sequenced: boolean } {
    return this.core.logged(seq, call, time);
  }

  adjust(req: AdjustRequest): Promise<Reply<BalanceView>> {
    return this.core.adjust(req);
  }

  adjustOnce(req: AdjustOnceRequest): Promise<Reply<AdjustOnceResult>> {
    return this.core.adjustOnce(req);
  }

  locked(user: number): Promise<Reply<Array<{ asset: string; locked: string }>>> {
    return this.core.locked(user);
  }

  transferOut(req: TransferOutRequest): Promise<Reply<Transfer>> {
    return this.core.transferOut(req);
  }

  transferIn(transferId: string): Promise<Reply<Transfer>> {
    return this.core.transferIn(transferId);
  }

  relayTransfer(transferId: string): Promise<Reply<Transfer>> {
    return this.core.relayTransfer(transferId);
  }

  creditTransfer(relayed: unknown): Promise<Reply<Transfer>> {
    return this.core.creditTransfer(relayed);
  }

  relayTo(relay: TransferRelay | null): void {
    this.core.relayTo(relay);
  }

  balances(user: number): Promise<Reply<BalanceView[]>> {
    return this.core.balances(user);
  }

  abstract close(): Promise<void>;
}
