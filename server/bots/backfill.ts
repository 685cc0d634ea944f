// The demo's history at first start. A fresh exchange (no trade recorded yet, feeds and bots on) replays a simulated
// past through the real pipeline before it serves anyone: one VirtualClock (virtual-clock.ts) that every desk,
// the market data and the index read is driven from `now − past` forward; the index simulator is stepped on that
// clock and each price goes into its hash chain with its past time, exactly as a live tick does; the market maker
// quotes around it and crossing orders trade through desks.spot (same calls, ledger, fees, records as live), so
// trades, candles of every interval and tickers come only from recorded trades. The perpetuals replay alongside
// (perp-backfill.ts): the maker's quotes and the perpetuals taker's crossing orders through desks.perp, with the
// mark and funding job (jobs/perp-marks.ts) ticked on the same clock at the start of every minute (and every
// markEveryMs within it), so contract trades, candles, 24 h figures, recorded marks and funding every 8 hours are
// the desk's own. It loops up to the real clock (the current minute only up to now), then the caller releases the
// clock, resumes the mark job and starts the live index, price record and bots.
//
// Cost: nothing is awaited between syncs (every syncEvery minutes), so the desk commits large batches. Quotes move
// on the minute from a planned view of the maker's book: its orders as the desk had them at the last sync, changed
// by every command sent since (moves, and the fills its crossing orders take from its own quotes, matched as the
// engine matches: nobody else trades here). New quotes, whose ids only a reply tells, are placed at a sync, where
// the planned book is checked against the desk's (`drift`). Each crossing order is stamped with its own time in
// the minute: the clock is set, the order handed to the desk, and the desk applies it (stamping the clock's time)
// on the next microtask, before the clock moves on; were it applied later it would only get a later time.
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import { topics, type DeskEvent, type LocalDesks } from '../desks/index.ts';
import type { PerpMarks } from '../jobs/perp-marks.ts';
import { formatPrice, formatQty, parsePrice, parseQty, type Market, type Price, type Qty, type Side } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import type { VirtualClock } from '../virtual-clock.ts';
import { ensureBotUser, fundOnce } from './account.ts';
import type { BotLog } from './index.ts';
import { defaultParams, DEFAULT_INVENTORY, noCounts, sendPlan, sendTake, sideOrder, visitRng, type MakerCounts } from './market-maker.ts';
import { baseWorth, planIsEmpty, planRequote, planTake, quoteLadder, type Ladder, type MakerParams } from './quotes.ts';
import { differences, fill, resting, type Books, type Tracked } from './shadow.ts';
import { PerpReplay, type PerpReplayReport } from './perp-backfill.ts';

const MINUTE = 60_000;
export const DAY_MS = 86_400_000;
/** What `npm start` replays on a fresh store. */
export const DEFAULT_BACKFILL_MS = 7 * DAY_MS;

export interface BackfillOptions {
  readonly desks: Pick<LocalDesks, 'spot' | 'perp' | 'contract'>;
  /**
   * The perpetuals' mark and funding job, created paused: ticked here on the clock (tickApplied) at the start of
   * every minute, before the quotes, and every markEveryMs within it. None: the perpetuals have no marks or funding.
   */
  readonly marks?: Pick<PerpMarks, 'tickApplied'> | null | undefined;
  /** Replay the perpetuals too (default true): their maker's quotes and the perpetuals taker's crossing orders. */
  readonly perp?: boolean | undefined;
  /** Crossing orders per perpetual and minute, drawn uniformly from [min, max] (default 1…2). */
  readonly perpTakesPerMinute?: readonly [number, number] | undefined;
  /** The mark job's ticks within a minute (default 60 s: one a minute, at its start). */
  readonly markEveryMs?: number | undefined;
  readonly bus: Bus<DeskEvent>;
  readonly store: Store;
  /** The clock every part reads, driven here: already set to the start of the past. */
  readonly clock: VirtualClock;
  /** The real time to catch up with. */
  readonly base: Clock;
  readonly markets: readonly Market[];
  /** The paused live index: stepped here, read for the quotes. */
  readonly index: { advance(time: number): void; price(symbol: string): Price | null };
  readonly seed: number;
  readonly log: BotLog;
  /** New quotes are placed (and the planned book checked against the desk's) every this many minutes (default 10). */
  readonly syncEvery?: number | undefined;
  /** The index is stepped and recorded on this grid (default 10 s). */
  readonly indexStepMs?: number | undefined;
  /** Crossing orders per market and minute, drawn uniformly from [min, max] (default 1…3; at least 1). */
  readonly takesPerMinute?: readonly [number, number] | undefined;
  readonly inventory?: bigint | undefined;
  readonly params?: ((m: Market) => MakerParams) | undefined;
}

export interface BackfillReport {
  readonly from: number;
  /** Where the replay stopped: the real time it caught up with (the live run continues from there). */
  readonly to: number;
  readonly rounds: number;
  readonly trades: number;
  readonly counts: MakerCounts;
  /** Desk calls refused (logged once with the first reason). */
  readonly refused: number;
  /** Orders whose planned state differed from the desk's at a sync (0 when the plan follows the engine exactly). */
  readonly drift: number;
  /** The perpetuals' part (null when not replayed). */
  readonly perp: PerpReplayReport | null;
  readonly ms: number;
}

/** The first minute of the past to replay, or null when the store already has trades (a restart) or none is asked. */
export async function backfillStart(store: Pick<Store, 'spot'>, now: number, pastMs: number): Promise<number | null> {
  if (!(pastMs > 0)) return null;
  if ((await store.spot.lastTradeNos()).size > 0) return null;
  return Math.floor((now - pastMs) / MINUTE) * MINUTE;
}

/** The backfill's crossing orders: more varied in size than the live bot's, reaching a few layers. */
export function backfillParams(m: Market): MakerParams {
  return { ...defaultParams(m), takerMin: 20n * 100_000_000n, takerMax: 8_000n * 100_000_000n, takerReach: 3 };
}

/** Lets the desk apply what was just handed to it (its sequencer runs on the next microtask) before the clock moves. */
const applied = (): Promise<void> => Promise.resolve();

export async function runBackfill(o: BackfillOptions): Promise<BackfillReport> {
  const started = performance.now();
  const from = o.clock.now();
  const syncEvery = Math.max(1, o.syncEvery ?? 10);
  const indexStep = o.indexStepMs ?? 10_000;
  const [minTakes, maxTakes] = o.takesPerMinute ?? [1, 3];
  const params = new Map(o.markets.map((m) => [m.symbol, (o.params ?? backfillParams)(m)]));
  const bySymbol = new Map(o.markets.map((m) => [m.symbol, m]));
  const user = await ensureBotUser(o.store, o.clock.now);
  const markEvery = Math.max(1_000, o.markEveryMs ?? MINUTE);
  let work: Promise<unknown>[] = [];
  let trades = 0;
  const tradeSubs = o.markets.map((m) => o.bus.subscribe(topics.trades(m.symbol), (e) => void (e.type === 'trade' && trades++)));
  const counts = noCounts();
  let refused = 0;
  let firstRefusal: unknown = null;
  const lastIndex = new Map<string, Price>();
  let stepped = from;
  const stepIndex = (time: number) => {
    const grid = Math.floor(time / indexStep) * indexStep;
    if (grid > stepped) {
      o.index.advance(grid);
      stepped = grid;
    }
  };
  const refusal = (reason: unknown) => {
    refused++;
    firstRefusal ??= reason;
  };
  /** The maker's resting GTC orders per market, as the desk has them. */
  const read = async (): Promise<Books> => {
    const books: Books = new Map(o.markets.map((m) => [m.symbol, new Map<number, Tracked>()]));
    const reply = await o.desks.spot.openOrders(user);
    if (!reply.ok) throw new Error(`open orders: ${reply.code}`);
    for (const v of reply.value) {
      const m = bySymbol.get(v.symbol);
      const price = m && v.price !== null ? parsePrice(m, v.price) : null;
      const qty = m ? parseQty(m, v.openQty) : null;
      if (price?.ok && qty?.ok && v.tif === 'GTC') books.get(v.symbol)!.set(v.orderId, { orderId: v.orderId, side: v.side, price: price.value, qty: qty.value });
    }
    return books;
  };

  try {
    o.clock.set(from + indexStep);
    stepIndex(from + indexStep);
    // Funded once, as the live maker would be at its first visit (recorded operator credits at the past's start).
    const inventory = o.inventory ?? DEFAULT_INVENTORY;
    const quotes = new Set(o.markets.map((m) => m.quote));
    for (const q of quotes) await fundOnce(o.desks.spot, user, q, inventory * BigInt(o.markets.filter((m) => m.quote === q).length));
    for (const m of o.markets) {
      const index = o.index.price(m.symbol);
      if (index !== null) await fundOnce(o.desks.spot, user, m.base, baseWorth(m, index, inventory));
    }
    const perp =
      o.perp === false || o.desks.perp.markets().length === 0
        ? null
        : await PerpReplay.open(
            {
              desk: o.desks.perp, wallet: o.desks.contract, store: o.store, clock: o.clock.now, seed: o.seed, inventory: o.inventory,
              params: o.params ?? backfillParams, takesPerMinute: o.perpTakesPerMinute ?? [1, 2], track: (reply) => void work.push(reply),
            },
            user,
          );

    let rounds = 0;
    let drift = 0;
    let nextLog = from + DAY_MS;
    let minute = Math.floor(from / MINUTE) * MINUTE;
    let end = -1;
    // The maker's book as planned: its orders as the desk had them at the last sync, then changed by every command
    // sent since (moves, and what its crossing orders take from its own quotes, matched as the engine matches:
    // nobody else trades during the backfill). A sync compares the two; they agree unless something was refused.
    let shadow: Books = await read();
    const settle = async (): Promise<void> => {
      const done = work;
      work = [];
      for (const r of await Promise.allSettled(done)) if (r.status === 'rejected') refusal(r.reason);
    };
    // One minute at a time up to the real clock (re-read each minute: it moves while this runs); the current minute
    // only up to now, and the live run carries on from there.
    for (let now = o.base(); minute < now; now = o.base()) {
      // New quotes (whose ids only the reply tells) are placed at a sync, every syncEvery minutes; in between
      // quotes only move, and a level taken away waits for the next sync.
      const syncing = rounds % syncEvery === 0;
      if (syncing) {
        await settle();
        const actual = await read();
        drift += differences(shadow, actual);
        shadow = actual;
      }
      stepIndex(minute);
      o.clock.set(Math.max(minute, o.clock.now()));
      // The perpetuals' marks (and funding at a boundary) first: the price band the minute's orders are checked in.
      await o.marks?.tickApplied();
      const ladders = new Map<string, Ladder>();
      for (const m of o.markets) {
        const index = o.index.price(m.symbol);
        if (index === null) continue;
        const p = params.get(m.symbol)!;
        const wanted = quoteLadder(m, index, p, visitRng(o.seed, m.symbol, minute));
        ladders.set(m.symbol, wanted);
        const book = shadow.get(m.symbol)!;
        const open = [...book.values()];
        for (const side of sideOrder(lastIndex.get(m.symbol), index)) {
          const plan = planRequote(side, index, open.filter((q) => q.side === side), side === 'buy' ? wanted.bids : wanted.asks, p);
          if (planIsEmpty(plan)) continue;
          work.push(...sendPlan(o.desks.spot, user, m, side, { ...plan, place: [] }, counts));
          for (const { order, to } of plan.replace) book.set(order.orderId, { orderId: order.orderId, side, price: to.price, qty: to.qty });
          for (const c of plan.cancel) book.delete(c.orderId);
          if (!syncing) continue;
          counts.place += plan.place.length;
          for (const q of plan.place) {
            const request = { type: 'limit', user, symbol: m.symbol, side, price: formatPrice(m, q.price, true), qty: formatQty(m, q.qty, true), tif: 'GTC', postOnly: true } as const;
            work.push(
              o.desks.spot.place(request).then((r) => {
                if (!r.ok) throw new Error(`place: ${r.code}`);
                if (r.value.order.status === 'new') book.set(r.value.order.orderId, { orderId: r.value.order.orderId, side, price: q.price, qty: q.qty });
              }),
            );
          }
        }
        lastIndex.set(m.symbol, index);
      }
      // The new quotes' ids come with their replies.
      if (syncing) await settle();
      await applied();
      await perp?.quote(minute, (symbol) => o.index.price(symbol));
      // This minute's crossing orders per market: how many and when (on a 100 ms grid), from the seed; the
      // perpetuals' the same way from their own dice, and the mark job's ticks within the minute.
      const takes: Array<{ time: number; symbol: string; kind: 'spot' | 'perp' | 'mark' }> = [];
      for (const m of o.markets) {
        const rng = visitRng(o.seed, `${m.symbol}#minute`, minute);
        const n = Math.max(1, minTakes + Math.floor(rng.next() * (maxTakes - minTakes + 1)));
        for (let i = 0; i < n; i++) takes.push({ time: minute + Math.floor(rng.next() * (MINUTE / 100)) * 100, symbol: m.symbol, kind: 'spot' });
      }
      for (const t of perp?.takes(minute) ?? []) takes.push({ ...t, kind: 'perp' });
      if (o.marks) for (let t = minute + markEvery; t < minute + MINUTE; t += markEvery) takes.push({ time: t, symbol: '', kind: 'mark' });
      takes.sort((a, b) => a.time - b.time);
      for (const t of takes) {
        if (t.time >= now) break;
        if (t.kind === 'spot' && !ladders.has(t.symbol)) continue;
        stepIndex(t.time);
        if (t.time > o.clock.now()) o.clock.set(t.time);
        if (t.kind === 'mark') {
          await o.marks?.tickApplied();
          continue;
        }
        if (t.kind === 'perp') {
          await perp?.take(t.symbol, t.time);
          continue;
        }
        const m = bySymbol.get(t.symbol)!;
        // Aimed at the quotes resting now (a level taken away since the minute began is not there to trade with).
        const take = planTake(m, resting(shadow.get(t.symbol)!), params.get(t.symbol)!, visitRng(o.seed, `${t.symbol}#take`, t.time));
        if (take === null) continue;
        work.push(sendTake(o.desks.spot, user, m, take, counts));
        fill(shadow.get(t.symbol)!, take);
        await applied();
      }
      rounds++;
      if (minute + MINUTE > now) {
        end = now;
        break;
      }
      minute += MINUTE;
      if (minute >= nextLog) {
        nextLog += DAY_MS;
        const days = (minute - from) / DAY_MS;
        o.log.info(`demo history: ${days.toFixed(0)} of ${((o.base() - from) / DAY_MS).toFixed(1)} days replayed, ${trades} trades${perp === null ? '' : `, ${perp.report().trades} contract trades`}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    if (end < 0) end = minute;
    await settle();
    drift += differences(shadow, await read());
    if (firstRefusal !== null) o.log.warn({ err: firstRefusal }, `demo history: ${refused} bot commands refused`);
    return { from, to: end, rounds, trades, counts, refused, drift, perp: perp?.report() ?? null, ms: performance.now() - started };
  } finally {
    for (const u of tradeSubs) u();
  }
}
