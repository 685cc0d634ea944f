// A desk's fee rates (spec §9, fee levels) as part of its state, not a cache the caller reads (issue 26: a desk
// that applies its command log again must charge the same rates at the same places). The rates in force are one
// recompute's table and its users' levels; they change only by a sequenced command, `setFeeLevels`, which the
// fee-level job (jobs/fee-levels.ts) sends at each pass once a recompute is applied (at 04:00 GMT+8), and which
// changes nothing when the desk has it already. The command names the recompute by its 00:00 instant and carries
// its table; the levels are that recompute's rows (fee_level_users), written once and never changed, read in the
// command's prepare. The desk writes what it applied as a setting (`fees.levels.<wallet>`) in the same batch, and
// reads it back when it opens.
import { validRates, type FeeRates, type UserId } from '../kernel/index.ts';
import { DEFAULT_FEE_TABLE } from '../jobs/fee-table.ts';
import type { Store } from '../store/index.ts';
import type { DeskBatch } from './batch.ts';
import { accept, refuse, type Reply } from './codes.ts';
import type { DeskCore } from './core.ts';

/** What a `setFeeLevels` command carries: the recompute in force (null before the first) and its table's rates. */
export interface FeeLevelsInForce {
  /** The 00:00 GMT+8 instant of the recompute whose levels apply; null: none yet, everybody at level 0. */
  readonly recomputeAt: number | null;
  /** The rates of levels 0, 1, 2, … (the recompute's own table, or the configured one before any recompute). */
  readonly table: readonly FeeRates[];
}

/**
 * A user's contract rates from their spot rates (their fee level's): maker ÷ 5, taker ÷ 2 (level 0: 0.02 % / 0.05 %,
 * Binance USDⓈ-M's regular tier, from spot's 0.1 % / 0.1 %).
 */
export const perpRates = (spot: FeeRates): FeeRates => ({ makerPpm: Math.floor(spot.makerPpm / 5), takerPpm: Math.floor(spot.takerPpm / 2) });

/** The setting a desk writes with the batch that applied a `setFeeLevels`. */
export const feeLevelsKey = (wallet: string): string => `fees.levels.${wallet}`;

const MAX_LEVELS = 50;

/** A `setFeeLevels` payload checked at the edge (null: malformed). */
export function parseFeeLevels(x: unknown): FeeLevelsInForce | null {
  if (typeof x !== 'object' || x === null) return null;
  const { recomputeAt, table } = x as { recomputeAt?: unknown; table?: unknown };
  if (recomputeAt !== null && !(typeof recomputeAt === 'number' && Number.isSafeInteger(recomputeAt) && recomputeAt >= 0)) return null;
  if (!Array.isArray(table) || table.length === 0 || table.length > MAX_LEVELS) return null;
  const rates: FeeRates[] = [];
  for (const r of table as unknown[]) {
    if (typeof r !== 'object' || r === null) return null;
    const { makerPpm, takerPpm } = r as { makerPpm?: unknown; takerPpm?: unknown };
    if (typeof makerPpm !== 'number' || typeof takerPpm !== 'number') return null;
    const rate = Object.freeze({ makerPpm, takerPpm });
    if (!validRates(rate)) return null;
    rates.push(rate);
  }
  return Object.freeze({ recomputeAt, table: Object.freeze(rates) });
}

const sameTable = (a: readonly FeeRates[], b: readonly FeeRates[]): boolean =>
  a.length === b.length && a.every((r, i) => r.makerPpm === b[i]!.makerPpm && r.takerPpm === b[i]!.takerPpm);

export class FeeSchedule {
  readonly inForce: FeeLevelsInForce;
  private readonly levels: ReadonlyMap<number, number>;

  constructor(inForce: FeeLevelsInForce, levels: ReadonlyMap<number, number>) {
    this.inForce = inForce;
    this.levels = levels;
  }

  /** A user's spot rates: their level's row (level 0 for a user without volume; past the table, its last row). */
  rates(user: UserId | number): FeeRates {
    const table = this.inForce.table;
    const level = this.levels.get(Number(user)) ?? 0;
    return table[Math.min(level, table.length - 1)]!;
  }

  /**
   * Whether `next` replaces what is in force: a later recompute, or (before any recompute) another configured
   * table. An earlier recompute never does: a job process that is behind cannot put old rates back.
   */
  movedBy(next: FeeLevelsInForce): boolean {
    const at = this.inForce.recomputeAt;
    if (next.recomputeAt === null) return at === null && !sameTable(this.inForce.table, next.table);
    return at === null || next.recomputeAt > at;
  }
}

/** The levels of `inForce`'s recompute, read from its rows (none before the first recompute). */
export async function loadFeeSchedule(store: Store, inForce: FeeLevelsInForce): Promise<FeeSchedule> {
  const levels = new Map<number, number>();
  if (inForce.recomputeAt !== null) for (const l of await store.feeLevels.levels(inForce.recomputeAt)) levels.set(l.user, l.level);
  return new FeeSchedule(inForce, levels);
}

/** What the store has in force now: the latest applied recompute and its table, else the configured table. */
export async function feeLevelsInStore(store: Store): Promise<FeeLevelsInForce> {
  const run = await store.feeLevels.latestApplied();
  const table = run?.table ?? (await store.feeLevels.table()) ?? DEFAULT_FEE_TABLE;
  return Object.freeze({
    recomputeAt: run?.recomputeAt ?? null,
    table: Object.freeze(table.map((r) => Object.freeze({ makerPpm: r.makerPpm, takerPpm: r.takerPpm }))),
  });
}

/**
 * The schedule a desk opens with: the one it last applied (its setting), else, on a store written before desks
 * kept their own, what the store has in force.
 */
export async function openFeeSchedule(store: Store, wallet: string): Promise<FeeSchedule> {
  const text = await store.config.get(feeLevelsKey(wallet));
  // A setting that does not read (edited by hand, cut short) is not a reason to keep the desk shut: what the store
  // has in force is what the next `setFeeLevels` would bring anyway.
  const kept = text === null ? null : parseFeeLevels(parseJson(text));
  return loadFeeSchedule(store, kept ?? (await feeLevelsInStore(store)));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The schedule of a `setFeeLevels` command, read in its prepare: null when it names a recompute the store has not
 * stored, or carries a table other than that recompute's (a far-future instant would otherwise hold every real
 * recompute off until then).
 */
async function recomputeSchedule(store: Store, next: FeeLevelsInForce): Promise<FeeSchedule | null> {
  if (next.recomputeAt !== null) {
    const run = await store.feeLevels.run(next.recomputeAt);
    if (run === undefined || !sameTable(run.table, next.table)) return null;
  }
  return loadFeeSchedule(store, next);
}

/** The setting's value for `inForce`. */
export const feeLevelsText = (inForce: FeeLevelsInForce): string =>
  JSON.stringify({ recomputeAt: inForce.recomputeAt, table: inForce.table.map((r) => ({ makerPpm: r.makerPpm, takerPpm: r.takerPpm })) });

/**
 * A desk's `setFeeLevels`: in sequence, the recompute's levels read at the command's turn (only when it would move
 * the schedule), then, at apply, the schedule swapped and the desk's setting written in the same batch. Malformed
 * input, or a recompute the store does not hold with that table, is refused and changes nothing; a recompute no later
 * than the one in force is answered with what is in force.
 */
export function setFeeLevelsOn<B extends DeskBatch>(
  core: DeskCore<B>,
  store: Store,
  wallet: string,
  req: unknown,
  current: () => FeeSchedule,
  swap: (next: FeeSchedule) => void,
): Promise<Reply<FeeLevelsInForce>> {
  const next = parseFeeLevels(req);
  if (next === null) return Promise.resolve(refuse('action.invalid'));
  return core.runPrepared(
    async () => (current().movedBy(next) ? ((await recomputeSchedule(store, next)) ?? ('unknown' as const)) : null),
    (loaded, b, time) => {
      if (loaded === 'unknown') return refuse<FeeLevelsInForce>('action.invalid');
      if (loaded === null || !current().movedBy(next)) return accept(current().inForce);
      swap(loaded);
      const key = feeLevelsKey(wallet);
      b.settings.set(key, { key, value: feeLevelsText(next), time });
      return accept(next);
    },
  );
}
