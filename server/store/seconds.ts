// Seconds contracts and the public price record in the store. The seconds desk writes each contract's latest state
// (upserted by id), config rows and exposure limits inside its group commit (SecondsWrites, through commitDesk: on
// SQLite by the writer thread's prepared statements in sqlite-desk-writes.ts, on PostgreSQL here); the price record
// job appends entries through writeQueries (appendRecord builds them). Reads: the desk's rebuild (open contracts,
// config, limits, the largest id), the app's lists and the verifier's ranges.
import type { CompiledQuery, Kysely } from 'kysely';
import type { PriceRecordEntry, SecondsDirection, SecondsEndReason, SecondsOutcome, SecondsStatus } from '../contract/seconds.ts';
import { insertRows, rowsOf } from './bulk.ts';
import { eachClientId } from './client-ids.ts';
import { int64, money, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export interface SecondsContractRow {
  readonly id: number;
  readonly user: number;
  readonly clientId: string | null;
  readonly market: string;
  readonly direction: SecondsDirection;
  readonly durationS: number;
  /** Stake, minor units (10^-8 USDT). */
  readonly amount: bigint;
  readonly fee: bigint;
  /** Ratios × 10^8. */
  readonly payoutRatio: bigint;
  readonly lossRatio: bigint;
  readonly scheduledTs: number | null;
  readonly openTs: number | null;
  readonly deliveryTs: number;
  readonly openPrice: string | null;
  readonly settlePrice: string | null;
  readonly openRecordSeq: number | null;
  readonly openRecordHash: string | null;
  readonly settleRecordSeq: number | null;
  readonly settleRecordHash: string | null;
  readonly outcome: SecondsOutcome | null;
  readonly payout: bigint | null;
  readonly status: SecondsStatus;
  readonly createdAt: number;
  readonly settledAt: number | null;
  /** The instant after which it opens (placement, or a timed order's start); null for contracts of before that rule. */
  readonly acceptedTs: number | null;
  /** When it entered the house's exposure (null: it does not count, a timed order before its reservation). */
  readonly reservedTs: number | null;
  /** Why it ended without settling. */
  readonly endReason: SecondsEndReason | null;
}

export interface SecondsConfigRow {
  readonly market: string;
  readonly durationS: number;
  readonly payoutRatio: bigint;
  readonly lossRatio: bigint;
  readonly minAmount: bigint;
  readonly maxAmount: bigint;
  readonly feeRate: bigint;
  readonly enabled: boolean;
  readonly updatedAt: number;
}

export interface SecondsLimitRow {
  readonly market: string;
  readonly direction: SecondsDirection;
  /** The house's largest net exposure (minor units) the market and direction may reach. */
  readonly maxExposure: bigint;
  readonly updatedAt: number;
}

/**
 * The desk-wide operator limits, stored as seconds_limits rows of market SETTINGS_MARKET (no market has that name)
 * with the setting's name in `direction` and its value in `max_exposure`, so they are written in the desk's group
 * commit like the exposure limits: horizon (ms a timed order may start ahead), user.orders (timed orders not started
 * one user may hold), user.amount (their stakes' sum, minor units).
 */
export const SETTINGS_MARKET = '*';
export type SecondsSettingName = 'horizon' | 'user.orders' | 'user.amount';
export const SECONDS_SETTING_NAMES: readonly SecondsSettingName[] = ['horizon', 'user.orders', 'user.amount'];
export interface SecondsSettingRow {
  readonly name: SecondsSettingName;
  readonly value: bigint;
  readonly updatedAt: number;
}

/** One seconds desk batch's rows (contracts once each, their latest state; settings as limits rows of market '*'). */
export interface SecondsWrites {
  readonly contracts: readonly SecondsContractRow[];
  readonly config: readonly SecondsConfigRow[];
  readonly limits: readonly SecondsLimitRow[];
}

/** A setting as the limits row that stores it. */
export const settingLimitRow = (s: SecondsSettingRow): SecondsLimitRow => ({ market: SETTINGS_MARKET, direction: s.name as SecondsDirection, maxExposure: s.value, updatedAt: s.updatedAt });

type Value = string | number | bigint | null;

export const SECONDS_CONTRACT_COLUMNS = [
  'id', 'user_id', 'client_id', 'market', 'direction', 'duration_s', 'amount', 'fee', 'payout_ratio', 'loss_ratio', 'scheduled_ts', 'open_ts',
  'delivery_ts', 'open_price', 'settle_price', 'open_record_seq', 'open_record_hash', 'settle_record_seq', 'settle_record_hash', 'outcome',
  'payout', 'status', 'created_at', 'settled_at', 'accepted_ts', 'reserved_ts', 'end_reason',
] as const;
export const SECONDS_CONTRACT_MUTABLE = [
  'open_ts', 'delivery_ts', 'open_price', 'settle_price', 'open_record_seq', 'open_record_hash', 'settle_record_seq', 'settle_record_hash',
  'outcome', 'payout', 'status', 'settled_at', 'fee', 'accepted_ts', 'reserved_ts', 'end_reason',
] as const;
export const SECONDS_CONFIG_COLUMNS = ['market', 'duration_s', 'payout_ratio', 'loss_ratio', 'min_amount', 'max_amount', 'fee_rate', 'enabled', 'updated_at'] as const;
export const SECONDS_LIMIT_COLUMNS = ['market', 'direction', 'max_exposure', 'updated_at'] as const;

const excluded = (columns: readonly string[]) => columns.map((c) => `"${c}" = "excluded"."${c}"`).join(', ');
export const SECONDS_UPSERT_CONTRACT = `on conflict ("id") do update set ${excluded(SECONDS_CONTRACT_MUTABLE)}`;
export const SECONDS_UPSERT_CONFIG = `on conflict ("market", "duration_s") do update set ${excluded(SECONDS_CONFIG_COLUMNS.slice(2))}`;
export const SECONDS_UPSERT_LIMIT = `on conflict ("market", "direction") do update set ${excluded(['max_exposure', 'updated_at'])}`;

export const secondsContractValues = (c: SecondsContractRow): Value[] => [
  c.id, c.user, c.clientId, c.market, c.direction, c.durationS, int64(c.amount), int64(c.fee), int64(c.payoutRatio), int64(c.lossRatio),
  c.scheduledTs, c.openTs, c.deliveryTs, c.openPrice, c.settlePrice, c.openRecordSeq, c.openRecordHash, c.settleRecordSeq, c.settleRecordHash,
  c.outcome, c.payout === null ? null : int64(c.payout), c.status, c.createdAt, c.settledAt, c.acceptedTs, c.reservedTs, c.endReason,
];
export const secondsConfigValues = (c: SecondsConfigRow): Value[] => [
  c.market, c.durationS, int64(c.payoutRatio), int64(c.lossRatio), int64(c.minAmount), int64(c.maxAmount), int64(c.feeRate), c.enabled ? 1 : 0, c.updatedAt,
];
export const secondsLimitValues = (l: SecondsLimitRow): Value[] => [l.market, l.direction, int64(l.maxExposure), l.updatedAt];


export interface SecondsRange {
  readonly from: number;
  readonly to: number;
  readonly limit: number;
}

export type SecondsRepo = ReturnType<typeof createSeconds>;

const DIRECTIONS: readonly string[] = ['up', 'down'];
const OUTCOMES: readonly string[] = ['win', 'loss', 'tie'];
const STATUSES: readonly string[] = ['pending', 'opening', 'holding', 'settled', 'cancelled', 'refunded'];
const END_REASONS: readonly string[] = ['user', 'exposure', 'no.price'];
/** Statuses of contracts the desk holds open (its rebuild). */
export const OPEN_STATUSES: readonly SecondsStatus[] = ['pending', 'opening', 'holding'];
const oneOf = <T extends string>(list: readonly string[], v: string, what: string): T => {
  if (!list.includes(v)) throw new Error(`stored ${what} "${v}" is not one of ${list.join(', ')}`);
  return v as T;
};
const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

/** Columns of migration 0018 (server/store/schema.ts's Database type does not list them). */
type SecondsOpeningColumns = {
  seconds_contracts: { accepted_ts: number | null; reserved_ts: number | null; end_reason: string | null };
};

export function createSeconds(base: Kysely<Database>) {
  const db = base.withTables<SecondsOpeningColumns>();
  const contracts = () =>
    db.selectFrom('seconds_contracts').select([
      'id', 'user_id', 'client_id', 'market', 'direction', 'duration_s', money('amount').as('amount'), money('fee').as('fee'),
      money('payout_ratio').as('payout_ratio'), money('loss_ratio').as('loss_ratio'), 'scheduled_ts', 'open_ts', 'delivery_ts', 'open_price',
      'settle_price', 'open_record_seq', 'open_record_hash', 'settle_record_seq', 'settle_record_hash', 'outcome', money('payout').as('payout'),
      'status', 'created_at', 'settled_at', 'accepted_ts', 'reserved_ts', 'end_reason',
    ]);
  type ContractRow = Awaited<ReturnType<ReturnType<typeof contracts>['executeTakeFirstOrThrow']>>;
  const toContract = (r: ContractRow): SecondsContractRow => ({
    id: Number(r.id), user: Number(r.user_id), clientId: r.client_id, market: r.market, direction: oneOf<SecondsDirection>(DIRECTIONS, r.direction, 'direction'),
    durationS: Number(r.duration_s), amount: toAmount(r.amount), fee: toAmount(r.fee), payoutRatio: toAmount(r.payout_ratio), lossRatio: toAmount(r.loss_ratio),
    scheduledTs: num(r.scheduled_ts), openTs: num(r.open_ts), deliveryTs: Number(r.delivery_ts), openPrice: r.open_price, settlePrice: r.settle_price,
    openRecordSeq: num(r.open_record_seq), openRecordHash: r.open_record_hash, settleRecordSeq: num(r.settle_record_seq), settleRecordHash: r.settle_record_hash,
    outcome: r.outcome === null ? null : oneOf<SecondsOutcome>(OUTCOMES, r.outcome, 'outcome'),
    // cast(null as text) is null on both dialects
    payout: (r.payout as string | null) === null ? null : toAmount(r.payout), status: oneOf<SecondsStatus>(STATUSES, r.status, 'status'),
    createdAt: Number(r.created_at), settledAt: num(r.settled_at), acceptedTs: num(r.accepted_ts), reservedTs: num(r.reserved_ts),
    endReason: r.end_reason === null ? null : oneOf<SecondsEndReason>(END_REASONS, r.end_reason, 'end reason'),
  });
  const entries = () => db.selectFrom('price_record').select(['market', 'seq', 'ts', 'price', 'sources', 'prev_hash', 'hash']);
  type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['executeTakeFirstOrThrow']>>;
  const toEntry = (r: EntryRow): PriceRecordEntry => ({ seq: Number(r.seq), market: r.market, ts: Number(r.ts), price: r.price, sources: r.sources, prevHash: r.prev_hash, hash: r.hash });

  return Object.freeze({
    /** Writes one batch's rows (inside the caller's transaction: desk-writes.ts). */
    async write(w: SecondsWrites): Promise<void> {
      await insertRows(db, 'seconds_contracts', rowsOf(w.contracts, SECONDS_CONTRACT_COLUMNS, secondsContractValues), SECONDS_UPSERT_CONTRACT);
      await insertRows(db, 'seconds_config', rowsOf(w.config, SECONDS_CONFIG_COLUMNS, secondsConfigValues), SECONDS_UPSERT_CONFIG);
      await insertRows(db, 'seconds_limits', rowsOf(w.limits, SECONDS_LIMIT_COLUMNS, secondsLimitValues), SECONDS_UPSERT_LIMIT);
    },
    /** Pending, opening and holding contracts, by id (the desk's rebuild). */
    open: async (): Promise<SecondsContractRow[]> =>
      (await contracts().where('status', 'in', [...OPEN_STATUSES]).orderBy('id').execute()).map(toContract),
    maxId: async (): Promise<number> => Number((await db.selectFrom('seconds_contracts').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0),
    byId: async (id: number): Promise<SecondsContractRow | undefined> => {
      const r = await contracts().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toContract(r);
    },
    /** Every stored contract's `user:clientId` (the desk's filter of stored ids, desks/client-ids.ts). */
    eachClientId: (visit: (key: string) => void) => eachClientId(db, { table: 'seconds_contracts', column: 'client_id' }, visit),
    byClientId: async (user: number, clientId: string): Promise<SecondsContractRow | undefined> => {
      const r = await contracts().where('user_id', '=', user).where('client_id', '=', clientId).executeTakeFirst();
      return r === undefined ? undefined : toContract(r);
    },
    /** A user's contracts of some statuses, newest first. */
    async byUser(q: { user: number; statuses: readonly SecondsStatus[]; market?: string | undefined; offset: number; limit: number }): Promise<{ rows: SecondsContractRow[]; total: number }> {
      let base = db.selectFrom('seconds_contracts').where('user_id', '=', q.user).where('status', 'in', [...q.statuses]);
      if (q.market !== undefined) base = base.where('market', '=', q.market);
      const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      let rows = contracts().where('user_id', '=', q.user).where('status', 'in', [...q.statuses]);
      if (q.market !== undefined) rows = rows.where('market', '=', q.market);
      return { rows: (await rows.orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute()).map(toContract), total };
    },
    /** Settled and refunded contracts delivered in [from, to] (a refunded one: by the delivery it had when accepted) with an id above afterId, by id. */
    settled: async (q: SecondsRange & { readonly afterId?: number }): Promise<SecondsContractRow[]> =>
      (await contracts().where('status', 'in', ['settled', 'refunded']).where('delivery_ts', '>=', q.from).where('delivery_ts', '<=', q.to).where('id', '>', q.afterId ?? 0).orderBy('id').limit(q.limit).execute()).map(toContract),
    async config(): Promise<SecondsConfigRow[]> {
      const rows = await db
        .selectFrom('seconds_config')
        .select(['market', 'duration_s', money('payout_ratio').as('p'), money('loss_ratio').as('l'), money('min_amount').as('mi'), money('max_amount').as('ma'), money('fee_rate').as('f'), 'enabled', 'updated_at'])
        .orderBy('market').orderBy('duration_s').execute();
      return rows.map((r) => ({
        market: r.market, durationS: Number(r.duration_s), payoutRatio: toAmount(r.p), lossRatio: toAmount(r.l), minAmount: toAmount(r.mi), maxAmount: toAmount(r.ma),
        feeRate: toAmount(r.f), enabled: Number(r.enabled) === 1, updatedAt: Number(r.updated_at),
      }));
    },
    /** The exposure limits per market and direction. */
    async limits(): Promise<SecondsLimitRow[]> {
      const rows = await db.selectFrom('seconds_limits').select(['market', 'direction', money('max_exposure').as('m'), 'updated_at'])
        .where('market', '<>', SETTINGS_MARKET).orderBy('market').orderBy('direction').execute();
      return rows.map((r) => ({ market: r.market, direction: oneOf<SecondsDirection>(DIRECTIONS, r.direction, 'direction'), maxExposure: toAmount(r.m), updatedAt: Number(r.updated_at) }));
    },
    /** The desk-wide settings the operator set (a setting never set is absent: the desk's default applies). */
    async settings(): Promise<SecondsSettingRow[]> {
      const rows = await db.selectFrom('seconds_limits').select(['direction', money('max_exposure').as('m'), 'updated_at']).where('market', '=', SETTINGS_MARKET).orderBy('direction').execute();
      return rows.map((r) => ({ name: oneOf<SecondsSettingName>(SECONDS_SETTING_NAMES, r.direction, 'setting'), value: toAmount(r.m), updatedAt: Number(r.updated_at) }));
    },

    // ---- the price record ----
    /** Appends entries (the job's own transaction: writeQueries gives it the writer thread on SQLite). */
    appendQueries(list: readonly PriceRecordEntry[]): CompiledQuery[] {
      return list.map((e) => db.insertInto('price_record').values({ market: e.market, seq: e.seq, ts: e.ts, price: e.price, sources: e.sources, prev_hash: e.prevHash, hash: e.hash }).compile());
    },
    /** Entries of a market with from ≤ ts ≤ to, in seq order, at most `limit`. */
    range: async (market: string, q: SecondsRange): Promise<PriceRecordEntry[]> =>
      (await entries().where('market', '=', market).where('ts', '>=', q.from).where('ts', '<=', q.to).orderBy('seq').limit(q.limit).execute()).map(toEntry),
    /** The first entry of a market with a time after `ts` (what a contract accepted at `ts` opens on). */
    async firstAfter(market: string, ts: number): Promise<PriceRecordEntry | undefined> {
      const r = await entries().where('market', '=', market).where('ts', '>', ts).orderBy('ts').orderBy('seq').limit(1).executeTakeFirst();
      return r === undefined ? undefined : toEntry(r);
    },
    /** The last entry of a market at or before `ts`. */
    async atOrBefore(market: string, ts: number): Promise<PriceRecordEntry | undefined> {
      const r = await entries().where('market', '=', market).where('ts', '<=', ts).orderBy('ts', 'desc').orderBy('seq', 'desc').limit(1).executeTakeFirst();
      return r === undefined ? undefined : toEntry(r);
    },
    async entry(market: string, seq: number): Promise<PriceRecordEntry | undefined> {
      const r = await entries().where('market', '=', market).where('seq', '=', seq).executeTakeFirst();
      return r === undefined ? undefined : toEntry(r);
    },
    /** The last entry of every market. */
    async heads(): Promise<PriceRecordEntry[]> {
      const markets = await db.selectFrom('price_record').select('market').distinct().execute();
      const out: PriceRecordEntry[] = [];
      for (const { market } of markets) {
        const r = await entries().where('market', '=', market).orderBy('seq', 'desc').limit(1).executeTakeFirst();
        if (r !== undefined) out.push(toEntry(r));
      }
      return out.sort((a, b) => (a.market < b.market ? -1 : 1));
    },
  });
}
