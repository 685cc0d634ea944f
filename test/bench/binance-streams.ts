// `npm run bench -- --only=streams`: Binance's spot market streams (/stream, server/gateway/binance/sstream*.ts) fanned
// out to many WebSocket sockets, against a bare `ws` broadcast of the same bytes to as many sockets in the same run.
//
// Exchange phase: the exchange starts in this process (startServer, a fresh SQLite data directory, no feeds, no bots,
// loopback only); a child process (this file again, run as the client side) opens --streams-sockets connections (default
// 10 000) to ws://127.0.0.1:PORT/stream/ws, each SUBSCRIBEs to btcusdt@depth@100ms and btcusdt@trade and waits for the
// answer. Orders then go through the spot desk at a fixed rate (--streams-rate trades a second, default 4): each step a
// maker rests an ask and a bid, a taker buys the ask and sells into the bid (four orders, two trades, book changes on
// both sides). After a warm-up (--streams-warmup-ms, default 3000) a window of --streams-ms (default 10 000) is measured.
// Bare phase: the exchange closed, a `ws` WebSocketServer (the package @fastify/websocket serves the exchange with) in
// this process, the same number of sockets from the child, and every payload the exchange sent in its window sent again
// at the same moments, byte for byte, to every socket in a plain loop.
//
// Figures, each beside the bare broadcast's and as a ratio:
// - deliveries per second per core: messages handed to the clients' sockets in the window / the window / the cores
//   this process used in it (process.cpuUsage: the server's threads, SQLite writer and GC included; the clients are in
//   the child and not counted). That every message written was delivered is checked at the end of each phase: the
//   clients' count of messages received equals the server's count of writes (both shown). The order driver runs in
//   this process too; at this rate its share is small.
// - fan-out p50/p99: from the moment a payload starts going out to each socket's write (ws's send, which hands the
//   frame to the kernel), server side, through a hook ws-streams.ts calls when set (streamProbe; no-op by default).
// - match → write p50/p99 (exchange only): from the taker order's submission to the desk (which matches it at once,
//   commits the batch, then publishes the trade) to each socket's write of that trade, server side; the trade is told
//   from the others by its price (every step's prices are its own).
// - memory per socket: this process's heap (V8 heap + external + array buffers) after a full GC with the sockets
//   connected and subscribed, less the same before they connected, over the number of sockets. The RSS growth is
//   shown for the exchange only: the bare phase runs second, in pages the exchange phase took and freed, so its RSS
//   barely moves and a ratio would mean nothing. Kernel socket buffers are in neither.
// - the rate achieved: the driver is an open loop (the steps due by now are made, late ones at once, when the fan-out
//   held the event loop past their time); trades a second in the window are shown beside the rate asked.
// File descriptors: each end of a loopback connection is a descriptor, so the 10 000 connections are 20 000 of them;
// in one process that is more than a usual `ulimit -n` of 20 000 leaves. Here the server's ends are in this process
// and the clients' in the child, each needing the sockets plus a reserve; when `ulimit -n` (or the loopback port range)
// is below that, the bench runs with the largest count that fits and says so. It stops by itself: every wait is
// bounded, the child is killed at the end.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const CLIENT_FLAG = 'OPENEX_BENCH_STREAM_CLIENTS';
const SYMBOL = 'BTCUSDT';
const STREAMS = ['btcusdt@depth@100ms', 'btcusdt@trade'] as const;
/** Descriptors a process needs besides its sockets (the store, logs, pipes, libraries). */
const FD_RESERVE = 256;
const CONNECT_CONCURRENCY = 200;
const CONNECT_TIMEOUT_MS = 30_000;
const OPEN = 1;

// ---- the ws package, as @fastify/websocket has it (@types/ws is not installed) --------------------------------

interface WsClient {
  readonly readyState: number;
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(text: string): void;
  terminate(): void;
}
interface WsPeer {
  readonly readyState: number;
  send(text: string): void;
}
interface WsServer {
  readonly clients: Set<WsPeer>;
  on(event: 'listening', listener: () => void): void;
  address(): AddressInfo;
  close(done?: () => void): void;
}
interface WsModule {
  readonly WebSocket: new (url: string, options: { perMessageDeflate: boolean }) => WsClient;
  readonly WebSocketServer: new (options: { host: string; port: number; perMessageDeflate: boolean; maxPayload: number }) => WsServer;
}
const requireHere = createRequire(import.meta.url);
const ws = createRequire(requireHere.resolve('@fastify/websocket'))('ws') as WsModule;

// ---- the client side (the child process) -----------------------------------------------------------------------

type ToClients =
  | { readonly type: 'connect'; readonly url: string; readonly count: number; readonly subscribe: readonly string[] | null }
  | { readonly type: 'count' }
  | { readonly type: 'close' };
type FromClients =
  | { readonly type: 'connected'; readonly ok: number; readonly failed: number }
  | { readonly type: 'counts'; readonly messages: number; readonly bytes: number; readonly dropped: number }
  | { readonly type: 'closed' };

function runClients(): void {
  /** The connected sockets; one that closes while in here was closed by the server. */
  const sockets = new Set<WsClient>();
  let messages = 0;
  let bytes = 0;
  let dropped = 0;
  const send = (m: FromClients) => process.send?.(m);

  const connect = async (url: string, count: number, subscribe: readonly string[] | null) => {
    let started = 0;
    let ok = 0;
    let failed = 0;
    const request = subscribe === null ? null : JSON.stringify({ method: 'SUBSCRIBE', params: subscribe, id: 1 });
    const one = () =>
      new Promise<void>((resolve) => {
        const s = new ws.WebSocket(url, { perMessageDeflate: false });
        let ready = false;
        let settled = false;
        const settle = (good: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (good) {
            ready = true;
            ok++;
            sockets.add(s);
          } else {
            failed++;
            s.terminate();
          }
          resolve();
        };
        const timer = setTimeout(() => settle(false), CONNECT_TIMEOUT_MS);
        s.on('error', () => settle(false));
        s.on('close', () => {
          if (sockets.delete(s)) dropped++;
          settle(false);
        });
        s.on('open', () => {
          if (request === null) settle(true);
          else s.send(request);
        });
        s.on('message', (data) => {
          if (!ready && request !== null && data.toString().startsWith('{"result":null')) return settle(true);
          messages++;
          bytes += data.length;
        });
      });
    await Promise.all(
      Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        while (started < count) {
          started++;
          await one();
        }
      }),
    );
    return { ok, failed };
  };

  process.on('message', (m: ToClients) => {
    if (m.type === 'connect') void connect(m.url, m.count, m.subscribe).then((r) => send({ type: 'connected', ...r }));
    else if (m.type === 'count') send({ type: 'counts', messages, bytes, dropped });
    else {
      const all = [...sockets];
      sockets.clear();
      for (const s of all) s.terminate();
      send({ type: 'closed' });
    }
  });
  // The bench process is gone (finished, or killed): the client side ends with it, never left holding 10,000 sockets.
  process.on('disconnect', () => process.exit(0));
}

if (process.env[CLIENT_FLAG] === '1') runClients();

/** The client side, in a child process: connect, count, close. */
class Clients {
  private readonly child: ChildProcess;
  private waiting: Array<{ type: FromClients['type']; resolve: (m: FromClients) => void }> = [];

  constructor() {
    this.child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [CLIENT_FLAG]: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromClients) => {
      const i = this.waiting.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(m);
    });
  }

  private ask<T extends FromClients['type']>(m: ToClients, type: T, ms: number): Promise<Extract<FromClients, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the client process did not answer ${m.type} within ${ms} ms`)), ms);
      this.waiting.push({ type, resolve: (r) => (clearTimeout(timer), resolve(r as Extract<FromClients, { type: T }>)) });
      this.child.send(m);
    });
  }

  connect(url: string, count: number, subscribe: readonly string[] | null) {
    return this.ask({ type: 'connect', url, count, subscribe }, 'connected', CONNECT_TIMEOUT_MS * 4 + count * 20);
  }
  counts() {
    return this.ask({ type: 'count' }, 'counts', 10_000);
  }
  close() {
    return this.ask({ type: 'close' }, 'closed', 30_000);
  }
  kill(): void {
    this.child.kill('SIGKILL');
  }
}

// ---- measuring -----------------------------------------------------------------------------------------------

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Memory {
  heap: number;
  rss: number;
}
function memory(): Memory {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss };
}

/** Samples, kept in a growing Float64Array (millions of them: one per socket per payload). */
class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  quantile(q: number): number {
    if (this.length === 0) return 0;
    const sorted = this.data.slice(0, this.length).sort();
    return sorted[Math.min(this.length - 1, Math.floor(q * this.length))]!;
  }
}

/** The clients' messages since `from` once they reached `written()` (or stopped growing for 5 s). */
async function caughtUp(clients: Clients, from: number, written: () => number): Promise<number> {
  let last = -1;
  let still = 0;
  for (;;) {
    const got = (await clients.counts()).messages - from;
    if (got >= written() || still >= 50) return got;
    still = got === last ? still + 1 : 0;
    last = got;
    await sleep(100);
  }
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StreamsOptions {
  readonly sockets?: number;
  readonly tradesPerSec?: number;
  readonly ms?: number;
  readonly warmupMs?: number;
}

export interface PhaseFigures {
  readonly sockets: number;
  readonly connectFailed: number;
  readonly windowMs: number;
  readonly payloads: number;
  /** Messages handed to the clients' sockets in the window. */
  readonly deliveries: number;
  /** Over the whole phase, once the clients caught up: messages written, and received by the clients. */
  readonly writtenAll: number;
  readonly receivedAll: number;
  readonly writes: number;
  readonly bytes: number;
  readonly cpuMs: number;
  readonly coresUsed: number;
  readonly deliveriesPerSec: number;
  readonly deliveriesPerSecPerCore: number;
  readonly fanoutP50Ms: number;
  readonly fanoutP99Ms: number;
  readonly heapPerSocket: number;
  readonly rssPerSocket: number;
  /** Sockets closed by the server during the window (slow readers dropped). */
  readonly dropped: number;
}

export interface StreamsFigures {
  readonly requested: number;
  readonly sockets: number;
  readonly fdLimit: number | null;
  readonly fdNote: string;
  readonly tradesPerSec: number;
  readonly warmupMs: number;
  readonly cores: number;
  readonly exchange: PhaseFigures & { readonly trades: number; readonly matchP50Ms: number; readonly matchP99Ms: number; readonly refused: number; readonly slowDropped: number };
  readonly bare: PhaseFigures;
}

/** The soft limit of open files (Linux /proc), or null where it can't be read. */
function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

/** The loopback ports a client can connect from (Linux), or null. */
function portRange(): number | null {
  try {
    const [lo, hi] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return lo === undefined || hi === undefined ? null : hi - lo + 1;
  } catch {
    return null;
  }
}

/** How many sockets fit, and what was said about it. */
function socketBudget(requested: number): { sockets: number; fdLimit: number | null; note: string } {
  const fdLimit = openFileLimit();
  const ports = portRange();
  let sockets = requested;
  const notes: string[] = [];
  const both = requested * 2 + FD_RESERVE;
  notes.push(
    `ulimit -n ${fdLimit ?? 'unknown'}: ${requested.toLocaleString('en-US')} loopback connections are ${(requested * 2).toLocaleString('en-US')} descriptors` +
      ` (${both.toLocaleString('en-US')} with the reserve in one process${fdLimit !== null && both > fdLimit ? ', more than the limit' : ''}); the server's ends are in this process, the clients' in a child, each needing ${(requested + FD_RESERVE).toLocaleString('en-US')}`,
  );
  if (fdLimit !== null && requested + FD_RESERVE > fdLimit) {
    sockets = Math.max(1, fdLimit - FD_RESERVE);
    notes.push(`ulimit -n ${fdLimit} is below that: running with ${sockets.toLocaleString('en-US')} sockets, the most that fit`);
  }
  if (ports !== null && sockets > ports - 1_000) {
    sockets = Math.max(1, ports - 1_000);
    notes.push(`the loopback port range holds ${ports} ports: running with ${sockets.toLocaleString('en-US')} sockets`);
  }
  return { sockets, fdLimit, note: notes.join('; ') };
}

function phase(o: {
  sockets: number; connectFailed: number; windowMs: number; payloads: number; deliveries: number; writes: number; bytes: number; cpuMs: number;
  fanout: Samples; before: Memory; after: Memory; dropped: number; writtenAll: number; receivedAll: number;
}): PhaseFigures {
  const coresUsed = o.cpuMs / o.windowMs;
  const perSec = (o.deliveries / o.windowMs) * 1000;
  return {
    sockets: o.sockets, connectFailed: o.connectFailed, windowMs: Math.round(o.windowMs), payloads: o.payloads, deliveries: o.deliveries, writes: o.writes, bytes: o.bytes,
    writtenAll: o.writtenAll, receivedAll: o.receivedAll,
    cpuMs: Math.round(o.cpuMs), coresUsed: Number(coresUsed.toFixed(3)), deliveriesPerSec: Math.round(perSec),
    deliveriesPerSecPerCore: coresUsed > 0 ? Math.round(perSec / coresUsed) : 0,
    fanoutP50Ms: Number(o.fanout.quantile(0.5).toFixed(3)), fanoutP99Ms: Number(o.fanout.quantile(0.99).toFixed(3)),
    heapPerSocket: Math.round((o.after.heap - o.before.heap) / Math.max(1, o.sockets)), rssPerSocket: Math.round((o.after.rss - o.before.rss) / Math.max(1, o.sockets)),
    dropped: o.dropped,
  };
}

export async function binanceStreamsBench(o: StreamsOptions = {}): Promise<StreamsFigures> {
  const requested = o.sockets ?? 10_000;
  const tradesPerSec = o.tradesPerSec ?? 4;
  const windowMs = o.ms ?? 10_000;
  const warmupMs = o.warmupMs ?? 3_000;
  const budget = socketBudget(requested);
  console.log(`streams: ${budget.note}`);
  // Loaded here, not at the top: the child process (this file as the clients) needs none of the server.
  const { startServer } = await import('../../server/server.ts');
  const { createUser } = await import('../../server/accounts/identity.ts');
  const { streamProbe } = await import('../../server/gateway/binance/ws-streams.ts');
  const { gatewayCounters } = await import('../../server/gateway/status.ts');

  const clients = new Clients();
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-streams-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    // ---- the exchange -------------------------------------------------------------------------------------
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false, admin: false });
    let exchange: StreamsFigures['exchange'];
    const recorded: Array<{ at: number; text: string }> = [];
    try {
      const now = Date.now();
      const user = (email: string) => server.store.transaction((tx) => createUser(tx, { email, phone: null, passwordHash: 'x', referrerId: null, now }));
      const maker = await user('streams-maker@example.com');
      const taker = await user('streams-taker@example.com');
      for (const u of [maker, taker]) {
        for (const [asset, amount] of [['BTC', '100000'], ['USDT', '10000000000']] as const) {
          const r = await server.desks.spot.adjust({ user: u, asset, amount, action: 'credit', memo: 'streams bench' });
          if (!r.ok) throw new Error(`credit refused: ${r.code}`);
        }
      }
      const before = memory();
      const connected = await clients.connect(`ws://127.0.0.1:${server.port}/stream/ws`, budget.sockets, STREAMS);
      const after = memory();
      console.log(`streams: exchange: ${connected.ok.toLocaleString('en-US')} sockets subscribed (${connected.failed} failed)`);

      // The driver: every step a maker rests an ask and a bid at prices of that step, a taker takes both.
      const submitted = new Map<number, number>();
      let refused = 0;
      let step = 0;
      const place = (u: number, side: 'buy' | 'sell', price: number) => {
        void server.desks.spot.place({ type: 'limit', user: u, symbol: SYMBOL, side, price: String(price), qty: '0.001' }).then((r) => {
          if (!r.ok) refused++;
        });
      };
      const stepOnce = () => {
        const k = (step++ % 400) + 1;
        const ask = 50_000 + k;
        const bid = 50_000 - k;
        place(maker, 'sell', ask);
        place(maker, 'buy', bid);
        submitted.set(ask, performance.now());
        place(taker, 'buy', ask);
        submitted.set(bid, performance.now());
        place(taker, 'sell', bid);
      };

      let recording = false;
      let t0 = 0;
      const fanout = new Samples();
      const match = new Samples();
      let payloads = 0;
      let writes = 0;
      let writtenAll = 0;
      let trades = 0;
      const base = await clients.counts();
      streamProbe.onEmit = (name, text, startedAt, sentAt) => {
        writtenAll += sentAt.length;
        let submit: number | undefined;
        if (name === 'btcusdt@trade') {
          const price = Number((JSON.parse(text) as { p: string }).p);
          submit = submitted.get(price);
          submitted.delete(price);
        }
        if (!recording) return;
        payloads++;
        writes += sentAt.length;
        recorded.push({ at: startedAt - t0, text });
        for (const t of sentAt) fanout.push(t - startedAt);
        if (submit !== undefined) {
          trades++;
          for (const t of sentAt) match.push(t - submit);
        }
      };
      // Open loop: the steps due by now are made, late ones at once, so the rate asked is the rate offered even when
      // the fan-out held the event loop past a step's time.
      const stepMs = 2_000 / tradesPerSec;
      const driveFrom = performance.now();
      const driver = setInterval(() => {
        const due = Math.floor((performance.now() - driveFrom) / stepMs) + 1;
        while (step < due) stepOnce();
      }, Math.min(stepMs, 50));
      const dropped0 = gatewayCounters(server.app).wsSlowDropped;
      try {
        await sleep(warmupMs);
        const c0 = await clients.counts();
        const cpu0 = cpuMs();
        t0 = performance.now();
        recording = true;
        await sleep(windowMs);
        recording = false;
        const cpu1 = cpuMs();
        const elapsed = performance.now() - t0;
        const c1 = await clients.counts();
        clearInterval(driver);
        await sleep(1_000); // the orders in flight, the last depth diff
        const received = await caughtUp(clients, base.messages, () => writtenAll);
        exchange = {
          ...phase({
            sockets: connected.ok, connectFailed: connected.failed, windowMs: elapsed, payloads, deliveries: writes, writes, bytes: c1.bytes - c0.bytes,
            cpuMs: cpu1 - cpu0, fanout, before, after, dropped: c1.dropped - c0.dropped, writtenAll, receivedAll: received,
          }),
          trades, matchP50Ms: Number(match.quantile(0.5).toFixed(3)), matchP99Ms: Number(match.quantile(0.99).toFixed(3)), refused,
          slowDropped: gatewayCounters(server.app).wsSlowDropped - dropped0,
        };
      } finally {
        clearInterval(driver);
        streamProbe.onEmit = null;
      }
      await clients.close();
    } finally {
      await server.close();
    }

    // ---- the bare ws broadcast of the same bytes -------------------------------------------------------------
    const before = memory();
    const wss = new ws.WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 64 * 1024 });
    await new Promise<void>((resolve) => wss.on('listening', resolve));
    let bare: PhaseFigures;
    try {
      const connected = await clients.connect(`ws://127.0.0.1:${wss.address().port}/`, budget.sockets, null);
      const after = memory();
      console.log(`streams: bare ws: ${connected.ok.toLocaleString('en-US')} sockets connected (${connected.failed} failed); replaying ${recorded.length} payloads`);
      const fanout = new Samples();
      let writes = 0;
      const broadcast = (text: string) => {
        const startedAt = performance.now();
        for (const s of wss.clients) {
          if (s.readyState === OPEN) s.send(text);
          fanout.push(performance.now() - startedAt);
          writes++;
        }
      };
      const c0 = await clients.counts();
      const cpu0 = cpuMs();
      const t0 = performance.now();
      let windowWrites = -1;
      const timers = recorded.map(({ at, text }) => setTimeout(() => broadcast(text), Math.max(0, at - (performance.now() - t0))));
      // As long as the exchange's window lasted (its end comes late when the fan-out held the event loop).
      await sleep(exchange.windowMs);
      const cpu1 = cpuMs();
      const elapsed = performance.now() - t0;
      windowWrites = writes;
      const c1 = await clients.counts();
      for (const t of timers) clearTimeout(t);
      const received = await caughtUp(clients, c0.messages, () => writes);
      bare = phase({
        sockets: connected.ok, connectFailed: connected.failed, windowMs: elapsed, payloads: recorded.length, deliveries: windowWrites, writes: windowWrites,
        bytes: c1.bytes - c0.bytes, cpuMs: cpu1 - cpu0, fanout, before, after, dropped: c1.dropped - c0.dropped, writtenAll: writes, receivedAll: received,
      });
      await clients.close();
    } finally {
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    }
    return {
      requested, sockets: budget.sockets, fdLimit: budget.fdLimit, fdNote: budget.note, tradesPerSec, warmupMs, cores: availableParallelism(), exchange, bare,
    };
  } finally {
    clients.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the figures beside the bare broadcast's; returns the JSON object for the machine-readable line. */
export function reportBinanceStreams(f: StreamsFigures): Record<string, unknown> {
  const n = (x: number) => x.toLocaleString('en-US');
  const e = f.exchange;
  const b = f.bare;
  const ratio = (x: number, y: number) => (y === 0 ? '-' : `${(x / y).toFixed(2)}×`);
  console.log(
    `\nbinance spot streams: ${n(e.sockets)} sockets on loopback (/stream/ws, SUBSCRIBE ${STREAMS.join(' + ')}), ${f.tradesPerSec} trades/s ` +
      `(${f.tradesPerSec * 2} orders/s through the spot desk), ${n(e.windowMs)} ms measured after ${n(f.warmupMs)} ms; server in this process, clients in a child; ` +
      `${f.cores} cores shared by both (and by anything else running: figures are indicative)`,
  );
  const row = (what: string, x: string, y: string, r: string) => console.log(`${what.padEnd(44)}${x.padStart(16)}${y.padStart(16)}${r.padStart(12)}`);
  row('', 'exchange', 'bare ws', 'ratio');
  row('payloads sent (each to every socket)', n(e.payloads), n(b.payloads), '');
  row('deliveries in the window (socket writes)', n(e.deliveries), n(b.deliveries), ratio(e.deliveries, b.deliveries));
  row('deliveries/s', n(e.deliveriesPerSec), n(b.deliveriesPerSec), ratio(e.deliveriesPerSec, b.deliveriesPerSec));
  row('server cores used', e.coresUsed.toFixed(3), b.coresUsed.toFixed(3), ratio(e.coresUsed, b.coresUsed));
  row('deliveries/s per server core', n(e.deliveriesPerSecPerCore), n(b.deliveriesPerSecPerCore), ratio(e.deliveriesPerSecPerCore, b.deliveriesPerSecPerCore));
  row('fan-out p50 ms (payload out → socket write)', e.fanoutP50Ms.toFixed(3), b.fanoutP50Ms.toFixed(3), ratio(e.fanoutP50Ms, b.fanoutP50Ms));
  row('fan-out p99 ms', e.fanoutP99Ms.toFixed(3), b.fanoutP99Ms.toFixed(3), ratio(e.fanoutP99Ms, b.fanoutP99Ms));
  row('match → write p50 ms (order submitted → write)', e.matchP50Ms.toFixed(3), '-', '');
  row('match → write p99 ms', e.matchP99Ms.toFixed(3), '-', '');
  row('server heap per socket (bytes)', n(e.heapPerSocket), n(b.heapPerSocket), ratio(e.heapPerSocket, b.heapPerSocket));
  row('server RSS growth per socket (bytes)', n(e.rssPerSocket), '-', '');
  console.log(
    `trades: ${n(e.trades)} in the window = ${((e.trades / e.windowMs) * 1000).toFixed(1)}/s of the ${f.tradesPerSec}/s asked; orders refused: ${e.refused}; slow readers dropped by the exchange: ${e.slowDropped}; sockets closed on the clients: exchange ${e.dropped}, bare ${b.dropped}; ` +
      `connections failed: exchange ${e.connectFailed}, bare ${b.connectFailed}; ` +
      `received by the clients of all written in the phase (warm-up and drain included): exchange ${n(e.receivedAll)} of ${n(e.writtenAll)}, bare ${n(b.receivedAll)} of ${n(b.writtenAll)}`,
  );
  if (f.sockets !== f.requested) console.log(`sockets: ${n(f.sockets)} of the ${n(f.requested)} asked (${f.fdNote})`);
  return {
    bench: 'streams',
    node: process.version,
    cores: f.cores,
    sockets: f.sockets,
    requestedSockets: f.requested,
    fdLimit: f.fdLimit,
    tradesPerSec: f.tradesPerSec,
    exchange: e,
    // Not compared (see the top of the file): the bare phase's RSS barely moves in pages the exchange freed.
    bare: { ...b, rssPerSocket: undefined },
    ratios: {
      deliveriesPerSecPerCore: b.deliveriesPerSecPerCore === 0 ? null : Number((e.deliveriesPerSecPerCore / b.deliveriesPerSecPerCore).toFixed(3)),
      fanoutP99: b.fanoutP99Ms === 0 ? null : Number((e.fanoutP99Ms / b.fanoutP99Ms).toFixed(3)),
      heapPerSocket: b.heapPerSocket === 0 ? null : Number((e.heapPerSocket / b.heapPerSocket).toFixed(3)),
    },
  };
}
