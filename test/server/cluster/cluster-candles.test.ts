// Candles in a cluster (issue 26), on PostgreSQL and the machine's NATS JetStream: the desks in processes of their
// own, two gateways in this process, and the jobs process, the one that writes candles. Trades go through both
// gateways while no jobs process runs: both answer GET /api/v3/klines with the bars the stored trades make (the bar
// in progress included, from their own trades), and the candles table stays empty, so no gateway writes a row. The
// jobs process starts: it replays the stored trades, and the table gets those bars. Its standby takes over from a
// SIGKILL while trades go on: the table and both gateways still have exactly the stored trades' bars, none lost or
// counted twice.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type GatewayHandle } from '../../../server/cluster/gateway.ts';
import { API } from '../../../server/contract/api.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { createCandleStore, type CandlesTable } from '../../../server/market/candle-store.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../dialects.ts';
import { seedUsers, type SeededUser } from '../reliability/server-process.ts';
import { startClusterProcess, tearDownCluster, type ClusterProcess } from './processes.ts';

const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;
const SYMBOL = 'BTCUSDT';
/** Intervals whose bars the test makes from the trades itself (fixed lengths from the epoch). */
const LENGTHS = { '1m': 60_000, '5m': 300_000, '1h': 3_600_000, '1d': 86_400_000 } as const;
type Fixed = keyof typeof LENGTHS;

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

/** A bar as the test compares it: opening and closing time, then prices and volumes in minor units, and the count. */
type Bar = readonly [openTime: number, closeTime: number, open: bigint, high: bigint, low: bigint, close: bigint, volume: bigint, quoteVolume: bigint, count: number, takerBuyVolume: bigint, takerBuyQuoteVolume: bigint];

/** Decimal text as minor units (8 decimals). */
function minor(text: string): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 10n ** 8n + BigInt(frac.padEnd(8, '0').slice(0, 8));
}

/** The bars `trades` make, oldest first, as Binance's klines count them. */
function barsOf(trades: ReadonlyArray<{ tradeNo: number; time: number; price: bigint; qty: bigint; quote: bigint; takerSide: 'buy' | 'sell' }>, interval: Fixed): Bar[] {
  const length = LENGTHS[interval];
  const bars = new Map<number, [number, number, bigint, bigint, bigint, bigint, bigint, bigint, number, bigint, bigint]>();
  for (const t of [...trades].sort((a, b) => a.tradeNo - b.tradeNo)) {
    const at = Math.floor(t.time / length) * length;
    const buy = t.takerSide === 'buy';
    const b = bars.get(at);
    if (b === undefined) {
      bars.set(at, [at, at + length - 1, t.price, t.price, t.price, t.price, t.qty, t.quote, 1, buy ? t.qty : 0n, buy ? t.quote : 0n]);
      continue;
    }
    if (t.price > b[3]) b[3] = t.price;
    if (t.price < b[4]) b[4] = t.price;
    b[5] = t.price;
    b[6] += t.qty;
    b[7] += t.quote;
    b[8] += 1;
    if (buy) {
      b[9] += t.qty;
      b[10] += t.quote;
    }
  }
  return [...bars.values()].sort((a, b) => a[0] - b[0]);
}

cluster('candles in a cluster: one writer, every gateway serves them', (servers) => {
  let target: Target;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let store: Store;
  const prefix = uniquePrefix('cd');
  const children: ClusterProcess[] = [];
  const gateways: GatewayHandle[] = [];
  let users: SeededUser[];

  const jobs = () => {
    const p = startClusterProcess('jobs-main.ts', [`--prefix=${prefix}`], 'active', env);
    children.push(p);
    return p;
  };

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-candles-'));
    users = await seedUsers({ dataDir, databaseUrl: target.databaseUrl }, 2, { USDT: '1000000', BTC: '100' }, 'cd');
    env = { ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir };
    const desks = DESKS.map((d) => startClusterProcess('desk-main.ts', [`--desk=${d}`, `--prefix=${prefix}`], 'caught-up', env));
    children.push(...desks);
    await Promise.all(desks.map((p) => p.ready));
    for (const name of ['gw-cd-a', 'gw-cd-b']) {
      gateways.push(await startGateway({ databaseUrl: target.databaseUrl!, natsUrl: servers, prefix, dataDir, name, startTimeoutMs: 30_000 }));
    }
    store = await createStore({ databaseUrl: target.databaseUrl });
  }, 120_000);

  afterAll(() => tearDownCluster({ gateways, processes: children, servers, prefix, store, target, dataDir }));

  let orders = 0;
  const place = async (g: GatewayHandle, user: SeededUser, side: 'buy' | 'sell', price: number) => {
    const res = await fetch(`${g.url}${API.spotPlaceOrder}`, {
      method: 'POST',
      headers: { ticket: user.ticket, 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: SYMBOL, side, type: 'limit', price: String(price), amount: '0.01', clientOrderId: `cd-${++orders}` }),
    });
    const body = (await res.json()) as { code: string };
    expect(body.code, JSON.stringify(body)).toBe('success');
  };
  /** One trade: a resting order through one gateway, crossed through the other; the taker side alternates. */
  let trades = 0;
  const trade = async () => {
    const n = trades++;
    const [a, b] = n % 2 === 0 ? (gateways as [GatewayHandle, GatewayHandle]) : ([gateways[1], gateways[0]] as [GatewayHandle, GatewayHandle]);
    const [buyer, seller] = users as [SeededUser, SeededUser];
    const price = 50_000 + ((n * 37) % 11) * 10 - 50;
    if (n % 2 === 0) {
      await place(a, buyer, 'buy', price);
      await place(b, seller, 'sell', price);
    } else {
      await place(a, seller, 'sell', price);
      await place(b, buyer, 'buy', price);
    }
  };

  const storedTrades = () => store.spot.recentTrades(SYMBOL, 100_000);
  const expected = async (interval: Fixed) => barsOf(await storedTrades(), interval);
  /** A gateway's GET /api/v3/klines, as bars. */
  const klines = async (g: GatewayHandle, interval: Fixed): Promise<Bar[]> => {
    const rows = (await (await fetch(`${g.url}/api/v3/klines?symbol=${SYMBOL}&interval=${interval}&limit=1000`)).json()) as Array<[number, string, string, string, string, string, number, string, number, string, string, string]>;
    return rows.map((r) => [r[0], r[6], minor(r[1]), minor(r[2]), minor(r[3]), minor(r[4]), minor(r[5]), minor(r[7]), r[8], minor(r[9]), minor(r[10])] as const);
  };
  /** The candles table's bars. */
  const storedBars = async (interval: Fixed): Promise<Bar[]> => {
    const m = kernelMarket((await store.markets.configs('spot')).find((c) => c.symbol === SYMBOL)!);
    const price = (ticks: number) => BigInt(ticks) * m.tickSize;
    return (await createCandleStore(store.db).range(SYMBOL, interval, { startTime: 0, limit: 1000 })).map(
      (c) => [c.openTime, c.closeTime, price(c.open), price(c.high), price(c.low), price(c.close), c.volume, c.quoteVolume, c.count, c.takerBuyVolume, c.takerBuyQuoteVolume] as const,
    );
  };
  const candleRows = async () =>
    Number((await store.db.withTables<{ candles: CandlesTable }>().selectFrom('candles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  /** Both gateways' klines and (with `table`) the candles table are the stored trades' bars, for every interval. */
  const allAgree = async (table: boolean) => {
    for (const interval of Object.keys(LENGTHS) as Fixed[]) {
      const want = await expected(interval);
      for (const g of gateways) await expect.poll(() => klines(g, interval), { timeout: 15_000, interval: 200 }).toEqual(want);
      if (table) await expect.poll(() => storedBars(interval), { timeout: 15_000, interval: 200 }).toEqual(want);
    }
  };

  it('has one process write candles, and both gateways serve the stored trades\' bars across a writer takeover', { timeout: 180_000 }, async () => {
    // No jobs process yet: the gateways serve the bars from their own trades, and write none.
    for (let i = 0; i < 8; i++) await trade();
    expect((await storedTrades()).length).toBe(8);
    await allAgree(false);
    await new Promise((done) => setTimeout(done, 2_500)); // past two of the gateways' publisher flushes (1 s)
    expect(await candleRows()).toBe(0);
    await allAgree(false);

    // The jobs process writes them, from the stored trades; the gateways' bars agree with its.
    const first = jobs();
    await first.ready;
    const second = jobs();
    await second.waiting;
    for (let i = 0; i < 6; i++) await trade();
    await allAgree(true);

    // Its standby takes over from a SIGKILL while trades go on: no bar loses a trade or counts one twice.
    let trading = true;
    const during = (async () => {
      while (trading) await trade();
    })();
    await new Promise((done) => setTimeout(done, 500));
    first.child.kill('SIGKILL');
    await first.exited;
    await second.ready;
    await new Promise((done) => setTimeout(done, 1_500));
    trading = false;
    await during;
    expect((await storedTrades()).length).toBe(trades);
    await allAgree(true);
    // What a table of bars made twice or missed would show: its counts are the trades.
    expect((await storedBars('1d')).reduce((n, b) => n + b[8], 0)).toBe(trades);
  });
});
