// The seconds desk's settlement under load (`npm run bench -- --only=seconds`): the real desk over a SQLite store
// in a temp directory, the real price record job (one entry a second, durable before use), the system clock.
//
// Burst: `burst` contracts (default 100,000) placed beforehand, each with the whole-second duration that makes it
// deliver in about the same second (each opens on the record's first entry after its acceptance, up to a second
// later, so the deliveries spread over about two seconds); reported: from the first delivery instant to the last settlement's commit, the rate,
// and the lateness (settled commit − own delivery) of the first and the 99th percentile.
// Steady: `rate` new contracts a second (default 5,000) for `steadyMs`, each delivering `durationS` later, so
// settlements stream in while contracts keep arriving; reported: the delivery lateness (settled commit − delivery
// instant) p50, p99 and max. Targets (ratios as the other benches report them): the burst settled within 5 s of its
// delivery, the steady p99 lateness within 1 s. Timing lives here only; no test asserts on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessBus } from '../../server/bus/index.ts';
import { systemClock } from '../../server/clock.ts';
import { createDesks, type DeskEvent, type LocalDesks } from '../../server/desks/index.ts';
import { startPriceRecord, type PriceRecord } from '../../server/jobs/price-record.ts';
import { createStore, type Store } from '../../server/store/index.ts';

export const BURST_TARGET_MS = 5_000;
export const STEADY_P99_TARGET_MS = 1_000;
const E8 = 100_000_000n;
const USERS = 1_000;
const IN_FLIGHT = 2_000;
/** The burst's durations: one config row per whole second in between. */
const BURST_MIN_S = 5;
const BURST_MAX_S = 90;

export interface SecondsBenchOptions {
  readonly burst: number;
  readonly rate: number;
  readonly steadyMs: number;
  readonly durationS: number;
}

export interface SecondsFigures {
  readonly node: string;
  readonly burst: { contracts: number; placeMs: number; settleMs: number; perSec: number; firstLateMs: number; p99LateMs: number; spreadMs: number };
  readonly steady: { contracts: number; offeredRate: number; achievedRate: number; settled: number; p50: number; p99: number; max: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const quantile = (sorted: readonly number[], q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

async function setUp(): Promise<{ store: Store; desks: LocalDesks; record: PriceRecord; settled: Map<number, number>; delivered: Map<number, number>; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'openex-seconds-bench-'));
  const store = await createStore({ dataDir: dir });
  const bus = createInProcessBus<DeskEvent>();
  // Lateness per contract: the settled batch's commit time − its delivery instant.
  const settled = new Map<number, number>();
  // Each contract's delivery instant as it opened (the placing reply gives only the earliest it can be).
  const delivered = new Map<number, number>();
  const desks = await createDesks({
    store, bus, clock: systemClock,
    onSecondsSettled: (c, at) => {
      settled.set(c.id, at - c.deliveryTs);
      delivered.set(c.id, c.deliveryTs);
    },
  });
  let price = 50_000n * E8;
  let step = 0;
  const record = await startPriceRecord({
    store, clock: systemClock, bus, markets: ['BTCUSDT'], onError: (e) => console.error(e),
    // A seeded walk: ±0.01 % a second.
    sources: () => {
      step = (step * 1_103_515_245 + 12_345) % 2_147_483_648;
      price += ((BigInt(step % 3) - 1n) * price) / 10_000n;
      return [{ name: 'ext', price, weight: 1n, updatedAt: systemClock() }];
    },
  });
  record.onAppend(() => desks.seconds.kick());
  desks.seconds.attachRecord(record);
  await record.tick();
  for (let durationS = BURST_MIN_S; durationS <= BURST_MAX_S; durationS++) {
    const r = await desks.seconds.setConfig({ market: 'BTCUSDT', durationS, payoutRatio: '0.8', feeRate: '0.001' });
    if (!r.ok) throw new Error(`config: ${r.code}`);
  }
  const house = await desks.seconds.fundHouse({ action: 'credit', amount: '50000000000', memo: 'bench-house', requestId: 'bench-house-0001' });
  if (!house.ok) throw new Error(`house: ${house.code}`);
  for (let u = 1; u <= USERS; u++) {
    const r = await desks.seconds.adjust({ user: 10_000_000 + u, asset: 'USDT', amount: '1000000', action: 'credit', memo: 'bench' });
    if (!r.ok) throw new Error(`credit: ${r.code}`);
  }
  return { store, desks, record, settled, delivered, dir };
}

export async function secondsBench(o: SecondsBenchOptions): Promise<SecondsFigures> {
  const { store, desks, record, settled, delivered, dir } = await setUp();
  try {
    // ---- burst: contracts placed now, each with the duration that makes it deliver in the same second ----
    const placeFrom = performance.now();
    // Time to place them all (at 5,000/s or better) and 5 s more: every delivery lands in [target, target + 1 s).
    const target = Math.ceil((systemClock() + 5_000 + (o.burst / 5_000) * 1000) / 1000) * 1000;
    const ids: number[] = [];
    let inFlight: Array<Promise<void>> = [];
    for (let i = 0; i < o.burst; i++) {
      const durationS = Math.min(BURST_MAX_S, Math.max(BURST_MIN_S, Math.ceil((target - systemClock()) / 1000)));
      inFlight.push(
        desks.seconds.place({ user: 10_000_001 + (i % USERS), market: 'BTCUSDT', direction: i % 2 === 0 ? 'up' : 'down', durationS, amount: '1000' }).then((r) => {
          if (!r.ok) throw new Error(`place: ${r.code}`);
          ids.push(Number(r.value.contract.id));
        }),
      );
      if (inFlight.length >= IN_FLIGHT) {
        await Promise.all(inFlight);
        inFlight = [];
      }
    }
    await Promise.all(inFlight);
    const placeMs = performance.now() - placeFrom;
    while (ids.some((id) => !settled.has(id))) await sleep(50);
    const deliveries = ids.map((id) => delivered.get(id)!);
    const firstDelivery = Math.min(...deliveries);
    const lastDelivery = Math.max(...deliveries);
    const lateness = ids.map((id) => settled.get(id)!).sort((a, b) => a - b);
    // From the first delivery instant to the last settlement's commit.
    const settleMs = Math.max(...ids.map((id, k) => deliveries[k]! + settled.get(id)!)) - firstDelivery;
    const burst = {
      contracts: o.burst, placeMs, settleMs, perSec: (o.burst / Math.max(1, settleMs)) * 1000, firstLateMs: lateness[0]!, p99LateMs: quantile(lateness, 0.99),
      spreadMs: lastDelivery - firstDelivery,
    };

    // ---- steady: `rate` contracts a second, each delivering durationS later ----
    settled.clear();
    const steadyIds: number[] = [];
    const t0 = performance.now();
    let sent = 0;
    const pending: Array<Promise<void>> = [];
    while (performance.now() - t0 < o.steadyMs) {
      const due = Math.floor(((performance.now() - t0) / 1000) * o.rate);
      const batch: Array<Promise<void>> = [];
      for (; sent < due; sent++) {
        batch.push(
          desks.seconds.place({ user: 10_000_001 + (sent % USERS), market: 'BTCUSDT', direction: sent % 2 === 0 ? 'up' : 'down', durationS: o.durationS, amount: '1000' }).then((r) => {
            if (!r.ok) throw new Error(`place: ${r.code}`);
            steadyIds.push(Number(r.value.contract.id));
          }),
        );
      }
      pending.push(...batch);
      await sleep(1000 / 20);
    }
    await Promise.all(pending);
    const achievedRate = (sent / (performance.now() - t0)) * 1000;
    while (steadyIds.some((id) => !settled.has(id))) await sleep(100);
    const late = steadyIds.map((id) => settled.get(id)!).sort((a, b) => a - b);
    return {
      node: `node ${process.version}, ${process.platform}/${process.arch}`,
      burst,
      steady: { contracts: sent, offeredRate: o.rate, achievedRate, settled: late.length, p50: quantile(late, 0.5), p99: quantile(late, 0.99), max: late.at(-1)! },
    };
  } finally {
    await record.stop();
    await desks.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportSeconds(f: SecondsFigures): Record<string, unknown> {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const b = f.burst;
  const s = f.steady;
  const burstRatio = BURST_TARGET_MS / Math.max(1, b.settleMs);
  const steadyRatio = STEADY_P99_TARGET_MS / Math.max(1, s.p99);
  console.log(`\nseconds: the seconds desk on SQLite (group commit, writer thread) with the price record job, system clock; ${f.node}`);
  console.log(`burst: ${n(b.contracts)} contracts delivering within ${n(b.spreadMs)} ms of each other (placed in ${n(b.placeMs)} ms beforehand, untimed): ` +
    `all settled ${n(b.settleMs)} ms after the first delivery = ${n(b.perSec)} settlements/s; lateness first ${n(b.firstLateMs)} ms, p99 ${n(b.p99LateMs)} ms; ` +
    `target ≤ ${n(BURST_TARGET_MS)} ms: ${burstRatio.toFixed(2)}× ${burstRatio >= 1 ? 'met' : 'NOT met'}`);
  console.log(`steady: ${n(s.contracts)} contracts at ${n(s.achievedRate)}/s (offered ${n(s.offeredRate)}/s), ${n(s.settled)} settled: delivery lateness ` +
    `p50 ${n(s.p50)} ms, p99 ${n(s.p99)} ms, max ${n(s.max)} ms; target p99 ≤ ${n(STEADY_P99_TARGET_MS)} ms: ${steadyRatio.toFixed(2)}× ${steadyRatio >= 1 ? 'met' : 'NOT met'}`);
  const r2 = (v: number) => Number(v.toFixed(2));
  return {
    bench: 'seconds',
    node: f.node,
    burst: { contracts: b.contracts, spreadMs: b.spreadMs, settleMs: Math.round(b.settleMs), firstLateMs: Math.round(b.firstLateMs), p99LateMs: b.p99LateMs, perSec: Math.round(b.perSec) },
    steady: { contracts: s.contracts, rate: Math.round(s.achievedRate), p50Ms: s.p50, p99Ms: s.p99, maxMs: s.max },
    targets: { burstSettleMs: BURST_TARGET_MS, steadyP99Ms: STEADY_P99_TARGET_MS, burstRatio: r2(burstRatio), steadyRatio: r2(steadyRatio), met: burstRatio >= 1 && steadyRatio >= 1 },
  };
}
