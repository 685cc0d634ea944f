// Fee levels in the store: the operator's rate table, the daily recomputes (each with the table it used and when
// its levels took effect), each trading user's volume and level per recompute, and the trade sums the recompute
// reads. Tables come from migration 0006_fee_levels and are added to the Database view with withTables. Also the
// labels users give their API keys (same migration).
import { sql, type Kysely } from 'kysely';
import { int64, money, moneySum, toAmount, type Money } from './money.ts';
import type { Database } from './schema.ts';

export interface FeeTableTable {
  level: number;
  min_volume: Money;
  maker_ppm: number;
  taker_ppm: number;
  updated_at: number;
}

export interface FeeLevelRunsTable {
  recompute_at: number;
  computed_at: number;
  fee_table: string;
  users: number;
  applied_at: number | null;
}

export interface FeeLevelUsersTable {
  recompute_at: number;
  user_id: number;
  volume: Money;
  level: number;
}

export interface ApiKeyLabelsTable {
  key_id: string;
  label: string;
}

/** A row of the rate table: volume in BTC-equivalent minor units, rates in parts per million. */
export interface FeeTableRow {
  readonly level: number;
  readonly minVolume: bigint;
  readonly makerPpm: number;
  readonly takerPpm: number;
}

export interface FeeLevelRun {
  readonly recomputeAt: number;
  readonly computedAt: number;
  readonly table: readonly FeeTableRow[];
  readonly users: number;
  readonly appliedAt: number | null;
}

export interface UserFeeLevel {
  readonly user: number;
  readonly volume: bigint;
  readonly level: number;
}

/** Trade sums of one user, market and GMT+8 day (both sides: a user's taker and maker trades add up). */
export interface TradeSum {
  readonly user: number;
  readonly symbol: string;
  /** floor((time + 8 h) / 24 h): the GMT+8 calendar day. */
  readonly day: number;
  readonly qty: bigint;
  readonly quote: bigint;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OFFSET = 8 * HOUR;

export function tableToJson(table: readonly FeeTableRow[]): string {
  return JSON.stringify(table.map((r) => ({ level: r.level, minVolume: String(r.minVolume), makerPpm: r.makerPpm, takerPpm: r.takerPpm })));
}

function tableFromJson(text: string): FeeTableRow[] {
  const rows = JSON.parse(text) as Array<{ level: number; minVolume: string; makerPpm: number; takerPpm: number }>;
  return rows.map((r) => ({ level: r.level, minVolume: BigInt(r.minVolume), makerPpm: r.makerPpm, takerPpm: r.takerPpm }));
}

export function createFeeLevelsRepo(store: Kysely<Database>) {
  const db = store.withTables<{
    fee_table: FeeTableTable;
    fee_level_runs: FeeLevelRunsTable;
    fee_level_users: FeeLevelUsersTable;
    api_key_labels: ApiKeyLabelsTable;
  }>();
  const runs = () => db.selectFrom('fee_level_runs').selectAll();
  const toRun = (r: { recompute_at: number; computed_at: number; fee_table: string; users: number; applied_at: number | null }): FeeLevelRun => ({
    recomputeAt: Number(r.recompute_at),
    computedAt: Number(r.computed_at),
    table: tableFromJson(r.fee_table),
    users: Number(r.users),
    appliedAt: r.applied_at === null ? null : Number(r.applied_at),
  });
  const day = sql<number>`cast((${sql.ref('time')} + ${sql.lit(OFFSET)}) / ${sql.lit(DAY)} as integer)`;

  return Object.freeze({
    /** The operator's table, by level; null when never set (the built-in default applies). */
    async table(): Promise<FeeTableRow[] | null> {
      const rows = await db
        .selectFrom('fee_table')
        .select(['level', 'maker_ppm', 'taker_ppm', money('min_volume').as('min_volume')])
        .orderBy('level')
        .execute();
      if (rows.length === 0) return null;
      return rows.map((r) => ({ level: r.level, minVolume: toAmount(r.min_volume), makerPpm: r.maker_ppm, takerPpm: r.taker_ppm }));
    },
    /** Replaces the whole table (call inside a transaction so readers never see half of it). */
    async setTable(table: readonly FeeTableRow[], now: number): Promise<void> {
      await db.deleteFrom('fee_table').execute();
      await db
        .insertInto('fee_table')
        .values(table.map((r) => ({ level: r.level, min_volume: int64(r.minVolume), maker_ppm: r.makerPpm, taker_ppm: r.takerPpm, updated_at: now })))
        .execute();
    },
    async run(recomputeAt: number): Promise<FeeLevelRun | undefined> {
      const row = await runs().where('recompute_at', '=', recomputeAt).executeTakeFirst();
      return row ? toRun(row) : undefined;
    },
    /** The newest recompute whose levels took effect: the one in force. */
    async latestApplied(): Promise<FeeLevelRun | undefined> {
      const row = await runs().where('applied_at', 'is not', null).orderBy('recompute_at', 'desc').limit(1).executeTakeFirst();
      return row ? toRun(row) : undefined;
    },
    /** The newest recompute, applied or not. */
    async latest(): Promise<FeeLevelRun | undefined> {
      const row = await runs().orderBy('recompute_at', 'desc').limit(1).executeTakeFirst();
      return row ? toRun(row) : undefined;
    },
    /**
     * Records a recompute and its users' levels; false (and nothing written) when that recompute already exists,
     * so two processes, or a retried day, can't write it twice. Call inside a transaction.
     */
    async insertRun(run: Omit<FeeLevelRun, 'appliedAt'>, levels: readonly UserFeeLevel[]): Promise<boolean> {
      const inserted = await db
        .insertInto('fee_level_runs')
        .values({ recompute_at: run.recomputeAt, computed_at: run.computedAt, fee_table: tableToJson(run.table), users: levels.length, applied_at: null })
        .onConflict((oc) => oc.column('recompute_at').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      for (let i = 0; i < levels.length; i += 500) {
        await db
          .insertInto('fee_level_users')
          .values(levels.slice(i, i + 500).map((l) => ({ recompute_at: run.recomputeAt, user_id: l.user, volume: int64(l.volume), level: l.level })))
          .execute();
      }
      return true;
    },
    /** Marks a recompute's levels in force; false when it was already (or doesn't exist). */
    async markApplied(recomputeAt: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('fee_level_runs')
        .set({ applied_at: at })
        .where('recompute_at', '=', recomputeAt)
        .where('applied_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Every user's row of a recompute (users who traded in its window). */
    async levels(recomputeAt: number): Promise<UserFeeLevel[]> {
      const rows = await db
        .selectFrom('fee_level_users')
        .select(['user_id', 'level', money('volume').as('volume')])
        .where('recompute_at', '=', recomputeAt)
        .execute();
      return rows.map((r) => ({ user: Number(r.user_id), level: r.level, volume: toAmount(r.volume) }));
    },
    async userLevel(recomputeAt: number, user: number): Promise<UserFeeLevel | undefined> {
      const row = await db
        .selectFrom('fee_level_users')
        .select(['user_id', 'level', money('volume').as('volume')])
        .where('recompute_at', '=', recomputeAt)
        .where('user_id', '=', user)
        .executeTakeFirst();
      return row ? { user: Number(row.user_id), level: row.level, volume: toAmount(row.volume) } : undefined;
    },
    /** Drops recomputes older than `before` (keeping at least the one in force is the caller's job). */
    async prune(before: number): Promise<void> {
      await db.deleteFrom('fee_level_users').where('recompute_at', '<', before).execute();
      await db.deleteFrom('fee_level_runs').where('recompute_at', '<', before).execute();
    },
    /** Sums of spot trades with start ≤ time < end per user (taker and maker sides), market and GMT+8 day. */
    async tradeSums(start: number, end: number): Promise<TradeSum[]> {
      const out: TradeSum[] = [];
      for (const side of ['taker_user', 'maker_user'] as const) {
        const rows = await db
          .selectFrom('spot_trades')
          .select([sql.ref<number>(side).as('user_id'), 'symbol', day.as('day'), moneySum('qty').as('qty'), moneySum('quote').as('quote')])
          .where('time', '>=', start)
          .where('time', '<', end)
          .groupBy([side, 'symbol', day])
          .execute();
        for (const r of rows) out.push({ user: Number(r.user_id), symbol: r.symbol, day: Number(r.day), qty: toAmount(r.qty), quote: toAmount(r.quote) });
      }
      return out;
    },
    /**
     * Closing prices of a market per GMT+8 day with trades in [start, end): the price of the day's last trade,
     * plus `before`, the last price before `start` (null when none).
     */
    async dailyCloses(symbol: string, start: number, end: number): Promise<{ before: bigint | null; closes: Array<{ day: number; price: bigint }> }> {
      const lasts = await db
        .selectFrom('spot_trades')
        .select([day.as('day'), (eb) => eb.fn.max('trade_no').as('n')])
        .where('symbol', '=', symbol)
        .where('time', '>=', start)
        .where('time', '<', end)
        .groupBy(day)
        .execute();
      const closes: Array<{ day: number; price: bigint }> = [];
      for (const l of lasts) {
        const row = await db
          .selectFrom('spot_trades')
          .select(money('price').as('price'))
          .where('symbol', '=', symbol)
          .where('trade_no', '=', Number(l.n))
          .executeTakeFirstOrThrow();
        closes.push({ day: Number(l.day), price: toAmount(row.price) });
      }
      closes.sort((a, b) => a.day - b.day);
      const prior = await db
        .selectFrom('spot_trades')
        .select(money('price').as('price'))
        .where('symbol', '=', symbol)
        .where('time', '<', start)
        .orderBy('time', 'desc')
        .orderBy('trade_no', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { before: prior ? toAmount(prior.price) : null, closes };
    },
    async setLabel(keyId: string, label: string): Promise<void> {
      await db.insertInto('api_key_labels').values({ key_id: keyId, label }).execute();
    },
    async labels(keyIds: readonly string[]): Promise<Map<string, string>> {
      if (keyIds.length === 0) return new Map();
      const rows = await db.selectFrom('api_key_labels').selectAll().where('key_id', 'in', [...keyIds]).execute();
      return new Map(rows.map((r) => [r.key_id, r.label]));
    },
  });
}

export type FeeLevelsRepo = ReturnType<typeof createFeeLevelsRepo>;
