// The demo's first start: a fresh store replays a simulated past through the real desks before serving. Every
// minute of every market trades, candles are exactly the recorded trades' aggregates, the index chains verify
// across the backfilled and the live part, the ledger verifies, the maker's book is 30 deep a side, and a restart
// does not replay again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { money } from '../../../server/store/money.ts';
import { createCandleStore } from '../../../server/market/candle-store.ts';
import { openTime, type Interval } from '../../../server/market/intervals.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { sha256Hex, verifyChain, type IndexRecord } from '../../../server/feeds/index.ts';
import { MAKER_EMAIL } from '../../../server/bots/account.ts';
import { MAKER_LEVELS } from '../../../server/bots/quotes.ts';
import { virtualClock } from '../../../server/virtual-clock.ts';
import { sleep } from '../live/ws-client.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

const dirs: string[] = [];
let running: ServerHandle | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Trade {
  symbol: string;
  id: number;
  price: bigint;
  qty: bigint;
  quote: bigint;
  time: number;
}

async function trades(store: Store): Promise<Trade[]> {
  const rows = await store.db
    .selectFrom('spot_trades')
    .select(['symbol', 'trade_no', money('price').as('price'), money('qty').as('qty'), money('quote').as('quote'), 'time'])
    .orderBy('symbol')
    .orderBy('trade_no')
    .execute();
  return rows.map((r) => ({ symbol: r.symbol, id: r.trade_no, price: BigInt(r.price), qty: BigInt(r.qty), quote: BigInt(r.quote), time: r.time }));
}

const start = (dataDir: string, records: IndexRecord[]) =>
  startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: dataDir, logger: false, bots: true, backfillMs: 2 * HOUR, onIndexRecord: (r) => records.push(r) });

describe('virtual clock', () => {
  it('answers the driven time, only forward, then the base clock again and never less than it drove', () => {
    let real = 1_000_000;
    const c = virtualClock(() => real);
    expect(c.now()).toBe(1_000_000);
    c.set(500_000);
    expect([c.now(), c.driven]).toEqual([500_000, true]);
    c.set(600_000);
    expect(() => c.set(550_000)).toThrow(RangeError);
    c.release();
    expect([c.now(), c.driven]).toEqual([1_000_000, false]);
    c.set(2_000_000);
    c.release();
    real = 1_500_000;
    expect(c.now()).toBe(2_000_000);
  });
});

describe('demo history at first start', () => {
  it('replays two hours through the desks: every minute trades, candles are the trades, chains and ledger verify; a restart does not replay', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-backfill-'));
    dirs.push(dataDir);
    const records: IndexRecord[] = [];
    const began = Date.now();
    running = await start(dataDir, records);
    const ready = Date.now();
    const from = Math.floor((began - 2 * HOUR) / MINUTE) * MINUTE;
    console.log(`two hours of 12 markets replayed in ${ready - began} ms`);
    // The live run takes over: its index ticks and the bot's quotes and trades continue.
    await sleep(1500);
    const live = records.filter((r) => r.time >= ready - 1_000).length;
    expect(live).toBeGreaterThan(0);
    const maker = (await running.store.users.findByEmail(MAKER_EMAIL))!;
    const book = await running.desks.spot.openOrders(maker.id, 'BTCUSDT');
    if (!book.ok) throw new Error(book.code);
    expect(book.value.filter((o) => o.side === 'buy').length).toBeGreaterThanOrEqual(MAKER_LEVELS - 2);
    expect(book.value.filter((o) => o.side === 'sell').length).toBeGreaterThanOrEqual(MAKER_LEVELS - 2);
    await running.close();
    running = null;

    let past = 0;
    const store = await createStore({ dataDir });
    try {
      const markets = (await store.markets.configs('spot')).map(kernelMarket);
      const all = await trades(store);
      past = all.length;
      expect(all.length).toBeGreaterThan(12 * 120);
      // Every minute of the past, up to the one the server started serving in, traded on every market.
      const firstLive = Math.floor(ready / MINUTE) * MINUTE;
      for (const m of markets) {
        const minutes = new Set(all.filter((t) => t.symbol === m.symbol).map((t) => Math.floor(t.time / MINUTE) * MINUTE));
        const missing: number[] = [];
        for (let t = from; t < firstLive; t += MINUTE) if (!minutes.has(t)) missing.push(t);
        expect([m.symbol, missing]).toEqual([m.symbol, []]);
        expect(Math.min(...minutes)).toBe(from);
      }
      // Candles of 1m, 1h and 1d are exactly the trades' aggregates, nothing else.
      const candles = createCandleStore(store.db);
      for (const m of markets) {
        const mine = all.filter((t) => t.symbol === m.symbol);
        for (const interval of ['1m', '1h', '1d'] as const satisfies readonly Interval[]) {
          const want = new Map<number, { open: bigint; high: bigint; low: bigint; close: bigint; volume: bigint; quote: bigint; count: number }>();
          for (const t of mine) {
            const at = openTime(interval, t.time);
            const bar = want.get(at);
            if (bar === undefined) want.set(at, { open: t.price, high: t.price, low: t.price, close: t.price, volume: t.qty, quote: t.quote, count: 1 });
            else {
              bar.high = t.price > bar.high ? t.price : bar.high;
              bar.low = t.price < bar.low ? t.price : bar.low;
              bar.close = t.price;
              bar.volume += t.qty;
              bar.quote += t.quote;
              bar.count++;
            }
          }
          const got = await candles.range(m.symbol, interval, { startTime: 0, limit: 1500 });
          const price = (ticks: number) => BigInt(ticks) * m.tickSize;
          expect(got.map((c) => c.openTime)).toEqual([...want.keys()]);
          for (const c of got) {
            const w = want.get(c.openTime)!;
            expect({ at: c.openTime, open: price(c.open), high: price(c.high), low: price(c.low), close: price(c.close), volume: c.volume, quote: c.quoteVolume, count: c.count }).toEqual({
              at: c.openTime, ...w, quote: w.quote,
            });
          }
        }
      }
      // The ledger recomputes from the journal: the maker's inventory credits, every trade's postings and fees.
      const report = await verifyLedger(store);
      expect(report.problems).toEqual([]);
    } finally {
      await store.close();
    }

    // A restart serves at once: no replay (the store has trades), the chains continue.
    const before = records.length;
    const t0 = Date.now();
    running = await start(dataDir, records);
    // The live bot trades on: wait for its first trade after the restart.
    const handle = running;
    await expect.poll(async () => (await trades(handle.store)).length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(past);
    // The live index records on: its chains continue past the restart.
    await expect.poll(() => records.length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(before);
    await running.close();
    running = null;
    const again = await createStore({ dataDir });
    try {
      const restarted = await trades(again);
      // Nothing was added before the restart: only the live bot's new trades.
      expect(restarted.filter((t) => t.time < t0).length).toBe(past);
    } finally {
      await again.close();
    }

    // Each market's index record is one chain from its genesis: backfilled (past times), live, and after the restart.
    const symbols = [...new Set(records.map((r) => r.symbol))];
    expect(symbols).toHaveLength(12);
    for (const s of symbols) {
      const chain = records.filter((r) => r.symbol === s);
      expect(verifyChain(sha256Hex, chain)).toEqual({ ok: true });
      expect(chain[0]!.time).toBeLessThan(from + MINUTE);
      expect(chain.at(-1)!.time).toBeGreaterThan(t0);
    }
  }, 120_000);
});
