// The seconds desk: owns the seconds wallet, the house account (system:seconds-house) and every seconds contract.
// Commands are sequenced, applied against memory, committed in groups and only then answered and published, as
// the other desks'. A contract is "opening" from its acceptance (a timed order: from its start) until the price
// record's first entry of its market with a time after that instant, and opens on that entry (so nobody knows the
// open price when placing it); with none within SECONDS_OPEN_WAIT_MS it is refunded in full. It settles on the entry
// at or before its delivery instant, with contract/seconds-record.ts's settle(): the same function the verifier
// runs. Nothing here, in the config or in any table chooses an outcome.
//
// Ledger (USDT, minor units): place: available −(stake + fee), frozen +stake, fee-income +fee. Schedule: available
// −(stake + fee), frozen +(stake + fee); when it opens the fee goes to fee-income. Cancel (by the user, or at the
// reservation when the house has no room) and the refund of a timed order that never opened: the frozen stake and
// fee back to available. Refund of a placed contract that never opened: frozen −stake, fee-income −fee, available
// +(stake + fee). Settle: frozen −stake, available +payout, house +(stake − payout) (negative on a win). The house
// must always hold the worst case of the contracts it has reserved (kernel/seconds Exposure), so it never goes below
// zero. A timed order is reserved only SECONDS_RESERVE_BEFORE_MS before its start (and may start at most the
// operator's horizon ahead), so orders far ahead hold nobody else's room.
import { systemClock, type Clock } from '../../clock.ts';
import {
  SECONDS_ASSET, SECONDS_OPEN_WAIT_MS, SECONDS_RESERVE_BEFORE_MS, type PriceRecordEntry, type SecondsConfigItem, type SecondsContractItem,
  type SecondsDirection, type SecondsEndReason, type SecondsStatus,
} from '../../contract/seconds.ts';
import { feeOf, settle, unitsOf, unitsText } from '../../contract/seconds-record.ts';
import { asset as toAsset, Code, EXTERNAL, FEE_INCOME, SECONDS_HOUSE, userAccount, type Asset, type Posting, type UserId } from '../../kernel/index.ts';
import { checkStake, exposureOf, Exposure, termsProblem } from '../../kernel/seconds/index.ts';
import type { Bus } from '../../bus/index.ts';
import type { Store } from '../../store/index.ts';
import { settingLimitRow, type SecondsConfigRow, type SecondsContractRow, type SecondsSettingName, type SecondsSettingRow } from '../../store/seconds.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { CoreFunds, DeskCore, loadOwned, openUnderLease, ownership, type FundsMemory } from '../core.ts';
import { loadClientIds, type ClientIdFilter } from '../client-ids.ts';
import { topics, type DeskEvent } from '../events.ts';
import { adminRef, isMemo, isRequestId } from '../funds.ts';
import type { DeskLease } from '../lease.ts';
import { DeskLedger } from '../ledger.ts';
import { addRecords } from '../records.ts';
import { checkUser, isClientId } from '../validate.ts';
import { DueQueue } from './due.ts';
import { LoggedRecord, parseRecordEntries, RECORD_SEEN_KEY } from './logged-record.ts';
import { clientKey, configKey, contractView, DEMO_DURATIONS, DEMO_FEE_RATE, SecondsBatch } from './state.ts';

export const SECONDS_SYSTEM_ACCOUNTS = [SECONDS_HOUSE];
/** An entry older than this at acceptance is no price to open on (seconds.price.unavailable). */
export const PRICE_STALE_MS = 5_000;
/** Contracts opened or settled per desk command: big enough for few commits, small enough to let orders in between. */
export const DUE_CHUNK = 2_000;
/** The operator's settings when never set: timed orders up to 24 h ahead; 20 of them, 10,000,000 USDT of stakes, a user. */
export const DEFAULT_HORIZON_MS = 86_400_000;
export const DEFAULT_USER_ORDERS = 20;
export const DEFAULT_USER_AMOUNT = 10_000_000n * 100_000_000n;
/** The longest horizon the operator may set (30 days): deliveries stay far inside the safe integers and dates. */
export const MAX_HORIZON_MS = 30 * 86_400_000;
const USDT = toAsset(SECONDS_ASSET);
const DIRECTIONS: readonly string[] = ['up', 'down'];

/** What the desk reads of the public price record (jobs/price-record.ts). */
export interface RecordReader {
  readonly markets: readonly string[];
  latest(market: string): PriceRecordEntry | undefined;
  atOrBefore(market: string, ts: number): Promise<PriceRecordEntry | undefined>;
  atOrBeforeCached(market: string, ts: number): PriceRecordEntry | null | undefined;
  /** The first entry after `ts` from memory (undefined: none yet; null: ask the store). */
  firstAfterCached(market: string, ts: number): PriceRecordEntry | null | undefined;
  knownThrough(): number;
  /** A contract accepted now opens after this instant (jobs/price-record.ts: no entry seen or being written is after it). */
  acceptanceTs(): number;
}

/**
 * A refusal may carry the bound it broke (`seconds.amount.below.min`: data.min in decimal text;
 * `seconds.start.beyond.horizon`: data.maxStartTs and data.horizonS; `seconds.pending.limit`: data.maxCount and data.maxAmount).
 */
export type SecondsReply<T> = Reply<T> | { readonly ok: false; readonly code: string; readonly data: Readonly<Record<string, string | number>> };

/** The desk-wide settings the operator sets (`npm run admin -- seconds settings set`). */
export interface SecondsSettings {
  /** How far ahead a timed order may start (ms). */
  readonly horizonMs: number;
  /** Timed orders not started one user may hold. */
  readonly userOrders: number;
  /** The stakes of those orders together (minor units). */
  readonly userAmount: bigint;
}
export interface SecondsSettingsView {
  horizonS: number;
  userOrders: number;
  userAmount: string;
}
export interface SecondsSettingsChange {
  readonly horizonS?: number | undefined;
  readonly userOrders?: number | undefined;
  readonly userAmount?: string | undefined;
}

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
  settings: SecondsSettings;
  readonly open: Map<number, SecondsContractRow>;
  readonly clientIndex: Map<string, number>;
  /** Every `user:clientId` the store may hold (added when its batch commits): a new id needs no store look-up. */
  readonly storedClients: ClientIdFilter;
  nextId: number;
}

/** A contract the house counts: accepted now, or a timed order from its reservation. */
const reserved = (c: SecondsContractRow): boolean => c.reservedTs !== null;
/** Whether a contract's fee is still frozen (a timed order's, until it opens). */
const feeFrozen = (c: SecondsContractRow): boolean => c.scheduledTs !== null && c.openTs === null;

/** When an open contract next needs the desk. */
function dueOf(c: SecondsContractRow): number {
  if (c.status === 'pending') return c.reservedTs === null ? c.scheduledTs! - SECONDS_RESERVE_BEFORE_MS : c.scheduledTs!;
  if (c.status === 'opening') return c.acceptedTs! + SECONDS_OPEN_WAIT_MS;
  return c.deliveryTs;
}

function settingsOf(rows: readonly SecondsSettingRow[]): SecondsSettings {
  const of = (name: SecondsSettingName) => rows.find((r) => r.name === name)?.value;
  return {
    horizonMs: Number(of('horizon') ?? BigInt(DEFAULT_HORIZON_MS)),
    userOrders: Number(of('user.orders') ?? BigInt(DEFAULT_USER_ORDERS)),
    userAmount: of('user.amount') ?? DEFAULT_USER_AMOUNT,
  };
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
  /** Contracts opening and not being handled: each opens once its market's record has an entry after its acceptance. */
  private readonly opening = new Map<number, SecondsContractRow>();
  /** Each user's timed orders not started: how many and their stakes (the per-user cap). */
  private readonly pendingOf = new Map<number, { count: number; amount: bigint }>();
  /** State changes made by due commands (runDue goes round again while they happen). */
  private progress = 0;
  private record: RecordReader | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private draining: Promise<void> | null = null;
  private again = false;
  private closed = false;

  private constructor(o: SecondsDeskOptions, s: State, lease: DeskLease, funds: FundsMemory) {
    super();
    this.o = o;
    this.s = s;
    this.clock = o.clock ?? systemClock;
    this.core = new DeskCore<SecondsBatch>({
      wallet: 'seconds', store: o.store, bus: o.bus, clock: this.clock, lease, ledger: s.ledger, funds,
      newBatch: () => new SecondsBatch((topic) => o.bus.hasSubscribers(topic)),
      secondsWrites: (b) => b.writes(),
      committed: (b) => {
        const at = this.clock();
        for (const row of b.contracts.values()) {
          if (row.clientId !== null) {
            const key = clientKey(row.user, row.clientId);
            s.storedClients.add(key); // before memory lets it go: the filter or memory always knows a stored id
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
      if (reserved(c)) this.exposure.apply(c.market, exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio));
      if (c.status === 'pending') this.countPending(c, 1);
      if (c.status === 'opening') this.opening.set(c.id, c);
      this.due.push(dueOf(c), c.id);
    }
  }

  private countPending(c: SecondsContractRow, sign: 1 | -1): void {
    const cur = this.pendingOf.get(c.user) ?? { count: 0, amount: 0n };
    const next = { count: cur.count + sign, amount: cur.amount + BigInt(sign) * c.amount };
    if (next.count === 0) this.pendingOf.delete(c.user);
    else this.pendingOf.set(c.user, next);
  }

  static async open(o: SecondsDeskOptions): Promise<SecondsDesk> {
    return openUnderLease(o, 'seconds', o.clock ?? systemClock, async (lease, funds) => {
      const owned = await loadOwned(o.store, 'seconds', SECONDS_SYSTEM_ACCOUNTS);
      const ledger = new DeskLedger('seconds', ownership('seconds', SECONDS_SYSTEM_ACCOUNTS), owned, await o.store.ledger.lastSeq('seconds'));
      const config = new Map((await o.store.seconds.config()).map((r) => [configKey(r.market, r.durationS), r]));
      const limits = new Map((await o.store.seconds.limits()).map((l) => [`${l.market}:${l.direction}`, l.maxExposure]));
      const settings = settingsOf(await o.store.seconds.settings());
      const open = new Map<number, SecondsContractRow>();
      const clientIndex = new Map<string, number>();
      for (const c of await o.store.seconds.open()) {
        open.set(c.id, c);
        if (c.clientId !== null) clientIndex.set(clientKey(c.user, c.clientId), c.id);
      }
      const storedClients = await loadClientIds(o.store.seconds.eachClientId);
      const state: State = { ledger, config, limits, settings, open, clientIndex, storedClients, nextId: (await o.store.seconds.maxId()) + 1 };
      return new SecondsDesk(o, state, lease, funds);
    });
  }

  /** Connects the price record (server.ts, once the record job runs): opening and settling wait for it. */
  attachRecord(record: RecordReader): void {
    this.record = record;
    this.kick();
  }

  /** Frozen funds of a user's open contracts. */
  private held(user: UserId): bigint {
    let sum = 0n;
    for (const c of this.s.open.values()) if (c.user === user) sum += c.amount + (feeFrozen(c) ? c.fee : 0n);
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

  settings(): SecondsSettingsView {
    const x = this.s.settings;
    return { horizonS: x.horizonMs / 1000, userOrders: x.userOrders, userAmount: unitsText(x.userAmount) };
  }

  /**
   * Sets the desk-wide limits (a field left out keeps its value): the horizon (1 minute to 30 days, whole seconds),
   * the timed orders one user may hold (1 to 10,000) and their stakes' sum (positive). They apply to orders scheduled
   * afterwards; orders already scheduled keep their start.
   */
  setSettings(change: SecondsSettingsChange): Promise<Reply<SecondsSettingsView> | { ok: false; code: string; problem: string }> {
    return this.core.run((b, time) => {
      const bad = (problem: string) => ({ ok: false as const, code: 'amount.invalid', problem });
      const cur = this.s.settings;
      const h = change.horizonS;
      if (h !== undefined && (!Number.isSafeInteger(h) || h * 1000 < SECONDS_RESERVE_BEFORE_MS || h * 1000 > MAX_HORIZON_MS)) return bad('the horizon must be 60 to 2592000 seconds');
      const n = change.userOrders;
      if (n !== undefined && (!Number.isSafeInteger(n) || n < 1 || n > 10_000)) return bad('the orders per user must be 1 to 10000');
      const amount = change.userAmount === undefined ? cur.userAmount : unitsOf(change.userAmount);
      if (amount === null || amount <= 0n || amount >= 2n ** 63n) return bad('the amount per user must be a positive decimal');
      const next: SecondsSettings = { horizonMs: h === undefined ? cur.horizonMs : h * 1000, userOrders: n ?? cur.userOrders, userAmount: amount };
      this.s.settings = next;
      b.limits.push(
        settingLimitRow({ name: 'horizon', value: BigInt(next.horizonMs), updatedAt: time }),
        settingLimitRow({ name: 'user.orders', value: BigInt(next.userOrders), updatedAt: time }),
        settingLimitRow({ name: 'user.amount', value: next.userAmount, updatedAt: time }),
      );
      b.size++;
      return accept(this.settings());
    });
  }

  /** The house: its balance, what the reserved contracts could cost it at worst, and what is free. */
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
    // At the command's turn: memory, then the filter of stored ids; only an id the store may hold is looked up there.
    const find = (): SecondsContractRow | undefined | Promise<SecondsContractRow | undefined> => {
      if (key === null || req.clientId === undefined) return undefined;
      const pending = this.pendingClient.get(key);
      if (pending !== undefined) return pending;
      const id = this.s.clientIndex.get(key);
      if (id !== undefined) return this.s.open.get(id);
      return this.s.storedClients.mayHave(key) ? this.o.store.seconds.byClientId(req.user, req.clientId) : undefined;
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
    const user = u.value;
    const delta = exposureOf(direction, stake, row.payoutRatio, row.lossRatio);
    let acceptedTs: number;
    let reserveNow = true;
    if (timed) {
      // A start beyond the horizon (or no valid time at all: past the safe integers, the dates) is refused with the
      // bound; one at or before now can't be a timed order.
      const startTs = req.startTs!;
      const maxStartTs = time + this.s.settings.horizonMs;
      if (!Number.isSafeInteger(startTs) || startTs > maxStartTs) return { ok: false, code: 'seconds.start.beyond.horizon', data: { maxStartTs, horizonS: this.s.settings.horizonMs / 1000 } };
      if (startTs <= time) return { ok: false, code: 'seconds.start.in.past' };
      const mine = this.pendingOf.get(user) ?? { count: 0, amount: 0n };
      if (mine.count + 1 > this.s.settings.userOrders || mine.amount + stake > this.s.settings.userAmount)
        return { ok: false, code: 'seconds.pending.limit', data: { maxCount: this.s.settings.userOrders, maxAmount: unitsText(this.s.settings.userAmount) } };
      acceptedTs = startTs;
      // Reserved now only when its start is near; otherwise at its reservation, SECONDS_RESERVE_BEFORE_MS before.
      reserveNow = startTs - SECONDS_RESERVE_BEFORE_MS <= time;
    } else {
      // A price to open on must be coming: the market's record has an entry of the last PRICE_STALE_MS.
      const latest = record.latest(req.market);
      if (latest === undefined || time - latest.ts > PRICE_STALE_MS) return { ok: false, code: 'seconds.price.unavailable' };
      // It opens on the first entry after acceptance. Every entry anyone could have seen, or whose inputs the record
      // has already read (an append in flight), is at or before the record's acceptance instant, and every later
      // entry after it; so only entries whose prices are not taken yet are left to open on.
      acceptedTs = Math.max(time, record.acceptanceTs(), latest.ts);
    }
    // The house: the market and direction's limit, then what it holds against every market's worst case.
    if (reserveNow && !this.fits(req.market, direction, delta)) return { ok: false, code: 'seconds.exposure.limit' };
    const fee = feeOf(stake, row.feeRate);
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
    const c: SecondsContractRow = {
      id, user, clientId: req.clientId ?? null, market: req.market, direction, durationS: req.durationS, amount: stake, fee,
      payoutRatio: row.payoutRatio, lossRatio: row.lossRatio, scheduledTs: timed ? req.startTs! : null, openTs: null, deliveryTs: acceptedTs + req.durationS * 1000,
      openPrice: null, settlePrice: null, openRecordSeq: null, openRecordHash: null, settleRecordSeq: null, settleRecordHash: null, outcome: null, payout: null,
      status: timed ? 'pending' : 'opening', createdAt: time, settledAt: null, acceptedTs, reservedTs: reserveNow ? time : null, endReason: null,
    };
    if (reserveNow) this.exposure.apply(req.market, delta);
    if (timed) this.countPending(c, 1);
    else this.opening.set(id, c);
    this.put(b, c);
    if (c.clientId !== null) {
      this.s.clientIndex.set(clientKey(user, c.clientId), id);
      this.pendingClient.set(clientKey(user, c.clientId), c);
    }
    this.due.push(dueOf(c), id);
    this.arm();
    return accept({ contract: contractView(c), duplicate: false });
  }

  /** Whether the house has room for a contract: its market and direction's limit, and every market's worst case. */
  private fits(market: string, direction: SecondsDirection, delta: { up: bigint; down: bigint }): boolean {
    const after = this.exposure.preview(market, delta);
    const limit = this.s.limits.get(`${market}:${direction}`);
    if (limit !== undefined && after[direction] > limit) return false;
    return after.required <= this.houseBalance;
  }

  /** Cancels a timed order before its reservation; its stake and fee return to available. */
  cancelScheduled(req: { user: number; id: number }): Promise<Reply<SecondsContractItem>> {
    return this.core.run((b, time) => {
      const c = this.s.open.get(req.id);
      if (c === undefined || c.user !== req.user) return { ok: false, code: 'seconds.not.found' };
      // Once reserved the house keeps room for it and it will open: a reservation cancelled for free would let one
      // user hold everyone's room at no cost.
      if (c.status !== 'pending' || c.reservedTs !== null || time >= c.scheduledTs! - SECONDS_RESERVE_BEFORE_MS) return { ok: false, code: 'seconds.not.cancellable' };
      const done = this.endUnopened(b, c, 'cancelled', 'user', time);
      if (done === null) throw new Error(`seconds ${c.id}: cancel refused`);
      return accept(contractView(done));
    });
  }

  /**
   * Ends a contract that never opened, everything back to available: a timed order's frozen stake and fee; a placed
   * contract's frozen stake and the fee it paid at placing (from fee-income). Null when the ledger refuses (it can't:
   * the desk froze and took exactly these).
   */
  private endUnopened(b: SecondsBatch, c: SecondsContractRow, status: 'cancelled' | 'refunded', reason: SecondsEndReason, time: number): SecondsContractRow | null {
    const user = c.user as UserId;
    const back = c.amount + c.fee;
    const frozen = feeFrozen(c) ? back : c.amount;
    const postings: Posting[] = [
      { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: -frozen } as Posting,
      { account: userAccount(user, 'seconds', 'available'), asset: USDT, amount: back } as Posting,
    ];
    if (frozen !== back) postings.push({ account: FEE_INCOME, asset: USDT, amount: -(back - frozen) } as Posting);
    const posted = this.s.ledger.tryPost(b, status === 'cancelled' ? 'seconds.cancel' : 'seconds.refund', `seconds:${c.id}`, time, postings);
    if (posted.code !== Code.OK) return null;
    // The fee a placed contract paid comes back as its own record (seconds_fee, positive), the stake as seconds_cancel.
    const feeBack = back - frozen;
    if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_cancel', feeBack > 0n ? () => -feeBack : undefined, () => 'seconds_fee');
    if (reserved(c)) this.exposure.apply(c.market, exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio), -1n);
    if (c.status === 'pending') this.countPending(c, -1);
    this.opening.delete(c.id);
    const done: SecondsContractRow = { ...c, status, endReason: reason, settledAt: time };
    this.put(b, done);
    return done;
  }

  /** A user's open contracts of a status, newest first (from memory: these are all open); holding includes opening. */
  openOf(user: number, status: 'pending' | 'holding'): SecondsContractItem[] {
    const out: SecondsContractItem[] = [];
    for (const c of this.s.open.values()) if (c.user === user && (c.status === status || (status === 'holding' && c.status === 'opening'))) out.push(contractView(c));
    return out.sort((a, b) => Number(b.id) - Number(a.id));
  }

  /** How many contracts are open (pending, opening or holding). */
  get openCount(): number {
    return this.s.open.size;
  }

  private put(b: SecondsBatch, c: SecondsContractRow): void {
    b.contracts.set(c.id, c);
    b.size++;
    if (c.status === 'pending' || c.status === 'opening' || c.status === 'holding') this.s.open.set(c.id, c);
    else {
      this.s.open.delete(c.id);
      if (c.clientId !== null) this.s.clientIndex.delete(clientKey(c.user, c.clientId));
    }
    const topic = topics.userSeconds(c.user);
    if (b.wants(topic)) b.emit(topic, { type: 'seconds.contract', contract: contractView(c) });
  }

  // ---- timers: reserving and starting timed orders, opening and settling, each on its own instant's entry ----

  // ---- a clustered desk: the record and its deliveries as commands of the log (logged-record.ts) ----

  /**
   * A round of the price record, as the jobs process sends it once durable: the entries join the desk's record
   * (and its setting, written with the batch). Malformed entries, or one that breaks a market's chain, change nothing.
   * Only a desk whose record is its log's (LoggedRecord) takes it.
   */
  recordEntries(entries: readonly PriceRecordEntry[]): Promise<Reply<{ added: number }>> {
    const record = this.record;
    if (!(record instanceof LoggedRecord)) return Promise.resolve(refuse('action.invalid'));
    const parsed = parseRecordEntries(entries, record.markets);
    if (parsed === null) return Promise.resolve(refuse('action.invalid'));
    return this.core.run((b, time): Reply<{ added: number }> => {
      const fresh = record.fresh(parsed);
      if (fresh === null) return refuse('action.invalid');
      if (fresh.length === 0) return accept({ added: 0 });
      record.add(fresh);
      b.settings.set(RECORD_SEEN_KEY, { key: RECORD_SEEN_KEY, value: record.seenText(), time });
      return accept({ added: fresh.length });
    });
  }

  /**
   * One command: reserves, starts, opens and settles up to DUE_CHUNK contracts due through the record as the log has
   * it at this command's turn, answering how many moved on; `more` when more are due (the jobs send it again). Only a desk whose record is its
   * log's takes it: an embedded desk runs its own timers (runDue).
   */
  deliverDue(): Promise<Reply<{ handled: number; more: boolean }>> {
    const record = this.record;
    if (!(record instanceof LoggedRecord)) return Promise.resolve(refuse('action.invalid'));
    let order: number[] = [];
    let through = 0;
    return this.core.runPrepared(
      async () => {
        // At this command's turn, so what is due is what the log before it made due.
        through = record.knownThrough();
        order = this.takeDue(record, through);
        try {
          return await this.entriesFor(record, order, through);
        } catch (error) {
          this.putBack(order); // refused: nothing applied, nothing taken
          throw error;
        }
      },
      (entries, b, time): Reply<{ handled: number; more: boolean }> => {
        const before = order.map((id) => this.s.open.get(id));
        this.deliver(b, order, entries, through, time);
        // How many contracts moved on (reserved, started, opened, refunded or settled): a taken id may be a stale
        // instant of a contract that moved on already.
        const handled = order.reduce((n, id, i) => (this.s.open.get(id) !== before[i] ? n + 1 : n), 0);
        return accept({ handled, more: this.hasDue(record, through) });
      },
    );
  }

  /** Reserves, starts, opens and settles everything due that the record is final for; resolves when nothing more is. */
  runDue(): Promise<void> {
    // A desk whose record is its log's delivers only by its logged commands (deliverDue).
    if (this.record instanceof LoggedRecord) return Promise.resolve();
    if (this.draining !== null) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          const before = this.progress;
          // One command per chunk, all handed to the sequencer at once: their commits pipeline like any others.
          const chunks: Array<Promise<void>> = [];
          for (let p = this.step(); p !== null; p = this.step()) chunks.push(p);
          await Promise.all(chunks);
          // A command may have made more due at once (a started order opening on an entry already there, a contract
          // opened after a long stop whose delivery has passed): go round again.
          if (this.progress !== before) this.again = true;
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
    const order = this.takeDue(record, through);
    if (order.length === 0) return null;
    return this.core.runPrepared(() => this.entriesFor(record, order, through), (entries, b, time) => this.deliver(b, order, entries, through, time));
  }

  /**
   * Up to DUE_CHUNK contracts due through `through`, taken off the queue, by id: opening ones whose market has an
   * entry after their acceptance (they open now, not at their deadline), then the queue's due instants.
   */
  private takeDue(record: RecordReader, through: number): number[] {
    const ids = new Set<number>();
    for (const [id, c] of this.opening) {
      if (ids.size >= DUE_CHUNK) break;
      const latest = record.latest(c.market);
      if (latest !== undefined && latest.ts > c.acceptedTs!) {
        ids.add(id);
        this.opening.delete(id);
      }
    }
    while (ids.size < DUE_CHUNK) {
      const t = this.due.peek();
      if (t === undefined || t > through) break;
      const id = this.due.pop()!.id;
      ids.add(id);
      this.opening.delete(id);
    }
    // By id within the command: contracts due at the same instant take the house's room first come, first served.
    return [...ids].sort((a, b) => a - b);
  }

  /** Puts contracts takeDue took back where it took them from (their command was refused before it applied). */
  private putBack(order: readonly number[]): void {
    for (const id of order) {
      const c = this.s.open.get(id);
      if (c === undefined) continue;
      this.due.push(dueOf(c), id);
      if (c.status === 'opening') this.opening.set(id, c);
    }
  }

  /** Whether anything is due through `through` (another command has work). */
  private hasDue(record: RecordReader, through: number): boolean {
    const t = this.due.peek();
    if (t !== undefined && t <= through) return true;
    for (const c of this.opening.values()) {
      const latest = record.latest(c.market);
      if (latest !== undefined && latest.ts > c.acceptedTs!) return true;
    }
    return false;
  }

  /**
   * The entries each contract needs, read before its command applies (from memory, or the store after a long stop,
   * where the record is written once and never changed): an opening one the first after its acceptance, a holding
   * one the last at or before its delivery.
   */
  private async entriesFor(record: RecordReader, order: readonly number[], through: number): Promise<Map<number, { status: SecondsStatus; entry: PriceRecordEntry | undefined }>> {
    const entries = new Map<number, { status: SecondsStatus; entry: PriceRecordEntry | undefined }>();
    for (const id of order) {
      const c = this.s.open.get(id);
      if (c === undefined) continue;
      if (c.status === 'opening') {
        const cached = record.firstAfterCached(c.market, c.acceptedTs!);
        entries.set(id, { status: c.status, entry: cached === null ? await this.o.store.seconds.firstAfter(c.market, c.acceptedTs!) : cached });
      } else if (c.status === 'holding' && c.deliveryTs <= through) {
        const cached = record.atOrBeforeCached(c.market, c.deliveryTs);
        const entry = cached ?? (cached === null ? await record.atOrBefore(c.market, c.deliveryTs) : await this.o.store.seconds.atOrBefore(c.market, c.deliveryTs));
        entries.set(id, { status: c.status, entry });
      }
    }
    return entries;
  }

  /** Reserves, starts, opens or settles each of `order` as its state and entry say, in one command. */
  private deliver(b: SecondsBatch, order: readonly number[], entries: ReadonlyMap<number, { status: SecondsStatus; entry: PriceRecordEntry | undefined }>, through: number, time: number): void {
    for (const id of order) {
      const c = this.s.open.get(id);
      if (c === undefined) continue; // cancelled or handled since it was queued
      const loaded = entries.get(id);
      // Each state change queues the contract's next instant, so a contract whose state moved on since its
      // entries were read is left to that.
      if (c.status === 'pending') {
        if (c.reservedTs === null) {
          if (through >= c.scheduledTs! - SECONDS_RESERVE_BEFORE_MS) this.reserve(b, c, time);
        } else if (through >= c.scheduledTs!) this.start(b, c);
      } else if (c.status === 'opening') {
        if (loaded?.status === 'opening') this.openOrRefund(b, c, loaded.entry, through, time);
        else this.opening.set(c.id, c);
      } else if (loaded?.status === 'holding') this.settleOne(b, c, loaded.entry, time);
    }
  }

  /** A timed order's reservation: into the house's exposure if it has room, else cancelled with everything back. */
  private reserve(b: SecondsBatch, c: SecondsContractRow, time: number): void {
    const delta = exposureOf(c.direction, c.amount, c.payoutRatio, c.lossRatio);
    this.progress++;
    if (!this.fits(c.market, c.direction, delta)) {
      if (this.endUnopened(b, c, 'cancelled', 'exposure', time) === null) throw new Error(`seconds ${c.id}: refund refused`);
      return;
    }
    this.exposure.apply(c.market, delta);
    const next: SecondsContractRow = { ...c, reservedTs: time };
    this.put(b, next);
    this.due.push(dueOf(next), c.id);
  }

  /** A reserved timed order at its start: opening, on the first entry after its start. */
  private start(b: SecondsBatch, c: SecondsContractRow): void {
    this.progress++;
    this.countPending(c, -1);
    const next: SecondsContractRow = { ...c, status: 'opening', acceptedTs: c.acceptedTs ?? c.scheduledTs };
    this.put(b, next);
    this.opening.set(c.id, next);
    this.due.push(dueOf(next), c.id);
  }

  /**
   * An opening contract: opens on `entry`, the record's first after its acceptance, when that is at most
   * SECONDS_OPEN_WAIT_MS after it; refunded when the record is final past that bound without one; else waits.
   */
  private openOrRefund(b: SecondsBatch, c: SecondsContractRow, entry: PriceRecordEntry | undefined, through: number, time: number): void {
    const deadline = c.acceptedTs! + SECONDS_OPEN_WAIT_MS;
    if (entry !== undefined && entry.ts <= deadline) {
      this.progress++;
      if (feeFrozen(c) && c.fee > 0n) {
        const user = c.user as UserId;
        const posted = this.s.ledger.tryPost(b, 'seconds.open', `seconds:${c.id}`, time, [
          { account: userAccount(user, 'seconds', 'frozen'), asset: USDT, amount: -c.fee } as Posting,
          { account: FEE_INCOME, asset: USDT, amount: c.fee } as Posting,
        ]);
        if (posted.code !== Code.OK) throw new Error(`seconds ${c.id}: fee refused (${posted.code})`);
        if (posted.entry !== null) addRecords(b, 'seconds', posted.entry, () => 'seconds_fee');
      }
      const opened: SecondsContractRow = {
        ...c, status: 'holding', openTs: entry.ts, deliveryTs: entry.ts + c.durationS * 1000, openPrice: entry.price, openRecordSeq: entry.seq, openRecordHash: entry.hash,
      };
      this.put(b, opened);
      this.due.push(opened.deliveryTs, opened.id);
      return;
    }
    if ((entry !== undefined && entry.ts > deadline) || through >= deadline) {
      this.progress++;
      if (this.endUnopened(b, c, 'refunded', 'no.price', time) === null) throw new Error(`seconds ${c.id}: refund refused`);
      return;
    }
    this.opening.set(c.id, c);
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
    if (this.closed || this.record === null || this.record instanceof LoggedRecord) return;
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
