// The seconds desk: owns the seconds wallet, the house account (system:seconds-house) and every seconds contract.
// Commands are sequenced, applied against memory, committed in groups and only then answered and published, as
// the other desks'. A contract opens on the price record's entry at acceptance (a timed order: at its start) and
// settles on the entry at or before its delivery instant, with contract/seconds-record.ts's settle(): the same
// function the verifier runs. Nothing here, in the config or in any table chooses an outcome.
//
// Ledger (USDT, minor units): place: available −(stake + fee), frozen +stake, fee-income +fee. Schedule: available
// −(stake + fee), frozen +(stake + fee); at its start the fee goes to fee-income. Cancel: the frozen stake and fee
// back to available. Settle: frozen −stake, available +payout, house +(stake − payout) (negative on a win). The house
// must always hold the worst case of the open contracts (kernel/seconds Exposure), so it never goes below zero.
import { systemClock, type Clock } from '../../clock.ts';
import {
  SECONDS_ASSET, type PriceRecordEntry, type SecondsConfigItem, type SecondsContractItem, type SecondsDirection, type SecondsStatus,
} from '../../contract/seconds.ts';
import { feeOf, settle, unitsOf, unitsText } from '../../contract/seconds-record.ts';
import { asset as toAsset, Code, EXTERNAL, FEE_INCOME, SECONDS_HOUSE, userAccount, type Asset, type Posting, type UserId } from '../../kernel/index.ts';
import { checkStake, exposureOf, Exposure, termsProblem } from '../../kernel/seconds/index.ts';
import type { Bus } from '../../bus/index.ts';
import type { Store } from '../../store/index.ts';
import type { SecondsConfigRow, SecondsContractRow } from '../../store/seconds.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { CoreFunds, DeskCore, loadLocks, loadOwned, ownership } from '../core.ts';
import { topics, type DeskEvent } from '../events.ts';
import { adminRef, isMemo, isRequestId } from '../funds.ts';
import { DeskLease } from '../lease.ts';
import { DeskLedger } from '../ledger.ts';
import { addRecords } from '../records.ts';
import { checkUser, isClientId } from '../validate.ts';
import { DueQueue } from './due.ts';
import { clientKey, configKey, contractView, DEMO_DURATIONS, DEMO_FEE_RATE, SecondsBatch } from './state.ts';

export const SECONDS_SYSTEM_ACCOUNTS = [SECONDS_HOUSE];
/** An entry older than this at acceptance is no price to open on (seconds.price.unavailable). */
export const PRICE_STALE_MS = 5_000;
/** Contracts opened or settled per desk command: big enough for few commits, small enough to let orders in between. */
export const DUE_CHUNK = 2_000;
const USDT = toAsset(SECONDS_ASSET);
const DIRECTIONS: readonly string[] = ['up', 'down'];

/** What the desk reads of the public price record (jobs/price-record.ts). */
export interface RecordReader {
  readonly markets: readonly string[];
  latest(market: string): PriceRecordEntry | undefined;
  atOrBefore(market: string, ts: number): Promise<PriceRecordEntry | undefined>;
  atOrBeforeCached(market: string, ts: number): PriceRecordEntry | null | undefined;
  knownThrough(): number;
}

/** A refusal may carry the bound it broke, in decimal text (`seconds.amount.below.min`: data.min). */
export type SecondsReply<T> = Reply<T> | { readonly ok: false; readonly code: string; readonly data: { readonly min?: string; readonly max?: string } };

export interface SecondsPlace {
  readonly user: number;
  readonly market: string;
  readonly direction: string;
  readonly durationS: number;
  readonly amount: string;
  readonly clientId?: string | undefined;
  /** A timed order's start (Unix ms); absent: open now. */
  readonly startTs?: number | undefined;
}

export interface SecondsPlaced {
  readonly contract: SecondsContractItem;
  readonly duplicate: boolean;
}

export interface SecondsConfigChange {
  readonly market: string;
  readonly durationS: number;
  readonly payoutRatio?: string | undefined;
  readonly lossRatio?: string | undefined;
  readonly minAmount?: string | undefined;
  readonly maxAmount?: string | undefined;
  readonly feeRate?: string | undefined;
  readonly enabled?: boolean | undefined;
}

export interface SecondsDeskOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock?: Clock | undefined;
  readonly holder?: string | undefined;
  readonly leaseTtlMs?: number | undefined;
  readonly onStop?: ((error: unknown) => void) | undefined;
  /** Told when a contract settled (after its commit): the bench measures lateness with it. */
  readonly onSettled?: ((contract: SecondsContractRow, committedAt: number) => void) | undefined;
}

interface State {
  readonly ledger: DeskLedger;
  readonly config: Map<string, SecondsConfigRow>;
  readonly limits: Map<string, bigint>;
  readonly open: Map<number, SecondsContractRow>;
  readonly clientIndex: Map<string, number>;
  nextId: number;
}

export class SecondsDesk extends CoreFunds<SecondsBatch> {
  readonly wallet = 'seconds' as const;
  protected readonly core: DeskCore<SecondsBatch>;
  private readonly s: State;
  private readonly o: SecondsDeskOptions;
  private readonly clock: Clock;
  private readonly exposure = new Exposure();
  private readonly due = new DueQueue();
  /** Client ids and house requests of batches not yet committed (the store can't answer for them yet). */
  private readonly pendingClient = new Map<string, SecondsContractRow>();
  private readonly pendingHouse = new Set<string>();
  private record: RecordReader | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private draining: Promise<void> | null = null;
  private again = false;
  private closed = false;

  private constructor(o: SecondsDeskOptions, s: State, lease: DeskLease, locks: Map<string, bigint>) {
    super();
    this.o = o;
    this.s = s;
    this.clock = o.clock ?? systemClock;
    this.core = new DeskCore<SecondsBatch>({
      wallet: 'seconds', store: o.store, bus: o.bus, clock: this.clock, lease, ledger: s.ledger, locks,
      newBatch: () => new SecondsBatch((topic) => o.bus.hasSubscribers(topic)),
      secondsWrites: (b) => b.writes(),
      committed: (b) => {
        const at = this.clock();
        for (const row of b.contracts.values()) {
          if (row.clientId !== null) {
            const key = clientKey(row.user, row.clientId);
            if (this.pendingClient.get(key) === row) this.pendingClient.delete(key);
          }
          if (row.status === 'settled') o.onSettled?.(row, at);
        }
        for (const e of b.entries) if (e.reason.startsWith('admin.')) this.pendingHouse.delete(e.ref);
      },
      // Stakes and fees of open contracts are frozen by the desk: an operator's unfreeze can't release them.
      reserved: (user, a) => (a === USDT ? this.held(user) : 0n),
      onStop: (error) => o.onStop?.(error),
    });
    for (const c of s.open.values()) {
      this.exposure.apply(c.market, exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio));
      this.due.push(c.status === 'pending' ? c.scheduledTs! : c.deliveryTs, c.id);
    }
  }

  static async open(o: SecondsDeskOptions): Promise<SecondsDesk> {
    const clock = o.clock ?? systemClock;
    const lease = new DeskLease({ store: o.store, desk: 'seconds', clock, holder: o.holder, ttlMs: o.leaseTtlMs });
    await lease.acquire();
    try {
      const owned = await loadOwned(o.store, 'seconds', SECONDS_SYSTEM_ACCOUNTS);
      const ledger = new DeskLedger('seconds', ownership('seconds', SECONDS_SYSTEM_ACCOUNTS), owned, await o.store.ledger.lastSeq('seconds'));
      const config = new Map((await o.store.seconds.config()).map((r) => [configKey(r.market, r.durationS), r]));
      const limits = new Map((await o.store.seconds.limits()).map((l) => [`${l.market}:${l.direction}`, l.maxExposure]));
      const open = new Map<number, SecondsContractRow>();
      const clientIndex = new Map<string, number>();
      for (const c of await o.store.seconds.open()) {
        open.set(c.id, c);
        if (c.clientId !== null) clientIndex.set(clientKey(c.user, c.clientId), c.id);
      }
      const state: State = { ledger, config, limits, open, clientIndex, nextId: (await o.store.seconds.maxId()) + 1 };
      return new SecondsDesk(o, state, lease, await loadLocks(o.store, 'seconds'));
    } catch (error) {
      await lease.release();
      throw error;
    }
  }

  /** Connects the price record (server.ts, once the record job runs): opening and settling wait for it. */
  attachRecord(record: RecordReader): void {
    this.record = record;
    this.kick();
  }

  /** Frozen funds of a user's open contracts. */
  private held(user: UserId): bigint {
    let sum = 0n;
    for (const c of this.s.open.values()) if (c.user === user) sum += c.amount + (c.status === 'pending' ? c.fee : 0n);
    return sum;
  }

  get houseBalance(): bigint {
    return this.s.ledger.balance(SECONDS_HOUSE, USDT);
  }

  // ---- config ----

  configList(all = false): SecondsConfigItem[] {
    return [...this.s.config.values()]
      .filter((r) => all || r.enabled)
      .sort((a, b) => (a.market < b.market ? -1 : a.market > b.market ? 1 : a.durationS - b.durationS))
      .map((r) => ({
        market: r.market, durationS: r.durationS, payoutRatio: unitsText(r.payoutRatio), lossRatio: unitsText(r.lossRatio),
        minAmount: unitsText(r.minAmount), maxAmount: unitsText(r.maxAmount), feeRate: unitsText(r.feeRate), enabled: r.enabled,
      }));
  }

  limitList(): Array<{ market: string; direction: SecondsDirection; maxExposure: string; exposure: string }> {
    const out: Array<{ market: string; direction: SecondsDirection; maxExposure: string; exposure: string }> = [];
    for (const [key, max] of this.s.limits) {
      const [market, direction] = key.split(':') as [string, SecondsDirection];
      out.push({ market, direction, maxExposure: unitsText(max), exposure: unitsText(this.exposure.of(market, direction)) });
    }
    return out.sort((a, b) => (a.market < b.market ? -1 : a.market > b.market ? 1 : a.direction < b.direction ? -1 : 1));
  }

  /** The house: its balance, what the open contracts could cost it at worst, and what is free. */
  house(): { balance: string; required: string; free: string } {
    const bal = this.houseBalance;
    return { balance: unitsText(bal), required: unitsText(this.exposure.required), free: unitsText(bal - this.exposure.required) };
  }

  /** Sets (or creates) one row of the table; a field left out keeps its value (a new row: 100 % loss, spec bounds, no fee). */
  setConfig(change: SecondsConfigChange): Promise<Reply<SecondsConfigItem> | { ok: false; code: string; problem: string }> {
    return this.core.run((b, time) => {
      const key = configKey(change.market, change.durationS);
      const cur = this.s.config.get(key);
      if (this.record !== null && !this.record.markets.includes(change.market) && cur === undefined) return refuse<SecondsConfigItem>('market.unknown');
      if (!Number.isSafeInteger(change.durationS) || change.durationS < 1 || change.durationS > 30 * 86_400) return { ok: false as const, code: 'seconds.duration.unknown', problem: 'the duration must be 1 s to 30 days' };
      const ratio = (text: string | undefined, fallback: bigint | undefined): bigint | null | undefined => (text === undefined ? fallback : unitsOf(text));
      const terms = {
        payoutRatio: ratio(change.payoutRatio, cur?.payoutRatio), lossRatio: ratio(change.lossRatio, cur?.lossRatio ?? 100_000_000n),
        minAmount: ratio(change.minAmount, cur?.minAmount ?? 1_000n * 100_000_000n), maxAmount: ratio(change.maxAmount, cur?.maxAmount ?? 9_999_999n * 100_000_000n),
        feeRate: ratio(change.feeRate, cur?.feeRate ?? 0n),
      };
      for (const [k, v] of Object.entries(terms)) if (v === null || v === undefined) return { ok: false as const, code: 'amount.invalid', problem: `${k} is missing or not a decimal` };
      const t = terms as { payoutRatio: bigint; lossRatio: bigint; minAmount: bigint; maxAmount: bigint; feeRate: bigint };
      const problem = termsProblem(t);
      if (problem !== null) return { ok: false as const, code: 'amount.invalid', problem };
      const row: SecondsConfigRow = { market: change.market, durationS: change.durationS, ...t, enabled: change.enabled ?? cur?.enabled ?? true, updatedAt: time };
      this.s.config.set(key, row);
      b.config.push(row);
      b.size++;
      return accept(this.configList(true).find((r) => r.market === row.market && r.durationS === row.durationS)!);
    });
  }

  /** The house's net exposure limit of a market and direction (null: remove it, no limit). */
  setLimit(market: string, direction: SecondsDirection, maxExposure: string | null): Promise<Reply<{ market: string; direction: SecondsDirection; maxExposure: string | null }>> {
    return this.core.run((b, time) => {
      if (!DIRECTIONS.includes(direction)) return refuse('order.side.invalid');
      if (this.record !== null && !this.record.markets.includes(market)) return refuse('market.unknown');
      const max = maxExposure === null ? null : unitsOf(maxExposure);
      if (maxExposure !== null && max === null) return refuse('amount.invalid');
      const key = `${market}:${direction}`;
      // "No limit" is stored as the largest amount a column holds.
      const stored = max ?? 2n ** 63n - 1n;
      if (max === null) this.s.limits.delete(key);
      else this.s.limits.set(key, max);
      b.limits.push({ market, direction, maxExposure: stored, updatedAt: time });
      b.size++;
      return accept({ market, direction, maxExposure: max === null ? null : unitsText(max) });
    });
  }

  /** Demo defaults for markets that have no row yet (first start). */
  seedDefaults(markets: readonly string[]): Promise<number> {
    return this.core.run((b, time) => {
      let n = 0;
      for (const market of markets) {
        if ([...this.s.config.values()].some((r) => r.market === market)) continue;
        for (const [durationS, payoutRatio] of DEMO_DURATIONS) {
          const row: SecondsConfigRow = {
            market, durationS, payoutRatio, lossRatio: 100_000_000n, minAmount: 1_000n * 100_000_000n, maxAmount: 9_999_999n * 100_000_000n,
            feeRate: DEMO_FEE_RATE, enabled: true, updatedAt: time,
          };
          this.s.config.set(configKey(market, durationS), row);
          b.config.push(row);
          n++;
        }
      }
      if (n > 0) b.size++;
      return n;
    });
  }

  /** Credits (from outside) or debits the house, once per request id; a debit leaves what open contracts need. */
  fundHouse(req: { action: 'credit' | 'debit'; amount: string; memo: string; requestId: string }): Promise<Reply<{ balance: string; duplicate: boolean; ref: string }>> {
    const ref = isRequestId(req.requestId) && isMemo(req.memo) ? adminRef(req.memo, req.requestId) : null;
    const seen = async () => ref !== null && (this.pendingHouse.has(ref) || (await this.o.store.adminLedger.hasEntry('seconds', ref)));
    return this.core.runPrepared(seen, (applied, b, time) => {
      if (ref === null) return refuse(isRequestId(req.requestId) ? 'memo.invalid' : 'request.id.invalid');
      if (applied) return accept({ balance: unitsText(this.houseBalance), duplicate: true, ref });
      const amount = unitsOf(req.amount);
      if (amount === null || amount <= 0n) return refuse('amount.invalid');
      if (req.action === 'debit' && this.houseBalance - amount < this.exposure.required) return refuseKernel(Code.INSUFFICIENT_FUNDS);
      const sign = req.action === 'credit' ? 1n : -1n;
      const postings: Posting[] = [
        { account: SECONDS_HOUSE, asset: USDT, amount: sign * amount } as Posting,
        { account: EXTERNAL, asset: USDT, amount: -sign * amount } as Posting,
      ];
      const r = this.s.ledger.tryPost(b, `admin.${req.action}`, ref, time, postings);
      if (r.code !== Code.OK) return refuseKernel(r.code);
      this.pendingHouse.add(ref);
      return accept({ balance: unitsText(this.houseBalance), duplicate: false, ref });
    });
  }

  // ---- the user's commands ----

  /** Opens a contract now, or (with startTs) reserves a timed one. */
  place(req: SecondsPlace): Promise<SecondsReply<SecondsPlaced>> {
    const key = req.clientId !== undefined && isClientId(req.clientId) ? clientKey(req.user, req.clientId) : null;
    const find = async (): Promise<SecondsContractRow | undefined> => {
      if (key === null || req.clientId === undefined) return undefined;
      const pending = this.pendingClient.get(key);
      if (pending !== undefined) return pending;
      const id = this.s.clientIndex.get(key);
      if (id !== undefined) return this.s.open.get(id);
      return this.o.store.seconds.byClientId(req.user, req.clientId);
    };
    return this.core.runPrepared(find, (existing, b, time) => this.applyPlace(req, existing, b, time));
  }

  private applyPlace(req: SecondsPlace, existing: SecondsContractRow | undefined, b: SecondsBatch, time: number): SecondsReply<SecondsPlaced> {
    const u = checkUser(req.user);
    if (!u.ok) return u;
    if (req.clientId !== undefined && !isClientId(req.clientId)) return refuse('order.client.id.invalid');
    // A repeat answers the first contract, whatever it says now.
    if (existing !== undefined) return accept({ contract: contractView(b.contracts.get(existing.id) ?? this.s.open.get(existing.id) ?? existing), duplicate: true });
    const record = this.record;
    if (record === null || !record.markets.includes(req.market)) return { ok: false, code: record === null ? 'seconds.price.unavailable' : 'seconds.market.unknown' };
    if (!DIRECTIONS.includes(req.direction)) return refuse('order.side.invalid');
    const direction = req.direction as SecondsDirection;
    const row = this.s.config.get(configKey(req.market, req.durationS));
    if (row === undefined) return { ok: false, code: [...this.s.config.values()].some((r) => r.market === req.market) ? 'seconds.duration.unknown' : 'seconds.market.unknown' };
    if (!row.enabled) return { ok: false, code: 'seconds.duration.disabled' };
    const stake = typeof req.amount === 'string' ? unitsOf(req.amount) : null;
    if (stake === null || stake <= 0n) return refuse('amount.invalid');
    const bounds = checkStake(stake, row);
    if (!bounds.ok) return { ok: false, code: bounds.code, data: bounds.code === 'seconds.amount.below.min' ? { min: unitsText(bounds.bound) } : { max: unitsText(bounds.bound) } };
    const timed = req.startTs !== undefined;
    if (timed && (!Number.isSafeInteger(req.startTs) || req.startTs! <= time)) return { ok: false, code: 'seconds.start.in.past' };
    let openTs: number | null = null;
    let entry: PriceRecordEntry | null = null;
    if (!timed) {
      // The entry at acceptance: the last durable one at or before the instant the record is final through.
      // (An entry may carry a time up to a millisecond past the desk's clock: the record never writes behind an
      // instant it declared final; then that entry's own time is the open time.)
      const known = record.knownThrough();
      const latest = record.latest(req.market);
      openTs = latest !== undefined && latest.ts > time && latest.ts <= known ? latest.ts : Math.min(time, known);
      entry = record.atOrBeforeCached(req.market, openTs) ?? null;
      if (entry === null || time - entry.ts > PRICE_STALE_MS) return { ok: false, code: 'seconds.price.unavailable' };
    }
    // The house: the market and direction's limit, then what it holds against every market's worst case.
    const delta = exposureOf(direction, stake, row.payoutRatio, row.lossRatio);
    const after = this.exposure.preview(req.market, delta);
    const limit = this.s.limits.get(`${req.market}:${direction}`);
    if (limit !== undefined && after[direction] > limit) return { ok: false, code: 'seconds.exposure.limit' };
    if (after.required > this.houseBalance) return { ok: false, code: 'seconds.exposure.limit' };
    const fee = feeOf(stake, row.feeRate);
    const user = u.value;
    if (this.s.ledger.balance(userAccount(user, 'seconds', 'available'), USDT) < stake + fee) return refuseKernel(Code.INSUFFICIENT_FUNDS);
    const id = this.s.nextId;
    const ref = `seconds:${id}`;
    const postings: Posting[] = [
      { account: userAccount(user, 'seconds', 'available'), asset: USDT, amount: -(stake + fee) } as Posting,
      { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: timed ? stake + fee : stake } as Posting,
    ];
    if (!timed && fee > 0n) postings.push({ account: FEE_INCOME, asset: USDT, amount: fee } as Posting);
    const posted = this.s.ledger.tryPost(b, timed ? 'seconds.schedule' : 'seconds.place', ref, time, postings);
    if (posted.code !== Code.OK) return refuseKernel(posted.code);
    if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_stake', timed ? undefined : () => fee, () => 'seconds_fee');
    this.s.nextId++;
    const start = timed ? req.startTs! : openTs!;
    const c: SecondsContractRow = {
      id, user, clientId: req.clientId ?? null, market: req.market, direction, durationS: req.durationS, amount: stake, fee,
      payoutRatio: row.payoutRatio, lossRatio: row.lossRatio, scheduledTs: timed ? start : null, openTs, deliveryTs: start + req.durationS * 1000,
      openPrice: entry?.price ?? null, settlePrice: null, openRecordSeq: entry?.seq ?? null, openRecordHash: entry?.hash ?? null,
      settleRecordSeq: null, settleRecordHash: null, outcome: null, payout: null, status: timed ? 'pending' : 'holding', createdAt: time, settledAt: null,
    };
    this.exposure.apply(req.market, delta);
    this.put(b, c);
    if (c.clientId !== null) {
      this.s.clientIndex.set(clientKey(user, c.clientId), id);
      this.pendingClient.set(clientKey(user, c.clientId), c);
    }
    this.due.push(timed ? start : c.deliveryTs, id);
    this.arm();
    return accept({ contract: contractView(c), duplicate: false });
  }

  /** Cancels a timed order that has not started; its stake and fee return to available. */
  cancelScheduled(req: { user: number; id: number }): Promise<Reply<SecondsContractItem>> {
    return this.core.run((b, time) => {
      const c = this.s.open.get(req.id);
      if (c === undefined || c.user !== req.user) return { ok: false, code: 'seconds.not.found' };
      if (c.status !== 'pending' || time >= c.scheduledTs!) return { ok: false, code: 'seconds.not.cancellable' };
      const user = c.user as UserId;
      const back = c.amount + c.fee;
      const posted = this.s.ledger.tryPost(b, 'seconds.cancel', `seconds:${c.id}`, time, [
        { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: -back } as Posting,
        { account: userAccount(user, 'seconds', 'available'), asset: USDT, amount: back } as Posting,
      ]);
      if (posted.code !== Code.OK) return refuseKernel(posted.code);
      if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_cancel');
      this.exposure.apply(c.market, exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio), -1n);
      const done: SecondsContractRow = { ...c, status: 'cancelled', settledAt: time };
      this.put(b, done);
      return accept(contractView(done));
    });
  }

  /** A user's open contracts of a status, newest first (from memory: these are all open). */
  openOf(user: number, status: 'pending' | 'holding'): SecondsContractItem[] {
    const out: SecondsContractItem[] = [];
    for (const c of this.s.open.values()) if (c.user === user && c.status === status) out.push(contractView(c));
    return out.sort((a, b) => Number(b.id) - Number(a.id));
  }

  /** How many contracts are open (pending or holding). */
  get openCount(): number {
    return this.s.open.size;
  }

  private put(b: SecondsBatch, c: SecondsContractRow): void {
    b.contracts.set(c.id, c);
    b.size++;
    if (c.status === 'pending' || c.status === 'holding') this.s.open.set(c.id, c);
    else {
      this.s.open.delete(c.id);
      if (c.clientId !== null) this.s.clientIndex.delete(clientKey(c.user, c.clientId));
    }
    const topic = topics.userSeconds(c.user);
    if (b.wants(topic)) b.emit(topic, { type: 'seconds.contract', contract: contractView(c) });
  }

  // ---- timers: opening timed orders and settling, each on its own instant's entry ----

  /** Opens and settles everything due that the record is final for; resolves when nothing more is. */
  runDue(): Promise<void> {
    if (this.draining !== null) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          // One command per chunk, all handed to the sequencer at once: their commits pipeline like any others.
          const chunks: Array<Promise<void>> = [];
          for (let p = this.step(); p !== null; p = this.step()) chunks.push(p);
          await Promise.all(chunks);
        } while (this.again);
      } finally {
        this.draining = null;
        this.arm();
      }
    })();
    return this.draining;
  }

  /** One command over up to DUE_CHUNK due contracts; null when none was due. */
  private step(): Promise<void> | null {
    const record = this.record;
    if (record === null || this.closed || this.core.stopped) return null;
    const through = record.knownThrough();
    const ids: number[] = [];
    while (ids.length < DUE_CHUNK) {
      const t = this.due.peek();
      if (t === undefined || t > through) break;
      ids.push(this.due.pop()!.id);
    }
    if (ids.length === 0) return null;
    // The entries each contract needs, read before the command (from memory, or the store after a long stop).
    const load = async () => {
      const entries = new Map<number, PriceRecordEntry | undefined>();
      for (const id of ids) {
        const c = this.s.open.get(id);
        if (c === undefined) continue;
        const at = c.status === 'pending' ? c.scheduledTs! : c.deliveryTs;
        const cached = record.atOrBeforeCached(c.market, at);
        entries.set(id, cached ?? (cached === null ? await record.atOrBefore(c.market, at) : await this.o.store.seconds.atOrBefore(c.market, at)));
      }
      return entries;
    };
    return this.core.runPrepared(load, (entries, b, time) => {
      for (const id of ids) {
        const c = this.s.open.get(id);
        if (c === undefined) continue; // cancelled or handled since it was queued
        if (c.status === 'pending') this.openTimed(b, c, entries.get(id), time);
        else this.settleOne(b, c, entries.get(id), time);
      }
    });
  }

  private openTimed(b: SecondsBatch, c: SecondsContractRow, entry: PriceRecordEntry | undefined, time: number): void {
    const user = c.user as UserId;
    if (entry === undefined) {
      // No record entry at or before its start (a market recorded for the first time after it): it never opened.
      const back = c.amount + c.fee;
      const posted = this.s.ledger.tryPost(b, 'seconds.cancel', `seconds:${c.id}`, time, [
        { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: -back } as Posting,
        { account: userAccount(user, 'seconds', 'available'), asset: USDT, amount: back } as Posting,
      ]);
      if (posted.code !== Code.OK) throw new Error(`seconds ${c.id}: refund refused (${posted.code})`);
      if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_cancel');
      this.exposure.apply(c.market, exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio), -1n);
      this.put(b, { ...c, status: 'cancelled', settledAt: time });
      return;
    }
    if (c.fee > 0n) {
      const posted = this.s.ledger.tryPost(b, 'seconds.open', `seconds:${c.id}`, time, [
        { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: -c.fee } as Posting,
        { account: FEE_INCOME, asset: USDT, amount: c.fee } as Posting,
      ]);
      if (posted.code !== Code.OK) throw new Error(`seconds ${c.id}: fee refused (${posted.code})`);
      if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_fee');
    }
    const opened: SecondsContractRow = { ...c, status: 'holding', openTs: c.scheduledTs, openPrice: entry.price, openRecordSeq: entry.seq, openRecordHash: entry.hash };
    this.put(b, opened);
    this.due.push(opened.deliveryTs, opened.id);
  }

  private settleOne(b: SecondsBatch, c: SecondsContractRow, entry: PriceRecordEntry | undefined, time: number): void {
    const open = unitsOf(c.openPrice ?? '');
    const close = entry === undefined ? null : unitsOf(entry.price);
    // The open entry is at or before delivery, so an entry always exists; a store that says otherwise must stop the desk.
    if (entry === undefined || open === null || close === null) throw new Error(`seconds ${c.id}: no record entry at ${c.deliveryTs}`);
    const s = settle(c.direction, c.amount, c.payoutRatio, c.lossRatio, open, close);
    const user = c.user as UserId;
    const postings: Posting[] = [
      { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: -c.amount } as Posting,
      { account: userAccount(user, 'seconds', 'available'), asset: USDT, amount: s.payout } as Posting,
    ];
    if (s.payout !== c.amount) postings.push({ account: SECONDS_HOUSE, asset: USDT, amount: c.amount - s.payout } as Posting);
    const posted = this.s.ledger.tryPost(b, 'seconds.settle', `seconds:${c.id}`, time, postings);
    if (posted.code !== Code.OK) throw new Error(`seconds ${c.id}: settlement refused (${posted.code})`);
    if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_payout');
    this.exposure.apply(c.market, exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio), -1n);
    this.put(b, {
      ...c, status: 'settled', settlePrice: entry.price, settleRecordSeq: entry.seq, settleRecordHash: entry.hash, outcome: s.outcome, payout: s.payout, settledAt: time,
    });
  }

  /**
   * Wakes at the next due instant (+1 ms: the record is final only after it), at most a second away. A timer already
   * set for that instant or sooner is kept: re-arming on every new contract would keep pushing it back under a
   * steady stream of them (a timer reset on each request never reaches its turn while requests keep coming).
   */
  private arm(): void {
    if (this.closed || this.record === null) return;
    const next = this.due.peek();
    if (next === undefined) return;
    const now = this.clock();
    const at = Math.min(next + 1, now + 1_000);
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runDue().catch(() => undefined);
    }, Math.max(0, at - now));
    this.timer.unref();
  }

  /** Wakes the timers (a record append, the record attached). */
  kick(): void {
    void this.runDue().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.draining?.catch(() => undefined);
    await this.core.close();
  }
}

export type { SecondsStatus };
