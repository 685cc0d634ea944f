// A client whose gateway dies goes on through another with nothing lost (issue 26), on PostgreSQL and the machine's
// NATS JetStream. Processes: the desks (`desk-main.ts`) and two gateways (`gateway-main.ts`). A client on gateway A
// keeps a local book from Binance's depth stream (`btcusdt@depth@100ms`, after a GET /api/v3/depth snapshot), the
// trade stream, and the app WebSocket's user stream (`orders`, `balances`: seeded by REST, events on top) of a signed
// in user, while two traders' signed orders keep flowing. Gateway A is SIGKILLed; the user places orders during the
// outage; the client reconnects to gateway B and resumes:
// - depth: with no new snapshot, from its own last update id (B numbers the book as A did: the desk's numbering,
//   market/bridge.ts), by Binance's rule for the first diff (U <= last + 1 <= u) and then U = previous u + 1; after
//   the load its book equals B's REST book and the desk's (the open orders in the store), and a gateway started
//   afterwards answers the same book with the same lastUpdateId;
// - trades: the ids between its last before the kill and its first after are filled by GET /api/v3/aggTrades?fromId=
//   (every trade its own aggregate), and the ids it has are every trade in the store over the run, once;
// - user stream: B's REST seed holds the orders placed during the outage, the events after it apply on top, and the
//   resulting open orders and balances equal the store's.
// The same for a perpetual, in a cluster of its own: a futures client keeps its book from `/fstream` (`btcusdt@depth@100ms`
// after a GET /fapi/v1/depth snapshot, by Binance's futures rule: drop u < lastUpdateId, the first kept has
// U <= lastUpdateId <= u, then pu = the previous u) and an app client from /ws's `perpDepth@BTCUSDT` (the spot rule
// against the same REST snapshot), under signed /fapi/v1 orders through both gateways; gateway A is SIGKILLed, both
// go on through B from their own last u with no new snapshot (the perp desk's numbering), and end equal to B's REST
// book, the store's open orders, and a gateway started afterwards.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { API } from '../../../server/contract/api.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { createApiKeys, loadMasterKey } from '../../../server/gateway/binance/keys.ts';
import { formatPrice, formatQty, type Price, type Qty } from '../../../server/kernel/index.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../dialects.ts';
import { seedUsers, type SeededUser } from '../reliability/server-process.ts';
import { clusterStarter, signedCall, tearDownCluster, type ClusterProcess } from './processes.ts';

const MASTER = 'gateway-resume-master-key-0123456789abcdef';
const SYMBOL = 'BTCUSDT';
const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;

interface Key {
  readonly apiKey: string;
  readonly secret: string;
}

type TextLevel = [price: string, qty: string];
interface DepthUpdate {
  e: 'depthUpdate';
  U: number;
  u: number;
  /** /fstream's: the previous event's u. */
  pu?: number;
  b: TextLevel[];
  a: TextLevel[];
}
interface TradeMessage {
  e: 'trade';
  t: number;
}
/** The app WebSocket's `orders` and `balances` events, in the parts read here. */
interface OrderEvent {
  orderId: number;
  clientOrderId: string | null;
  status: string;
}
interface BalanceEvent {
  wallet: string;
  asset: string;
  available: string;
  frozen: string;
}
interface Snapshot {
  lastUpdateId: number;
  bids: TextLevel[];
  asks: TextLevel[];
}

/** A book as a client keeps it: price → quantity, numbers read from Binance's decimal text. */
type Side = Map<number, number>;
const sideOf = (levels: readonly TextLevel[]): [number, number][] => levels.map(([p, q]) => [Number(p), Number(q)]);
const sorted = (side: Side, desc: boolean) => [...side.entries()].sort(([x], [y]) => (desc ? y - x : x - y));

/**
 * Binance's local order book: diffs buffered until the snapshot; then, by the spot rule, drop u <= last, the first
 * applied one must have U <= last + 1 <= u, each next U = the previous u + 1; by the futures rule, drop u < last, the
 * first applied one must have U <= last <= u, each next pu = the previous u. `resume()` after a reconnect makes the next
 * diff bridge from the book's own last id again (no snapshot). A diff that breaks the rule is a gap: counted, and the
 * book re-snapshots.
 */
class LocalBook {
  private readonly futures: boolean;
  constructor(rule: 'spot' | 'futures' = 'spot') {
    this.futures = rule === 'futures';
  }
  readonly bids: Side = new Map();
  readonly asks: Side = new Map();
  last: number | null = null;
  gaps: string[] = [];
  snapshots = 0;
  private bridging = true;
  private buffer: DepthUpdate[] = [];

  load(s: Snapshot): void {
    this.snapshots++;
    this.bids.clear();
    this.asks.clear();
    for (const [p, q] of sideOf(s.bids)) this.bids.set(p, q);
    for (const [p, q] of sideOf(s.asks)) this.asks.set(p, q);
    this.last = s.lastUpdateId;
    this.bridging = true;
    const held = this.buffer;
    this.buffer = [];
    for (const d of held) this.diff(d);
  }

  /** The next diff comes from another connection: it must bridge from the book's last id. */
  resume(): void {
    this.bridging = true;
  }

  /** Applies a diff; false on a gap (the caller re-snapshots). */
  diff(d: DepthUpdate): boolean {
    if (this.last === null) {
      this.buffer.push(d);
      return true;
    }
    if (this.futures ? d.u < this.last : d.u <= this.last) return true;
    const ok = this.futures
      ? this.bridging
        ? d.U <= this.last && this.last <= d.u
        : d.pu === this.last
      : this.bridging
        ? d.U <= this.last + 1 && this.last + 1 <= d.u
        : d.U === this.last + 1;
    if (!ok) {
      this.gaps.push(`last ${this.last}, got U ${d.U} u ${d.u}${this.bridging ? ' (bridging)' : ''}`);
      this.last = null;
      this.buffer = [d];
      return false;
    }
    for (const [p, q] of sideOf(d.b)) q === 0 ? this.bids.delete(p) : this.bids.set(p, q);
    for (const [p, q] of sideOf(d.a)) q === 0 ? this.asks.delete(p) : this.asks.set(p, q);
    this.last = d.u;
    this.bridging = false;
    return true;
  }

  view() {
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }
}

/** A WebSocket whose messages are handed to `onMessage` as parsed JSON; `closed` settles when it closes. */
async function connect(url: string, onMessage: (value: unknown) => void): Promise<{ socket: WebSocket; closed: Promise<void> }> {
  const socket = new WebSocket(url);
  const closed = new Promise<void>((resolve) => socket.addEventListener('close', () => resolve()));
  socket.addEventListener('message', (e) => onMessage(JSON.parse(String(e.data)) as unknown));
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
  });
  return { socket, closed };
}

const wsUrl = (http: string, path: string) => `${http.replace(/^http/, 'ws')}${path}`;

/**
 * Crossing limit orders of `keys`' traders through gateways `a` and `b` (alternating while A is alive, then B alone),
 * three clients at a time while `loading`: each order retried with its client id until taken (a duplicate counts as
 * taken) and paced on 429s as a Binance client is; anything else refused fails the test.
 */
function orderLoad(o: {
  readonly a: string;
  readonly b: string;
  readonly keys: readonly Key[];
  readonly path: string;
  readonly seed: number;
  /** The smallest quantity's last digit: orders are 0.00x BTC, x from here to 2 above. */
  readonly minLots: number;
  readonly prefix: string;
  /** The answer to a repeated client id. */
  readonly duplicate: (body: { code?: number; msg?: string }) => boolean;
}) {
  let seed = o.seed;
  const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n);
  let next = 0;
  const state = { aAlive: true, loading: false, placed: 0 };
  const placeOne = async (): Promise<void> => {
    const i = next++;
    const buy = i % 2 === 0;
    const key = o.keys[i % o.keys.length]!;
    const price = String(50_000 + (buy ? random(9) - 5 : random(9) - 3));
    const params = { symbol: SYMBOL, side: buy ? 'BUY' : 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: `0.00${o.minLots + random(3)}`, price, newClientOrderId: `${o.prefix}-${i}` };
    for (let attempt = 0; attempt < 200; attempt++) {
      const base = state.aAlive && (i + attempt) % 2 === 0 ? o.a : o.b;
      const r = await signedCall(base, key, 'POST', o.path, params);
      if ((r?.status === 200 && r.body.orderId !== undefined) || (r !== undefined && o.duplicate(r.body))) {
        state.placed++;
        return;
      }
      // Too many orders (429): paced as a Binance client is; the order was not taken, so the same one goes again.
      if (r !== undefined && r.status < 500 && r.status !== 429) throw new Error(`order ${o.prefix}-${i} refused: ${r.status} ${JSON.stringify(r.body)}`);
      await new Promise((done) => setTimeout(done, r?.status === 429 ? 500 : 20));
    }
    throw new Error(`order ${o.prefix}-${i}: no answer`);
  };
  return {
    state,
    /** Three clients placing orders until `state.loading` is false. */
    async start(): Promise<void> {
      state.loading = true;
      const worker = async () => {
        while (state.loading) {
          await placeOne();
          await new Promise((done) => setTimeout(done, 60));
        }
      };
      await Promise.all([worker(), worker(), worker()]);
    },
  };
}

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

cluster('a client resumes on another gateway when its own dies', (servers) => {
  let target: Target;
  let dataDir: string;
  let store: Store;
  const prefix = uniquePrefix('gr');
  const procs = new Set<ClusterProcess>();
  const keys: Key[] = [];
  let watcher: SeededUser;

  const start = clusterStarter(prefix, procs, () => ({
    ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir, API_KEY_SECRET: MASTER,
  }));
  const gateway = async (name: string) => {
    const p = start('gateway-main.ts', ['--port=0', '--host=127.0.0.1', `--name=${name}`], 'listening');
    return { p, url: (await p.ready).url! };
  };

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-gateway-resume-'));
    const at = { dataDir, databaseUrl: target.databaseUrl };
    // Six traders: each key may place 100 orders per 10 s on a gateway (limits.ts), and the flow wants more.
    const traders = await seedUsers(at, 6, { USDT: '100000000', BTC: '10000' }, 'gr');
    [watcher] = (await seedUsers(at, 1, { USDT: '10000' }, 'grw')) as [SeededUser];
    store = await createStore({ databaseUrl: target.databaseUrl });
    const made = createApiKeys({ store, clock: store.clock, master: loadMasterKey({ env: { API_KEY_SECRET: MASTER } }) });
    for (const u of traders) keys.push(await made.create(u.id, { trade: true }));
  }, 120_000);

  afterAll(() => tearDownCluster({ processes: procs, servers, prefix, store, target, dataDir }));

  /** The app API as the signed-in user. */
  const app = async (base: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ticket: watcher.ticket, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = (await res.json()) as { code: string; data?: unknown };
    if (reply.code !== 'success') throw new Error(`${path}: ${JSON.stringify(reply)}`);
    return reply.data;
  };
  const rest = async <T,>(base: string, path: string): Promise<T> => (await (await fetch(`${base}${path}`)).json()) as T;
  const depthOf = (base: string) => rest<Snapshot>(base, `/api/v3/depth?symbol=${SYMBOL}&limit=5000`);
  const viewOf = (s: Snapshot) => ({ bids: sideOf(s.bids), asks: sideOf(s.asks) });

  /** The desk's book as committed: the open orders in the store, summed per level. */
  const storeBook = async () => {
    const m = kernelMarket((await store.markets.configs('spot')).find((c) => c.symbol === SYMBOL)!);
    const sides = { buy: new Map<bigint, bigint>(), sell: new Map<bigint, bigint>() };
    for (const o of await store.spot.openOrders()) {
      if (o.symbol !== SYMBOL || o.price === null) continue;
      sides[o.side].set(o.price, (sides[o.side].get(o.price) ?? 0n) + o.openQty);
    }
    const side = (levels: Map<bigint, bigint>, desc: boolean) =>
      [...levels.entries()]
        .map(([p, q]): [number, number] => [Number(formatPrice(m, Number(p / m.tickSize) as Price)), Number(formatQty(m, Number(q / m.lotSize) as Qty))])
        .sort(([x], [y]) => (desc ? y - x : x - y));
    return { bids: side(sides.buy, true), asks: side(sides.sell, false) };
  };

  it('goes on with the other gateway: depth without a gap or a new snapshot, every trade, the user stream', async () => {
    for (const d of DESKS) await start('desk-main.ts', [`--desk=${d}`], 'active').ready;
    const a = await gateway('gw-a');
    const b = await gateway('gw-b');

    // ---- the order flow: six traders' crossing prices (trades and level changes), through both gateways ----------
    const load = orderLoad({ a: a.url, b: b.url, keys, path: '/api/v3/order', seed: 42, minLots: 1, prefix: 'gr', duplicate: (r) => r.code === -2010 && /Duplicate order sent/.test(r.msg ?? '') });
    const flow = load.start();

    // ---- a quiet moment first: both gateways answer the same book under the same update id ----------------------
    await new Promise((done) => setTimeout(done, 1_000));
    load.state.loading = false;
    await flow;
    await expect.poll(async () => JSON.stringify(await depthOf(a.url)) === JSON.stringify(await depthOf(b.url)), { timeout: 10_000 }).toBe(true);
    const quiet = await depthOf(a.url);
    expect(quiet.bids.length + quiet.asks.length).toBeGreaterThan(0);
    expect(quiet.lastUpdateId).toBeGreaterThan((Date.now() - 3_600_000) * 1000); // the desk's opening time × 1000 + its seq

    // ---- the client on gateway A ----------------------------------------------------------------------------------
    const book = new LocalBook();
    const tradesA: number[] = [];
    const tradesB: number[] = [];
    let tradesTo = tradesA;
    let gatewayNow = a.url;
    const onStream = (value: unknown) => {
      const { data } = value as { stream: string; data: DepthUpdate | TradeMessage };
      if (data.e === 'trade') return void tradesTo.push(data.t);
      if (!book.diff(data)) void depthOf(gatewayNow).then((s) => book.load(s)); // a gap: what the test must not see
    };
    const streams = `/stream/stream?streams=${SYMBOL.toLowerCase()}@depth@100ms/${SYMBOL.toLowerCase()}@trade`;
    const marketA = await connect(wsUrl(a.url, streams), onStream);
    book.load(await depthOf(a.url));

    // The user stream: subscribe, then the REST seed (open orders, balances), the events on top (src/api/stream-seeds.ts).
    const orders = new Map<number, OrderEvent>();
    const balances = new Map<string, BalanceEvent>();
    const userEvents: Array<{ topic: string; data: unknown }> = [];
    let acks = 0;
    const onUser = (value: unknown) => {
      const f = value as { op: string; id?: number; topic?: string; data?: unknown; code?: string };
      if (f.op === 'ack') acks++;
      if (f.op === 'error') throw new Error(`user stream: ${JSON.stringify(f)}`);
      if (f.op === 'event') userEvents.push({ topic: f.topic!, data: f.data });
    };
    const applyUser = () => {
      for (const e of userEvents.splice(0)) {
        if (e.topic === 'orders') orders.set((e.data as OrderEvent).orderId, e.data as OrderEvent);
        if (e.topic === 'balances') balances.set(`${(e.data as BalanceEvent).wallet}:${(e.data as BalanceEvent).asset}`, e.data as BalanceEvent);
      }
    };
    const userStream = async (base: string) => {
      acks = 0;
      const ws = await connect(wsUrl(base, '/ws'), onUser);
      ws.socket.send(JSON.stringify({ op: 'auth', id: 1, ticket: watcher.ticket }));
      ws.socket.send(JSON.stringify({ op: 'subscribe', id: 2, topics: ['orders', 'balances'] }));
      await expect.poll(() => acks, { timeout: 5_000 }).toBe(2);
      // The seed after the subscription: it holds what the events before it told; the events after it go on top.
      userEvents.length = 0;
      const seed = (await app(base, 'POST', API.spotOrderList, { active: 1, pageIndex: 1, pageSize: 200 })) as { list: Array<{ orderNo: number; clientOrderId: string | null; status: string }> };
      const wallets = (await app(base, 'GET', API.assetBalances)) as { accounts: Array<{ account: string; balances: Array<{ asset: string; available: string; frozen: string }> }> };
      orders.clear();
      balances.clear();
      for (const o of seed.list) orders.set(o.orderNo, { orderId: o.orderNo, clientOrderId: o.clientOrderId, status: o.status === 'pending' ? 'NEW' : o.status });
      for (const w of wallets.accounts) for (const x of w.balances) balances.set(`${w.account}:${x.asset}`, { wallet: w.account, asset: x.asset, available: x.available, frozen: x.frozen });
      return { ws, seeded: seed.list.map((o) => o.clientOrderId) };
    };
    const watch = (base: string, clientOrderId: string, price: string) =>
      app(base, 'POST', API.spotPlaceOrder, { symbol: SYMBOL, side: 'buy', type: 'limit', price, amount: '0.001', clientOrderId });

    const userA = await userStream(a.url);
    await watch(a.url, 'grw-before', '40000');
    await expect.poll(() => userEvents.some((e) => e.topic === 'orders' && (e.data as OrderEvent).clientOrderId === 'grw-before'), { timeout: 5_000 }).toBe(true);
    applyUser();

    // ---- the flow again; gateway A dies under it -----------------------------------------------------------------
    const flow2 = load.start();
    await new Promise((done) => setTimeout(done, 2_000));
    const idsBeforeKill = book.last!;
    load.state.aAlive = false;
    a.p.child.kill('SIGKILL');
    await Promise.all([a.p.exited, marketA.closed, userA.ws.closed]);
    const lastBefore = tradesA.at(-1);
    // The user's orders while the client has no gateway (placed through B, the one left).
    for (const [n, price] of [['1', '40001'], ['2', '40002'], ['3', '40003']] as const) await watch(b.url, `grw-outage-${n}`, price);
    await new Promise((done) => setTimeout(done, 300));

    // ---- the client reconnects to gateway B and resumes ---------------------------------------------------------
    gatewayNow = b.url;
    tradesTo = tradesB;
    book.resume();
    const marketB = await connect(wsUrl(b.url, streams), onStream);
    const userB = await userStream(b.url);
    expect(userB.seeded).toEqual(expect.arrayContaining(['grw-before', 'grw-outage-1', 'grw-outage-2', 'grw-outage-3']));
    await watch(b.url, 'grw-after', '40004');
    // The trades between the last one A sent and the first one B sends: from REST, as soon as B's first is in.
    await expect.poll(() => tradesB.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const firstAfter = tradesB[0]!;
    const filled = (await rest<Array<{ a: number }>>(b.url, `/api/v3/aggTrades?symbol=${SYMBOL}&fromId=${(lastBefore ?? 0) + 1}&limit=1000`))
      .map((t) => t.a)
      .filter((id) => id < firstAfter);
    await new Promise((done) => setTimeout(done, 2_000));
    load.state.loading = false;
    await flow2;

    // ---- after the load: every book agrees ------------------------------------------------------------------------
    await expect.poll(async () => book.last === (await depthOf(b.url)).lastUpdateId, { timeout: 10_000 }).toBe(true);
    const final = await depthOf(b.url);
    expect(book.view()).toEqual(viewOf(final));
    expect(viewOf(final)).toEqual(await storeBook());
    expect(book.gaps).toEqual([]);
    expect(book.snapshots).toBe(1); // the one at the start, on gateway A
    expect(book.last).toBeGreaterThan(idsBeforeKill);

    // ---- trades: the gap between the two connections filled by REST, then every trade once ----------------------
    expect(tradesA.length).toBeGreaterThan(0);
    const seen = [...tradesA, ...filled, ...tradesB];
    const stored = (await store.spot.recentTrades(SYMBOL, 1_000_000)).map((t) => t.tradeNo).reverse();
    expect(seen).toEqual(stored.filter((id) => id >= tradesA[0]!));
    expect(seen.at(-1)).toBe(stored.at(-1));

    // ---- the user stream: seeded with the outage's orders, the events after it on top, equal to the store ----------
    await expect.poll(() => userEvents.some((e) => e.topic === 'orders' && (e.data as OrderEvent).clientOrderId === 'grw-after'), { timeout: 5_000 }).toBe(true);
    applyUser();
    const open = (await store.spot.openOrders()).filter((o) => o.user === watcher.id);
    const stillOpen = [...orders.values()].filter((o) => !['FILLED', 'CANCELED', 'EXPIRED', 'REJECTED'].includes(o.status));
    expect(stillOpen.map((o) => o.clientOrderId).sort()).toEqual(open.map((o) => o.clientOrderId).sort());
    expect(open).toHaveLength(5);
    // Five bids of 0.001 at 40,000 … 40,004 hold 200.01 USDT; the balance the client keeps is what REST answers now.
    const usdt = balances.get('coin:USDT')!;
    expect(Number(usdt.frozen)).toBeGreaterThanOrEqual(200.01);
    const wallets = (await app(b.url, 'GET', API.assetBalances)) as { accounts: Array<{ account: string; balances: Array<{ asset: string; available: string; frozen: string }> }> };
    const now = wallets.accounts.find((w) => w.account === 'coin')!.balances.find((x) => x.asset === 'USDT')!;
    expect([usdt.available, usdt.frozen].map(Number)).toEqual([now.available, now.frozen].map(Number));

    // ---- a gateway started now numbers the book as B does ------------------------------------------------------------
    const c = await gateway('gw-c');
    expect(await depthOf(c.url)).toEqual(await depthOf(b.url));

    console.log(
      `gateway resume: ${load.state.placed} orders, trades ${tradesA.length} on A, ${filled.length} filled by REST, ${tradesB.length} on B; ` +
        `depth ids ${idsBeforeKill} at the kill, ${book.last} at the end, no gap, one snapshot`,
    );
    marketB.socket.close();
    userB.ws.socket.close();
  }, 240_000);
});

cluster('a futures client resumes on another gateway when its own dies', (servers) => {
  let target: Target;
  let dataDir: string;
  let store: Store;
  const prefix = uniquePrefix('grp');
  const procs = new Set<ClusterProcess>();
  const keys: Key[] = [];

  const start = clusterStarter(prefix, procs, () => ({
    ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir, API_KEY_SECRET: MASTER,
  }));
  const gateway = async (name: string) => {
    const p = start('gateway-main.ts', ['--port=0', '--host=127.0.0.1', `--name=${name}`], 'listening');
    return { p, url: (await p.ready).url! };
  };

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-gateway-resume-perp-'));
    const at = { dataDir, databaseUrl: target.databaseUrl };
    const traders = await seedUsers(at, 6, {}, 'grp');
    for (const u of traders) {
      const credited = await runAdmin(['balance', 'credit', '--email', u.email, '--asset', 'USDT', '--amount', '100000000', '--account', 'contract', '--memo', 'seed', '--reason', 'test seed'], at);
      if (credited.exitCode !== 0) throw new Error(`balance credit: ${credited.output}`);
    }
    store = await createStore({ databaseUrl: target.databaseUrl });
    const made = createApiKeys({ store, clock: store.clock, master: loadMasterKey({ env: { API_KEY_SECRET: MASTER } }) });
    for (const u of traders) keys.push(await made.create(u.id, { trade: true }));
  }, 120_000);

  afterAll(() => tearDownCluster({ processes: procs, servers, prefix, store, target, dataDir }));

  const rest = async <T,>(base: string, path: string): Promise<T> => (await (await fetch(`${base}${path}`)).json()) as T;
  /** GET /fapi/v1/depth's book and id (its E and T are the moment's). */
  const depthOf = async (base: string): Promise<Snapshot> => {
    const d = await rest<Snapshot>(base, `/fapi/v1/depth?symbol=${SYMBOL}&limit=1000`);
    return { lastUpdateId: d.lastUpdateId, bids: d.bids, asks: d.asks };
  };
  const viewOf = (s: Snapshot) => ({ bids: sideOf(s.bids), asks: sideOf(s.asks) });

  /** The perp desk's book as committed: the resting orders in the store, summed per level. */
  const storeBook = async () => {
    const sides = { buy: new Map<bigint, bigint>(), sell: new Map<bigint, bigint>() };
    for (const o of await store.perp.openOrders()) {
      if (o.symbol !== SYMBOL || o.triggerPrice !== null) continue;
      sides[o.side].set(o.price, (sides[o.side].get(o.price) ?? 0n) + o.openQty);
    }
    const side = (levels: Map<bigint, bigint>, desc: boolean) =>
      [...levels.entries()].map(([p, q]): [number, number] => [Number(p) / 1e8, Number(q) / 1e8]).sort(([x], [y]) => (desc ? y - x : x - y));
    return { bids: side(sides.buy, true), asks: side(sides.sell, false) };
  };

  it('goes on with the other gateway: /fstream depth and the app perpDepth topic without a gap or a new snapshot', async () => {
    for (const d of DESKS) await start('desk-main.ts', [`--desk=${d}`], 'active').ready;
    const a = await gateway('gw-a');
    const b = await gateway('gw-b');

    // ---- the order flow: six traders' crossing limit orders (trades and level changes), through both gateways -----
    const load = orderLoad({ a: a.url, b: b.url, keys, path: '/fapi/v1/order', seed: 7, minLots: 2, prefix: 'grp', duplicate: (r) => r.code === -4116 });
    const flow = load.start();

    // ---- a quiet moment first: both gateways answer the same book under the same update id, the desk's ------------
    await new Promise((done) => setTimeout(done, 1_000));
    load.state.loading = false;
    await flow;
    await expect.poll(async () => JSON.stringify(await depthOf(a.url)) === JSON.stringify(await depthOf(b.url)), { timeout: 10_000 }).toBe(true);
    const quiet = await depthOf(a.url);
    expect(quiet.bids.length + quiet.asks.length).toBeGreaterThan(0);
    expect(quiet.lastUpdateId).toBeGreaterThan((Date.now() - 3_600_000) * 1000); // the desk's opening time × 1000 + its seq

    // ---- the clients on gateway A: /fstream's diff stream, and the app's perpDepth topic on /ws ----------------------
    const book = new LocalBook('futures');
    const app = new LocalBook('spot');
    let gatewayNow = a.url;
    const onFstream = (value: unknown) => {
      const { data } = value as { stream: string; data: DepthUpdate };
      if (!book.diff(data)) void depthOf(gatewayNow).then((s) => book.load(s)); // a gap: what the test must not see
    };
    let acked = 0;
    const onApp = (value: unknown) => {
      const f = value as { op: string; topic?: string; data?: DepthUpdate };
      if (f.op === 'ack') acked++;
      if (f.op === 'error') throw new Error(`perpDepth: ${JSON.stringify(f)}`);
      if (f.op === 'event' && f.topic === `perpDepth@${SYMBOL}` && !app.diff(f.data!)) void depthOf(gatewayNow).then((s) => app.load(s));
    };
    const fstream = `/fstream/stream?streams=${SYMBOL.toLowerCase()}@depth@100ms`;
    const openApp = async (base: string) => {
      acked = 0;
      const ws = await connect(wsUrl(base, '/ws'), onApp);
      ws.socket.send(JSON.stringify({ op: 'subscribe', id: 1, topics: [`perpDepth@${SYMBOL}`] }));
      await expect.poll(() => acked, { timeout: 5_000 }).toBe(1);
      return ws;
    };
    const marketA = await connect(wsUrl(a.url, fstream), onFstream);
    const appA = await openApp(a.url);
    // Each book's snapshot after its subscription, as Binance's procedure and the app take it.
    book.load(await depthOf(a.url));
    app.load(await depthOf(a.url));

    // ---- the flow again; gateway A dies under it -----------------------------------------------------------------
    const flow2 = load.start();
    await new Promise((done) => setTimeout(done, 2_000));
    const idsBeforeKill = book.last!;
    load.state.aAlive = false;
    a.p.child.kill('SIGKILL');
    await Promise.all([a.p.exited, marketA.closed, appA.closed]);
    await new Promise((done) => setTimeout(done, 500)); // orders through B while the clients have no gateway

    // ---- the clients reconnect to gateway B and resume, with no new snapshot --------------------------------------
    gatewayNow = b.url;
    book.resume();
    app.resume();
    const marketB = await connect(wsUrl(b.url, fstream), onFstream);
    const appB = await openApp(b.url);
    await new Promise((done) => setTimeout(done, 2_000));
    load.state.loading = false;
    await flow2;

    // ---- after the load: every book agrees ------------------------------------------------------------------------
    for (const local of [book, app]) await expect.poll(async () => local.last === (await depthOf(b.url)).lastUpdateId, { timeout: 10_000 }).toBe(true);
    const final = await depthOf(b.url);
    expect(book.view()).toEqual(viewOf(final));
    expect(app.view()).toEqual(viewOf(final));
    expect(viewOf(final)).toEqual(await storeBook());
    expect(book.gaps).toEqual([]);
    expect(app.gaps).toEqual([]);
    expect([book.snapshots, app.snapshots]).toEqual([1, 1]); // the ones at the start, on gateway A
    expect(book.last).toBeGreaterThan(idsBeforeKill);

    // ---- a gateway started now numbers the book as B does ------------------------------------------------------------
    const c = await gateway('gw-c');
    expect(await depthOf(c.url)).toEqual(await depthOf(b.url));

    console.log(`gateway resume (perpetual): ${load.state.placed} orders, depth ids ${idsBeforeKill} at the kill, ${book.last} at the end, no gap, one snapshot per client`);
    marketB.socket.close();
    appB.socket.close();
  }, 240_000);
});
