// Fee levels (spec §9): every day at 00:00 GMT+8 each user's trailing 30-day spot volume in BTC equivalent picks a
// level of the rate table; at 04:00 GMT+8 those levels take effect. Time comes only from the injected clock.
//
// BTC-equivalent volume of a user for the recompute at R (window [R − 30 days, R)): every spot trade in the
// window counts once for its taker and once for its maker. Trades are summed per user, market and GMT+8 day, then:
//   - a market with base BTC counts its base quantity (e.g. BTC/USDT: the BTC traded);
//   - a market quoted in BTC counts its quote amount;
//   - any other market counts its quote amount Q converted at the day's close of BTC/Q (market BTC<Q>): the price
//     of the last BTC/Q trade of that GMT+8 day, or else of an earlier day of the window, or else the last trade
//     before the window, or else the first close inside the window; floor(sum of Q × 10^8 / close) minor units per
//     user, quote asset and day. With no BTC/Q trade at all such volume counts nothing.
// All from the recorded spot trades (spot_trades), so anyone can recompute a level from the same rows.
//
// Idempotent: a recompute is one row (fee_level_runs, keyed by its 00:00 instant) written with its users' levels in
// one transaction, or not at all; applying sets applied_at once. At start (and every tick) the job catches up: the
// recompute in force now (recomputeInForceAt) is computed if missing and applied if not yet, and a recompute made
// since 00:00 but not yet due waits for 04:00. A recompute runs `settleMs` (5 s) after 00:00 so trades in flight at
// midnight have committed; the window is by trade time, so the result is the same whenever it runs.
import type { Clock } from '../clock.ts';
import {
  feeLevelFor, nextApplyAt, nextRecomputeAt, recomputeInForceAt, volumeWindow,
  type Amount, type FeeRates, type UserId,
} from '../kernel/index.ts';
import type { Reply } from '../desks/codes.ts';
import { feeLevelsInStore, type FeeLevelsInForce } from '../desks/fee-schedule.ts';
import type { FeeTableRow, UserFeeLevel } from '../store/feeLevels.ts';
import type { Store } from '../store/index.ts';
import { asKernelTable, DEFAULT_FEE_TABLE } from './fee-table.ts';

const DAY = 86_400_000;
const BTC = 100_000_000n;
/** Recomputes kept (the one in force and the pending one are always far newer). */
const KEEP_DAYS = 40;

/** The configured table, or the built-in default when the operator never set one. */
export async function configuredFeeTable(store: Store): Promise<readonly FeeTableRow[]> {
  return (await store.feeLevels.table()) ?? DEFAULT_FEE_TABLE;
}

/** Each user's BTC-equivalent volume (minor units) over the window of the recompute at `recomputeAt`. */
export async function trailingVolumes(store: Store, recomputeAt: number): Promise<Map<number, bigint>> {
  const { start, end } = volumeWindow(recomputeAt);
  return store.snapshot(async (repos) => {
    const markets = new Map((await repos.markets.configs('spot')).map((m) => [m.symbol, m]));
    const volumes = new Map<number, bigint>();
    const add = (user: number, v: bigint) => volumes.set(user, (volumes.get(user) ?? 0n) + v);
    // quote asset → user → day → quote sum
    const other = new Map<string, Map<number, Map<number, bigint>>>();
    for (const s of await repos.feeLevels.tradeSums(start, end)) {
      const m = markets.get(s.symbol);
      if (m === undefined) continue;
      if (m.base === 'BTC') add(s.user, s.qty);
      else if (m.quote === 'BTC') add(s.user, s.quote);
      else {
        const byUser = other.get(m.quote) ?? new Map<number, Map<number, bigint>>();
        other.set(m.quote, byUser);
        const byDay = byUser.get(s.user) ?? new Map<number, bigint>();
        byUser.set(s.user, byDay);
        byDay.set(s.day, (byDay.get(s.day) ?? 0n) + s.quote);
      }
    }
    for (const [quote, byUser] of other) {
      const pair = [...markets.values()].find((m) => m.base === 'BTC' && m.quote === quote);
      if (pair === undefined) continue;
      const { before, closes } = await repos.feeLevels.dailyCloses(pair.symbol, start, end);
      const closeOf = (day: number): bigint | null => {
        let found: bigint | null = null;
        for (const c of closes) if (c.day <= day) found = c.price;
        return found ?? before ?? closes[0]?.price ?? null;
      };
      for (const [user, byDay] of byUser) {
        for (const [day, sum] of byDay) {
          const price = closeOf(day);
          if (price !== null && price > 0n) add(user, (sum * BTC) / price);
        }
      }
    }
    return volumes;
  });
}

/** Computes and stores the recompute at `recomputeAt` unless it exists; true when this call wrote it. */
export async function recompute(store: Store, recomputeAt: number, now: number): Promise<boolean> {
  if (await store.feeLevels.run(recomputeAt)) return false;
  const table = await configuredFeeTable(store);
  const kernelTable = asKernelTable(table);
  const volumes = await trailingVolumes(store, recomputeAt);
  const levels: UserFeeLevel[] = [...volumes]
    .filter(([, volume]) => volume > 0n)
    .sort(([a], [b]) => a - b)
    .map(([user, volume]) => ({ user, volume, level: feeLevelFor(volume as Amount, kernelTable).level }));
  return store.transaction((repos) => repos.feeLevels.insertRun({ recomputeAt, computedAt: now, table, users: levels.length }, levels));
}

/** The rates the desks charge: the levels of the recompute in force, held in memory. */
export interface FeeLevelJobOptions {
  readonly store: Store;
  readonly clock: Clock;
  /**
   * Hands the desks what is in force after each pass (their `setFeeLevels`, a command in each desk's sequence; a
   * desk that has it already changes nothing), so a desk that missed one catches up at the next pass.
   */
  readonly apply?: ((inForce: FeeLevelsInForce) => Promise<void>) | undefined;
  /** Longest wait between two checks (default 30 s; the timer also wakes at each 00:00 and 04:00 GMT+8). */
  readonly pollMs?: number | undefined;
  /** How long after 00:00 the recompute waits for trades in flight (default 5 s). */
  readonly settleMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export const DEFAULT_SETTLE_MS = 5_000;

/** One pass at the clock's time: catch up the recompute in force, apply it, compute the next when due. */
export async function feeLevelTick(o: FeeLevelJobOptions): Promise<void> {
  const now = o.clock();
  const settle = o.settleMs ?? DEFAULT_SETTLE_MS;
  const inForce = recomputeInForceAt(now);
  // Before 04:00 + settle of a day the in-force recompute's own 00:00 is a day back; a missed one is made now.
  await recompute(o.store, inForce, now);
  await o.store.feeLevels.markApplied(inForce, now);
  const due = nextRecomputeAt(now - settle) - DAY;
  if (due > inForce) await recompute(o.store, due, now);
  await o.store.feeLevels.prune(inForce - KEEP_DAYS * DAY);
  if (o.apply !== undefined) await o.apply(await feeLevelsInStore(o.store));
}

/** The desks that charge fees by level, as the job hands them what is in force (a refusal is a failed pass). */
export function feeDesks(desks: { readonly spot: FeeLevelsDesk; readonly perp: FeeLevelsDesk }): (inForce: FeeLevelsInForce) => Promise<void> {
  return async (inForce) => {
    for (const reply of await Promise.all([desks.spot.setFeeLevels(inForce), desks.perp.setFeeLevels(inForce)])) {
      if (!reply.ok) throw new Error(`a desk refused the fee levels in force: ${reply.code}`);
    }
  };
}

interface FeeLevelsDesk {
  setFeeLevels(req: FeeLevelsInForce): Promise<Reply<FeeLevelsInForce>>;
}

/**
 * Starts the job: one catch-up pass at once (awaited), then a pass at every 00:00 + settle and 04:00 GMT+8 of the
 * clock and at least every pollMs. Returns the one cleanup, which waits for a pass in progress.
 */
export async function setUpFeeLevels(o: FeeLevelJobOptions): Promise<() => Promise<void>> {
  const poll = o.pollMs ?? 30_000;
  const settle = o.settleMs ?? DEFAULT_SETTLE_MS;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const pass = () => (running = running.then(() => feeLevelTick(o)).catch((error: unknown) => o.onError?.(error)));
  const schedule = () => {
    if (stopped) return;
    const now = o.clock();
    const next = Math.min(nextRecomputeAt(now - settle) + settle, nextApplyAt(now));
    timer = setTimeout(() => void pass().then(schedule), Math.max(0, Math.min(poll, next - now)));
    timer.unref();
  };
  await pass();
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
