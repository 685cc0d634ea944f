// The JetStream command log's throughput (`npm run bench -- --only=nats-log`; also `node test/bench/nats-log.ts`
// alone), against the NATS server on this machine's loopback (NATS_URL if it names a loopback address, else
// 127.0.0.1:4222; any other host is refused: a bench must not load someone else's server).
//
// In one run, on one fresh stream (deleted afterwards), with the same ~200-byte command payload (the codec's bytes:
// a limit order with bigint price and quantity):
//  - append: `commands` appends (default 100,000) through createCommandLog, unique ids, 256 in flight, over 16
//    partitions; each resolves when the server acknowledged it as stored (file storage, replicas 1). Reported:
//    commands/s, p50/p99 of send to acknowledgement.
//  - replay: read(…, '*', 0) over the whole stream until caught up (the ordered consumer a desk resumes with).
//  - durable: `durable` commands (default 3,000) through a durable consumer, each confirmed with ackAck before the
//    next (max_ack_pending 1): a round trip per command, so its rate is the latency's inverse.
//  - baselines, same connection setup and payload: NATS core request/reply to an echo responder, 256 in flight (the
//    round trip an acknowledged append cannot beat), and core publish to a subscriber (fire and forget, as the bus).
// Ratios: append / request-reply and append / core publish; replay / core publish.
// What "acknowledged" means here: written to the server's file store, fsynced on nats-server's own schedule (not per
// message), so it survives the server process dying, not the machine losing power; replicas 3 on a cluster is how
// production gets the latter. Stops by itself: fixed counts, and a deadline that ends the run with an error.
// Options: --nats-log-commands=N, --nats-log-durable=N, --nats-log-in-flight=N. Timing lives here only.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { createCommandLog, encode, type CommandLog, type Reader } from '../../server/bus/index.ts';

export interface NatsLogOptions {
  servers: string;
  commands: number;
  durable: number;
  inFlight: number;
}

interface Rate {
  count: number;
  ms: number;
  p50?: number;
  p99?: number;
}

export interface NatsLogFigures {
  node: string;
  servers: string;
  serverVersion: string;
  payloadBytes: number;
  inFlight: number;
  append: Rate;
  replay: Rate;
  durable: Rate;
  requestReply: Rate;
  corePublish: Rate;
}

const PARTITIONS = 16;
const DEADLINE_MS = 180_000;

/** A limit order as a gateway would log it; about 200 bytes encoded. */
function command(i: number) {
  return {
    type: 'spot.limit',
    user: 20_000_001 + (i % 240),
    symbol: `M${i % PARTITIONS}USDT`,
    side: i % 2 ? 'buy' : 'sell',
    price: 6_000_000_000_000n + BigInt(i % 1000) * 1_000_000n,
    qty: 1_234_567n + BigInt(i),
    timeInForce: 'GTC',
    clientOrderId: `bench-${String(i).padStart(9, '0')}`,
    time: 1_767_225_600_000 + i,
  };
}

function loopbackOnly(servers: string): string {
  for (const s of servers.split(',')) {
    const host = s.replace(/^nats:\/\//, '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') throw new Error(`nats-log bench: ${s} is not a loopback address`);
  }
  return servers;
}

const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Runs `n` async operations with `inFlight` outstanding; returns the wall time and each one's latency, sorted. */
async function pipelined(n: number, inFlight: number, op: (i: number) => Promise<unknown>): Promise<Rate> {
  const lat = new Float64Array(n);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    [...Array(Math.min(inFlight, n)).keys()].map(async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await op(i);
        lat[i] = performance.now() - s;
      }
    }),
  );
  const ms = performance.now() - t0;
  lat.sort();
  return { count: n, ms, p50: quantile(lat, 0.5), p99: quantile(lat, 0.99) };
}

function withDeadline<T>(what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nats-log bench: ${what} did not finish in ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function baselines(servers: string, n: number, inFlight: number, payload: Uint8Array, prefix: string): Promise<{ requestReply: Rate; corePublish: Rate }> {
  const a = await connect({ servers: servers.split(','), name: 'bench-nats-log-a' });
  const b = await connect({ servers: servers.split(','), name: 'bench-nats-log-b' });
  try {
    // Request/reply: an echo responder on the other connection, answering with a short ack as JetStream does.
    const ack = new TextEncoder().encode('{"stream":"X","seq":1}');
    b.subscribe(`${prefix}.echo`, {
      callback: (_err, m) => {
        m.respond(ack);
      },
    });
    await b.flush();
    const requestReply = await pipelined(n, inFlight, () => a.request(`${prefix}.echo`, payload, { timeout: 10_000 }));

    // Core publish: fire and forget to a subscriber on the other connection, timed until the last one arrives.
    let got = 0;
    let all: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (all = resolve));
    b.subscribe(`${prefix}.pub`, {
      callback: () => {
        if (++got === n) all();
      },
    });
    await b.flush();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      a.publish(`${prefix}.pub`, payload);
      // Let the socket drain now and then rather than buffer the whole run in the client.
      if (i % 10_000 === 9_999) await a.flush();
    }
    await a.flush();
    await arrived;
    const corePublish = { count: n, ms: performance.now() - t0 };
    return { requestReply, corePublish };
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

export async function natsLogBench(o: NatsLogOptions): Promise<NatsLogFigures> {
  const servers = loopbackOnly(o.servers);
  const prefix = `bench${process.pid}_${Date.now().toString(36)}`;
  const payloadBytes = encode(command(0)).length;
  const log: CommandLog = await createCommandLog({ servers, prefix, name: 'bench-nats-log' });
  const serverVersion = log.connection.info?.version ?? '?';
  try {
    // Warm-up, untimed: connections, the stream's first blocks, the JIT.
    await pipelined(2_000, o.inFlight, (i) => log.append('warm', 'all', `w-${i}`, command(i)));

    const append = await withDeadline('append', pipelined(o.commands, o.inFlight, (i) => log.append('bench', `P${i % PARTITIONS}`, `c-${i}`, command(i))));

    let replayed = 0;
    const t0 = performance.now();
    const reader: Reader = await log.read('bench', '*', 0, () => {
      replayed++;
    });
    await withDeadline('replay', reader.caughtUp);
    const replay = { count: replayed, ms: performance.now() - t0 };
    await reader.stop();
    if (replayed !== o.commands) throw new Error(`replay read ${replayed} of ${o.commands}`);

    let taken = 0;
    const t1 = performance.now();
    const durableReader = await log.durable('bench', 'P0', 'bench-durable', () => {
      taken++;
    });
    // The consumer reads one partition: stop after `durable` of its commands (the partition has commands / 16).
    const want = Math.min(o.durable, Math.ceil(o.commands / PARTITIONS));
    await withDeadline(
      'durable',
      new Promise<void>((resolve) => {
        const tick = () => (taken >= want ? resolve() : setTimeout(tick, 1));
        tick();
      }),
    );
    const durable = { count: taken, ms: performance.now() - t1 };
    await durableReader.stop();

    const base = await withDeadline('baselines', baselines(servers, o.commands, o.inFlight, encode(command(1)), prefix));
    return { node: process.version, servers, serverVersion, payloadBytes, inFlight: o.inFlight, append, replay, durable, ...base };
  } finally {
    await log.destroy();
  }
}

export function reportNatsLog(f: NatsLogFigures): Record<string, unknown> {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const rate = (r: Rate) => (r.count / r.ms) * 1000;
  const lat = (r: Rate) => (r.p50 === undefined ? '' : `${r.p50.toFixed(2).padStart(9)}${r.p99!.toFixed(2).padStart(9)}`);
  console.log(`\nnats-log: the JetStream command log on nats-server ${f.serverVersion} at ${f.servers} (file storage, replicas 1), ` +
    `payload ${f.payloadBytes} bytes, ${f.inFlight} in flight; ${f.node}, ${os.loadavg()[0]!.toFixed(1)} load on ${os.cpus().length} cores`);
  console.log(`${'run'.padEnd(34)}${'count'.padStart(10)}${'per s'.padStart(10)}${'ms'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  const row = (name: string, r: Rate) => console.log(`${name.padEnd(34)}${n(r.count).padStart(10)}${n(rate(r)).padStart(10)}${n(r.ms).padStart(9)}${lat(r)}`);
  row('append (acknowledged, stored)', f.append);
  row('replay (ordered consumer)', f.replay);
  row('durable consumer (ackAck each)', f.durable);
  row('baseline: core request/reply', f.requestReply);
  row('baseline: core publish', f.corePublish);
  const ratio = (a: Rate, b: Rate) => Number((rate(a) / rate(b)).toFixed(3));
  const ratios = {
    appendOverRequestReply: ratio(f.append, f.requestReply),
    appendOverCorePublish: ratio(f.append, f.corePublish),
    replayOverCorePublish: ratio(f.replay, f.corePublish),
  };
  console.log(`append / request-reply: ${ratios.appendOverRequestReply}×; append / core publish: ${ratios.appendOverCorePublish}×; replay / core publish: ${ratios.replayOverCorePublish}×`);
  const fig = (r: Rate) => ({ count: r.count, perSec: Math.round(rate(r)), ms: Math.round(r.ms), ...(r.p50 === undefined ? {} : { p50Ms: Number(r.p50.toFixed(3)), p99Ms: Number(r.p99!.toFixed(3)) }) });
  return {
    bench: 'nats-log', node: f.node, server: f.serverVersion, payloadBytes: f.payloadBytes, inFlight: f.inFlight,
    append: fig(f.append), replay: fig(f.replay), durable: fig(f.durable), requestReply: fig(f.requestReply), corePublish: fig(f.corePublish), ratios,
  };
}

/** The options from the command line (shared by run.ts and a run of this file alone). */
export function natsLogOptions(argv: readonly string[]): NatsLogOptions {
  const arg = (name: string, fallback: number) => {
    const hit = argv.find((x) => x.startsWith(`--${name}=`));
    const v = hit ? Number(hit.split('=')[1]) : fallback;
    if (!Number.isSafeInteger(v) || v < 1) throw new Error(`--${name}=N: a whole number, at least 1`);
    return v;
  };
  return {
    servers: process.env['NATS_URL'] || '127.0.0.1:4222',
    commands: arg('nats-log-commands', 100_000),
    durable: arg('nats-log-durable', 3_000),
    inFlight: arg('nats-log-in-flight', 256),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(reportNatsLog(await natsLogBench(natsLogOptions(process.argv.slice(2))))));
}
