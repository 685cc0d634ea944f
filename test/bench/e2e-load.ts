// The end-to-end benchmark's load generator, run in a worker thread: raw HTTP/1.1 over keep-alive loopback
// sockets (one request in flight per socket, no pipelining), requests prebuilt and responses parsed in place with
// callbacks rather than a promise per request, so the generator spends little of the cores it shares.
// Closed loop: every socket sends its next order as soon as the last one is answered. Open loop: orders are
// scheduled at a fixed rate and latency counts from the scheduled send time, so a queue (in the server or for a
// free socket) shows in the figure rather than slowing the schedule down (no coordinated omission).
import { connect, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { mulberry32 } from '../tools/random.ts';

export interface LoadUser {
  ticket: string;
}

export interface LoadSpec {
  port: number;
  /** Several servers (a cluster's gateways): the sockets spread over them in turn; `port` is then not used. */
  ports?: number[];
  users: LoadUser[];
  seed: number;
  phases: Phase[];
}

export type Phase =
  | { kind: 'closed'; name: string; connections: number; ms: number }
  | { kind: 'open'; name: string; rate: number; ms: number; connections: number };

export interface PhaseResult {
  name: string;
  kind: 'closed' | 'open';
  sent: number;
  ok: number;
  refused: number;
  errors: number;
  ms: number;
  perSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** First refusal codes seen, to tell a broken run from a slow one. */
  codes: Record<string, number>;
  /** Open loop: the most orders waiting for a free socket at once. */
  maxQueued: number;
}

const MARKETS = [
  { symbol: 'BTCUSDT', mid: 60_000, step: 1, qty: [0.001, 0.01], qd: 5 },
  { symbol: 'ETHUSDT', mid: 3_000, step: 0.1, qty: [0.01, 0.1], qd: 4 },
  { symbol: 'SOLUSDT', mid: 150, step: 0.01, qty: [0.1, 2], qd: 3 },
  { symbol: 'BNBUSDT', mid: 600, step: 0.05, qty: [0.02, 0.5], qd: 3 },
] as const;

/** Limit orders around a fixed mid: about three in four rest a little away from it, one in four crosses. */
function orderBodies(seed: number, n: number): string[] {
  const r = mulberry32(seed);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = MARKETS[Math.floor(r() * MARKETS.length)]!;
    const side = r() < 0.5 ? 'buy' : 'sell';
    const away = Math.round(-10 + r() * 40) * m.step;
    const price = (side === 'buy' ? m.mid - away : m.mid + away).toFixed(2);
    const amount = (m.qty[0] + r() * (m.qty[1] - m.qty[0])).toFixed(m.qd);
    out.push(JSON.stringify({ symbol: m.symbol, side, type: 'limit', price, amount }));
  }
  return out;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('content-length:');
const SUCCESS = Buffer.from('"code":"success"');
const EMPTY = Buffer.alloc(0);

type Answer = (ok: boolean, body: Buffer | null) => void;

/** The body's length from a response head (bytes [0, end)), read without building strings. */
function contentLength(buf: Buffer, end: number): number {
  let at = buf.indexOf(CONTENT_LENGTH);
  if (at < 0 || at > end) {
    // Not in the lower case the server writes: the slow, general way.
    const m = /content-length:\s*(\d+)/i.exec(buf.subarray(0, end).toString('latin1'));
    return m ? Number(m[1]) : 0;
  }
  at += CONTENT_LENGTH.length;
  while (buf[at] === 0x20) at++;
  let n = 0;
  for (let c = buf[at]!; c >= 0x30 && c <= 0x39; c = buf[++at]!) n = n * 10 + (c - 0x30);
  return n;
}

/**
 * One keep-alive socket with at most one request in flight. Callback-driven (no promise per request) and parsing
 * responses in place, so the generator takes as little of the shared cores as it can.
 */
class Conn {
  private readonly socket: Socket;
  private buf: Buffer = EMPTY;
  private waiting: Answer | null = null;
  private readonly requests: Buffer[];
  private next: number;
  closed = false;

  constructor(port: number, requests: Buffer[], start: number) {
    this.requests = requests;
    this.next = start % requests.length;
    this.socket = connect({ port, host: '127.0.0.1', noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = () => {
      this.closed = true;
      const w = this.waiting;
      this.waiting = null;
      w?.(false, null);
    };
    this.socket.on('error', fail);
    this.socket.on('close', fail);
  }

  ready(): Promise<void> {
    return new Promise((ok, ko) => {
      this.socket.once('connect', () => ok());
      this.socket.once('error', ko);
    });
  }

  /** A request is in flight. */
  get busy(): boolean {
    return this.waiting !== null;
  }

  /** Sends the next request; `answer` is called once with its outcome. */
  send(answer: Answer): void {
    if (this.closed) {
      answer(false, null);
      return;
    }
    const req = this.requests[this.next]!;
    this.next = this.next + 1 === this.requests.length ? 0 : this.next + 1;
    this.waiting = answer;
    this.socket.write(req);
  }

  private onData(chunk: Buffer): void {
    const buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const end = buf.indexOf(HEADER_END);
    if (end < 0) {
      this.buf = buf;
      return;
    }
    const total = end + 4 + contentLength(buf, end);
    if (buf.length < total) {
      this.buf = buf;
      return;
    }
    const body = buf.subarray(end + 4, total);
    this.buf = buf.length === total ? EMPTY : buf.subarray(total);
    const w = this.waiting;
    this.waiting = null;
    w?.(body.indexOf(SUCCESS) >= 0, body);
  }

  close(): void {
    this.socket.destroy();
  }
}

function percentiles(lat: number[]): { p50: number; p90: number; p99: number; max: number } {
  lat.sort((a, b) => a - b);
  const at = (q: number) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0;
  const r = (x: number) => Math.round(x * 100) / 100;
  return { p50: r(at(0.5)), p90: r(at(0.9)), p99: r(at(0.99)), max: r(lat[lat.length - 1] ?? 0) };
}

function codeOf(body: Buffer | null): string {
  if (body === null) return 'connection';
  return /"code":"([^"]+)"/.exec(body.toString('utf8'))?.[1] ?? 'unparsed';
}

export async function runLoad(spec: LoadSpec): Promise<PhaseResult[]> {
  const bodies = orderBodies(spec.seed, 8192);
  // Per user: the whole request, headers and body, as bytes.
  const perUser = spec.users.map((u) =>
    bodies.map((b) =>
      Buffer.from(`POST /app/spot/placeOrder HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nticket: ${u.ticket}\r\nContent-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`),
    ),
  );
  const results: PhaseResult[] = [];
  let socketNo = 0;
  const open = async (n: number) => {
    const conns: Conn[] = [];
    const ports = spec.ports ?? [spec.port];
    for (let i = 0; i < n; i++, socketNo++) conns.push(new Conn(ports[socketNo % ports.length]!, perUser[socketNo % perUser.length]!, socketNo * 97));
    await Promise.all(conns.map((c) => c.ready()));
    return conns;
  };
  // One pool, connected before the first phase and reused by every phase: sockets accepted while the server is
  // busy would otherwise wait in the listen queue and show up as multi-second outliers of the phase they open in.
  const pool = await open(Math.max(...spec.phases.map((p) => p.connections)));
  for (const phase of spec.phases) {
    const conns = pool.filter((c) => !c.closed && !c.busy).slice(0, phase.connections);
    const lat: number[] = [];
    const codes: Record<string, number> = {};
    let sent = 0, ok = 0, refused = 0, errors = 0, maxQueued = 0;
    const record = (success: boolean, body: Buffer | null, ms: number) => {
      lat.push(ms);
      if (success) ok++;
      else {
        if (body === null) errors++;
        else refused++;
        const code = codeOf(body);
        codes[code] = (codes[code] ?? 0) + 1;
      }
    };
    const t0 = performance.now();
    if (phase.kind === 'closed') {
      const end = t0 + phase.ms;
      await new Promise<void>((done) => {
        let running = conns.length;
        const finish = () => {
          if (--running === 0) done();
        };
        const loop = (c: Conn) => {
          if (c.closed || performance.now() >= end) return finish();
          const s = performance.now();
          sent++;
          c.send((success, body) => {
            record(success, body, performance.now() - s);
            loop(c);
          });
        };
        if (running === 0) done();
        for (const c of conns) loop(c);
      });
    } else {
      const total = Math.round((phase.rate * phase.ms) / 1000);
      const interval = 1000 / phase.rate;
      const idle: Conn[] = [...conns];
      const queue: number[] = []; // scheduled send times waiting for a socket
      let qHead = 0;
      let scheduled = 0;
      let answered = 0;
      await new Promise<void>((done) => {
        // Bounded: whatever is unanswered a phase length after the schedule ends is left (counted as not ok).
        setTimeout(done, phase.ms * 2 + 5000).unref();
        const dispatch = () => {
          while (qHead < queue.length && idle.length > 0) {
            const at = queue[qHead++]!;
            const c = idle.pop()!;
            sent++;
            c.send((success, body) => {
              record(success, body, performance.now() - at);
              answered++;
              if (!c.closed) idle.push(c);
              if (answered === total) done();
              else dispatch();
            });
          }
          if (qHead > 65536) {
            queue.splice(0, qHead);
            qHead = 0;
          }
        };
        const tick = () => {
          const due = Math.min(total, Math.floor((performance.now() - t0) / interval) + 1);
          while (scheduled < due) queue.push(t0 + scheduled++ * interval);
          maxQueued = Math.max(maxQueued, queue.length - qHead);
          dispatch();
          if (scheduled < total) setTimeout(tick, 1);
        };
        tick();
      });
    }
    const ms = performance.now() - t0;
    errors += sent - lat.length; // sent but not answered before the phase's bound
    const p = percentiles(lat);
    results.push({
      name: phase.name, kind: phase.kind, sent, ok, refused, errors, ms: Math.round(ms), perSec: Math.round((ok / ms) * 1000),
      p50Ms: p.p50, p90Ms: p.p90, p99Ms: p.p99, maxMs: p.max, codes, maxQueued,
    });
    parentPort?.postMessage({ type: 'phase', result: results[results.length - 1] });
  }
  for (const c of pool) c.close();
  return results;
}

if (parentPort && workerData && (workerData as { e2eLoad?: LoadSpec }).e2eLoad) {
  const spec = (workerData as { e2eLoad: LoadSpec }).e2eLoad;
  runLoad(spec).then(
    (results) => parentPort?.postMessage({ type: 'done', results }),
    (error: unknown) => parentPort?.postMessage({ type: 'error', message: error instanceof Error ? error.stack ?? error.message : String(error) }),
  );
}
