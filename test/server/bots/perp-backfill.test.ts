// The demo's first start replays the perpetuals' past too, through the real perp desk on the virtual clock, with the
// mark and funding job ticking on that clock (bots/perp-backfill.ts): a fresh server (bots, feeds, a one-day
// backfill, as main.ts starts it with a week) serves contract candles over the whole past, a 24 h change made of the
// replayed trades (the same move as its spot market's: both follow one index), a recorded mark every minute, and
// funding settled at every 8-hour boundary of the past at the recorded mark, paid and received by the bots' positions
// through the ledger. The journal verifies and the two sides' open interest match.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { MAKER_EMAIL } from '../../../server/bots/account.ts';
import { TAKER_EMAIL } from '../../../server/bots/index.ts';
import { money } from '../../../server/store/money.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FUNDING = 8 * HOUR;

const dirs: string[] = [];
let running: ServerHandle | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

type Row = Array<string | number>;

describe('the perpetuals at first start', () => {
  it('replays a day of contract trading: candles over the whole past, a real 24 h change, every mark, funding every 8 hours', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-perp-backfill-'));
    dirs.push(dataDir);
    const began = Date.now();
    running = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: dataDir, logger: false, bots: true, backfillMs: DAY });
    const ready = Date.now();
    console.log(`one day of 12 spot markets and 12 perpetuals replayed in ${ready - began} ms`);
    const server = running;
    const from = Math.floor((began - DAY) / MINUTE) * MINUTE;
    // The minutes replayed in full: from the past's first up to the one the server started serving in.
    const firstLive = Math.floor(ready / MINUTE) * MINUTE;
    // The replay's last minute is replayed up to the instant it ended; the live bots carry on only once the server
    // listens, which on a loaded machine can be in a later minute: the minutes from the seam on are the live run's.
    const seam = Math.floor(server.backfill!.to / MINUTE) * MINUTE;
    expect(seam).toBeGreaterThan(from + DAY - 5 * MINUTE);
    const get = async <T>(path: string): Promise<T> => {
      const r = await fetch(`${server.url}${path}`);
      expect(r.status, path).toBe(200);
      return (await r.json()) as T;
    };
    const perps = server.desks.perp.markets().map((m) => m.symbol);
    expect(perps).toHaveLength(12);

    for (const symbol of perps) {
      // Contract candles over the whole past: a one-minute bar for every minute, made of trades.
      const bars = await get<Row[]>(`/fapi/v1/klines?symbol=${symbol}&interval=1m&startTime=${from}&limit=1500`);
      const traded = new Set(bars.filter((b) => Number(b[8]) > 0).map((b) => Number(b[0])));
      const missing: number[] = [];
      for (let t = from; t < Math.min(firstLive, seam); t += MINUTE) if (!traded.has(t)) missing.push(t);
      expect([symbol, missing]).toEqual([symbol, []]);
      // The mark line too: a recorded mark in every minute of the past.
      const marks = await get<Row[]>(`/fapi/v1/markPriceKlines?symbol=${symbol}&interval=1m&startTime=${from}&limit=1500`);
      const marked = new Set(marks.filter((b) => Number(b[8]) > 0).map((b) => Number(b[0])));
      const unmarked: number[] = [];
      for (let t = from; t < firstLive; t += MINUTE) if (!marked.has(t)) unmarked.push(t);
      expect([symbol, unmarked]).toEqual([symbol, []]);
    }

    // The 24 h figures are the replayed trades': opened by the first trade of the window, the same move as spot's.
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']) {
      const perp = await get<{ openTime: number; openPrice: string; lastPrice: string; priceChangePercent: string; count: number }>(`/fapi/v1/ticker/24hr?symbol=${symbol}`);
      const first = await server.store.db
        .selectFrom('perp_trades')
        .select([money('price').as('price'), 'time'])
        .where('symbol', '=', symbol)
        .where('via', '=', 'book')
        .where('time', '>=', perp.openTime)
        .orderBy('trade_no')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(first.time - perp.openTime).toBeLessThan(2 * MINUTE);
      expect(Number(perp.openPrice)).toBe(Number(first.price) / 1e8);
      expect(perp.count).toBeGreaterThan(1_000);
      const spot = await get<{ priceChangePercent: string }>(`/api/v3/ticker/24hr?symbol=${symbol}`);
      console.log(`${symbol} 24 h: contract ${perp.priceChangePercent} %, spot ${spot.priceChangePercent} %`);
      // The same move as spot's, compared at the same instants: the two books trade at the same level where the
      // contract's window opens and where it ends. (The two 24 h windows open at each book's own first trade, which
      // can be a minute apart: on a volatile coin that alone moved the percentages apart by 0.9 points.)
      const last = await server.store.db
        .selectFrom('perp_trades').select([money('price').as('price'), 'time']).where('symbol', '=', symbol).where('via', '=', 'book')
        .orderBy('trade_no', 'desc').limit(1).executeTakeFirstOrThrow();
      // Spot's trade at or before that instant; where spot's own record opens a moment later than the contract's
      // (the two backfills start on their own), its first trade.
      const spotAt = async (time: number) => {
        const trades = server.store.db.selectFrom('spot_trades').select(money('price').as('price')).where('symbol', '=', symbol);
        const at =
          (await trades.where('time', '<=', time).orderBy('time', 'desc').orderBy('trade_no', 'desc').limit(1).executeTakeFirst()) ??
          (await trades.where('time', '>', time).orderBy('time').orderBy('trade_no').limit(1).executeTakeFirstOrThrow());
        return Number(at.price);
      };
      for (const [at, price] of [[first.time, Number(first.price)], [last.time, Number(last.price)]] as const) {
        expect(Math.abs(price / (await spotAt(at)) - 1), `${symbol}: contract vs spot at ${at}`).toBeLessThan(0.0075);
      }
    }

    // Funding settled at every 8-hour boundary of the past, in every market, at the mark recorded at that instant.
    const boundaries: number[] = [];
    for (let b = Math.ceil(from / FUNDING) * FUNDING; b < firstLive; b += FUNDING) if (b > from) boundaries.push(b);
    expect(boundaries.length).toBeGreaterThanOrEqual(2);
    const maker = (await server.store.users.findByEmail(MAKER_EMAIL))!.id;
    const taker = (await server.store.users.findByEmail(TAKER_EMAIL))!.id;
    let payments = 0;
    for (const symbol of perps) {
      const settled = await get<Array<{ fundingTime: number; fundingRate: string; markPrice: string }>>(`/fapi/v1/fundingRate?symbol=${symbol}&startTime=${from}&limit=100`);
      expect([symbol, settled.map((f) => f.fundingTime)]).toEqual([symbol, boundaries]);
      for (const f of settled) {
        const [mark] = await server.store.perp.marks({ symbol, to: f.fundingTime, limit: 1 });
        expect(mark).toMatchObject({ time: f.fundingTime, mark: BigInt(Math.round(Number(f.markPrice) * 1e8)) });
        expect(Number(f.fundingRate)).not.toBe(0);
        // The bots hold the only positions: one side paid what the other received (rounded for each, the insurance
        // fund takes the residue), as holding_fee records through the ledger.
        const fees = await server.store.db
          .selectFrom('asset_records')
          .select(['user_id', money('amount').as('amount'), money('frozen').as('frozen')])
          .where('type', '=', 'holding_fee')
          .where('ref', 'like', `perp:funding:${symbol}:%`)
          .where('time', '=', f.fundingTime)
          .execute();
        const by = new Map(fees.map((r) => [r.user_id, BigInt(r.amount) + BigInt(r.frozen)]));
        if (fees.length === 0) continue; // the taker was flat in this market at that instant
        expect(new Set(by.keys())).toEqual(new Set([maker, taker]));
        const [a, b] = [by.get(maker)!, by.get(taker)!];
        expect(a * b).toBeLessThan(0n);
        expect(a + b === 0n || a + b === 1n || a + b === -1n).toBe(true);
        payments += 2;
      }
    }
    expect(payments).toBeGreaterThan(12);
    await server.desks.perp.checkInvariants();
    const oi = await server.desks.perp.openPositions();
    expect(oi.length).toBeGreaterThan(0);
    await running.close();
    running = null;

    const { createStore } = await import('../../../server/store/index.ts');
    const store = await createStore({ dataDir });
    try {
      expect((await verifyLedger(store)).problems).toEqual([]);
    } finally {
      await store.close();
    }
  }, 300_000);
});
