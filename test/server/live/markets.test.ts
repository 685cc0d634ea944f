// The whole live side: a server with the simulated index and the market maker on. Within seconds every demo market
// has a two-sided book, trades, a ticker and a 1m candle; the ledger still verifies; close() is clean; a restart
// keeps candles, continues each index chain, reuses the bot account without funding it again or doubling quotes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { assetRecords, verifyLedger } from '../../../server/desks/index.ts';
import { createCandleStore } from '../../../server/market/index.ts';
import { INDEX_STATE_KEY } from '../../../server/feeds/live-index.ts';
import { MAKER_EMAIL, INVENTORY_MEMO } from '../../../server/bots/account.ts';
import { makerParams } from '../../../server/bots/quotes.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { createStore } from '../../../server/store/index.ts';
import { sleep } from './ws-client.ts';

const DEMO = ['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'ADA', 'TRX', 'LTC', 'DOT', 'LINK', 'AVAX'].map((b) => `${b}USDT`);

/** Polls `check` until it passes or `ms` is up (then its last failure is thrown). */
async function eventually(check: () => void | Promise<void>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

describeDialects('live markets', (dialect) => {
  let target: Target;
  let server: ServerHandle | null = null;
  const start = () =>
    startServer({
      port: 0, host: '127.0.0.1', logger: false, bots: true, botTickMs: 40, seed: 7,
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
    });

  beforeAll(async () => {
    target = await newTarget(dialect);
  });
  afterAll(async () => {
    await server?.close();
    await target?.dispose();
  });

  it('makes every demo market liquid and trading, and the ledger verifies', async () => {
    server = await start();
    const s = server;
    expect([...s.trading.market.symbols].sort()).toEqual([...DEMO].sort());
    await eventually(async () => {
      for (const symbol of DEMO) {
        const depth = s.trading.market.depth(symbol, 20);
        expect(depth.bids.length, `${symbol} bids`).toBeGreaterThan(0);
        expect(depth.asks.length, `${symbol} asks`).toBeGreaterThan(0);
        expect(depth.bids[0]![0], `${symbol} not crossed`).toBeLessThan(depth.asks[0]![0]);
        expect(s.trading.market.trades(symbol, 1).length, `${symbol} trades`).toBe(1);
        expect(s.trading.market.ticker(symbol, Date.now()), `${symbol} ticker`).not.toBeNull();
        expect(await s.trading.market.candles(symbol, '1m', { limit: 1 }), `${symbol} 1m`).toHaveLength(1);
        expect(s.trading.indexPrice(symbol), `${symbol} index`).not.toBeNull();
      }
    });
    // The bot's quotes straddle the index, its best ones a few basis points away.
    for (const symbol of DEMO) {
      const index = s.trading.indexPrice(symbol)!;
      const depth = s.trading.market.depth(symbol, 20);
      expect(depth.bids[0]![0]).toBeLessThan(index * 1.01);
      expect(depth.asks[0]![0]).toBeGreaterThan(index * 0.99);
    }
    const report = await verifyLedger(s.store);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    await s.desks.spot.checkInvariants();
  });

  it('closes cleanly and resumes: candles kept, index chains continued, the bot neither refunded nor doubled', async () => {
    const first = server!;
    const bot = (await first.store.users.findByEmail(MAKER_EMAIL))!;
    expect(bot.nickname).toContain('bot');
    // The newest stored 1m bar of each market before the close, by its open time: a minute can turn over between this
    // read and the close, and the newest bar afterwards is then a younger one with fewer trades.
    const before = new Map<string, { openTime: number; count: number }>();
    for (const symbol of DEMO) {
      const bar = (await createCandleStore(first.store.db).latest(symbol, '1m', 1))[0];
      before.set(symbol, { openTime: bar?.openTime ?? 0, count: bar?.count ?? 0 });
    }
    await first.close();
    server = null;
    await first.close(); // twice is harmless

    server = await start();
    const s = server;
    const candles = createCandleStore(s.store.db);
    for (const symbol of DEMO) {
      const stored = await candles.latest(symbol, '1m', 1);
      expect(stored.length, `${symbol} stored 1m`).toBe(1);
      // The final write at close had every trade up to then: the same bar holds now at least what it had.
      const was = before.get(symbol)!;
      expect(stored[0]!.openTime, `${symbol} newest bar`).toBeGreaterThanOrEqual(was.openTime);
      const same = await candles.range(symbol, '1m', { startTime: was.openTime, endTime: was.openTime, limit: 1 });
      expect(same[0]?.count ?? 0, `${symbol} bar at ${was.openTime}`).toBeGreaterThanOrEqual(was.count);
      const bars = await s.trading.market.candles(symbol, '1m', { limit: 1 });
      expect(bars[0]!.count).toBeGreaterThanOrEqual(stored[0]!.count > 0 ? 1 : 0);
    }
    const saved = JSON.parse((await s.store.config.get(INDEX_STATE_KEY))!) as Array<{ symbol: string; seq: number }>;
    expect(saved.map((r) => r.symbol).sort()).toEqual([...DEMO].sort());
    // Recent trades came back from the store; the bot then trades on from there.
    const resumed = new Map(DEMO.map((symbol) => [symbol, s.trading.market.trades(symbol, 1)[0]?.id ?? 0]));
    for (const symbol of DEMO) expect(resumed.get(symbol), `${symbol} trades replayed`).toBeGreaterThan(0);
    await eventually(() => {
      for (const symbol of DEMO) expect(s.trading.market.trades(symbol, 1)[0]!.id, `${symbol} trades after restart`).toBeGreaterThan(resumed.get(symbol)!);
    });
    // And the index has ticked on from its saved chain (saved every 5 s): a loaded machine can bring trades before
    // the restarted feed's first tick, and the close would then have nothing new to save.
    await eventually(async () => {
      const now = JSON.parse((await s.store.config.get(INDEX_STATE_KEY))!) as Array<{ symbol: string; seq: number }>;
      for (const r of now) expect(r.seq, `${r.symbol} chain continued`).toBeGreaterThan(saved.find((x) => x.symbol === r.symbol)!.seq);
    });
    await s.close();
    server = null;
    // Closed: read what it left behind straight from the store.
    const store = await createStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      expect((await store.users.findByEmail(MAKER_EMAIL))?.id).toBe(bot.id);
      const credits = await assetRecords(store, { user: bot.id, types: ['admin_credit'], wallet: 'coin', pageIndex: 1, pageSize: 100 });
      if (!credits.ok) throw new Error(credits.code);
      expect(credits.value.total).toBe(DEMO.length + 1); // every base once, USDT once
      // The perpetuals' quotes: USDT once in the contract wallet.
      const margin = await assetRecords(store, { user: bot.id, types: ['admin_credit'], wallet: 'contract', pageIndex: 1, pageSize: 100 });
      if (!margin.ok) throw new Error(margin.code);
      expect(margin.value.list.map((r) => r.asset)).toEqual(['USDT']);
      expect(credits.value.list.every((r) => r.ref.includes(INVENTORY_MEMO))).toBe(true);
      const open = await store.spot.openOrders();
      for (const symbol of DEMO) {
        for (const side of ['buy', 'sell'] as const) {
          const n = open.filter((o) => o.user === bot.id && o.symbol === symbol && o.side === side).length;
          expect(n, `${symbol} ${side} quotes`).toBeLessThanOrEqual(makerParams(1).levels);
        }
      }
      expect((await verifyLedger(store)).problems).toEqual([]);
      const after = JSON.parse((await store.config.get(INDEX_STATE_KEY))!) as Array<{ symbol: string; seq: number }>;
      for (const r of after) expect(r.seq, `${r.symbol} chain continued`).toBeGreaterThan(saved.find((x) => x.symbol === r.symbol)!.seq);
    } finally {
      await store.close();
    }
  });
});
