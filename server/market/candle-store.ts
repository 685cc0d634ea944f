// The candle repository: upsert bars (closed and live) and read them back by time range or newest N, ascending.
// Its table comes from migration 0004_market_data; the type is declared here and added to the store's Database
// view with withTables, so the store's own schema file needn't know about market data.
import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { Price } from '../kernel/index.ts';
import type { Database } from '../store/schema.ts';
import type { Candle } from './candles.ts';
import { isInterval, type Interval } from './intervals.ts';

export interface CandlesTable {
  symbol: string;
  period: string;
  open_time: number;
  close_time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: string;
  quote_volume: string;
  taker_buy_volume: string;
  taker_buy_quote_volume: string;
  trade_count: number;
  first_trade_id: number;
  last_trade_id: number;
}

export interface CandleQuery {
  /** Bars opening at or after this time; with it, the first `limit` from there. */
  readonly startTime?: number | undefined;
  /** Bars opening at or before this time; without startTime, the last `limit` up to here. */
  readonly endTime?: number | undefined;
  readonly limit: number;
}

export interface CandleStore {
  upsert(bars: readonly Candle[]): Promise<void>;
  /** Binance klines semantics; always oldest first. */
  range(symbol: string, interval: Interval, query: CandleQuery): Promise<Candle[]>;
  /** The newest `limit` bars, oldest first. */
  latest(symbol: string, interval: Interval, limit: number): Promise<Candle[]>;
}

export const MAX_CANDLE_LIMIT = 1500;
/** Rows per INSERT: 15 columns × 500 stays far below SQLite's bound-parameter limit. */
const CHUNK = 500;

const toRow = (c: Candle): CandlesTable => ({
  symbol: c.symbol,
  period: c.interval,
  open_time: c.openTime,
  close_time: c.closeTime,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
  volume: c.volume.toString(),
  quote_volume: c.quoteVolume.toString(),
  taker_buy_volume: c.takerBuyVolume.toString(),
  taker_buy_quote_volume: c.takerBuyQuoteVolume.toString(),
  trade_count: c.count,
  first_trade_id: c.firstTradeId,
  last_trade_id: c.lastTradeId,
});

function fromRow(r: Selectable<CandlesTable>): Candle {
  if (!isInterval(r.period)) throw new RangeError(`stored candle has unknown interval ${r.period}`);
  // Both drivers hand bigint columns back as numbers (pg through the store's checked int8 parser).
  return {
    symbol: r.symbol,
    interval: r.period,
    openTime: Number(r.open_time),
    closeTime: Number(r.close_time),
    open: Number(r.open) as Price,
    high: Number(r.high) as Price,
    low: Number(r.low) as Price,
    close: Number(r.close) as Price,
    volume: BigInt(r.volume),
    quoteVolume: BigInt(r.quote_volume),
    takerBuyVolume: BigInt(r.taker_buy_volume),
    takerBuyQuoteVolume: BigInt(r.taker_buy_quote_volume),
    count: Number(r.trade_count),
    firstTradeId: Number(r.first_trade_id),
    lastTradeId: Number(r.last_trade_id),
  };
}

const clampLimit = (limit: number) => Math.max(1, Math.min(MAX_CANDLE_LIMIT, Math.floor(limit) || 1));

/**
 * A stored bar is replaced only by one as new or newer (its last trade id not lower): a cluster's jobs process that
 * was paused past its lease and writes once more before it learns it lost it cannot put an older bar back over the
 * one its successor wrote.
 * `writeQueries` (the store's): when given, a flush's statements are compiled here and run by the store in one
 * transaction in line with the desk commits (on SQLite on its writer thread), so the request thread neither waits
 * for the write lock nor for the fsync.
 */
export function createCandleStore(store: Kysely<Database>, writeQueries?: (queries: readonly CompiledQuery[]) => Promise<void>): CandleStore {
  const db = store.withTables<{ candles: CandlesTable }>();

  function statements(k: Kysely<Database & { candles: CandlesTable }>, rows: CandlesTable[]) {
    const out: Array<{ compile(): CompiledQuery; execute(): Promise<unknown> }> = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      out.push(k
        .insertInto('candles')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['symbol', 'period', 'open_time']).doUpdateSet((eb) => ({
            close_time: eb.ref('excluded.close_time'),
            open: eb.ref('excluded.open'),
            high: eb.ref('excluded.high'),
            low: eb.ref('excluded.low'),
            close: eb.ref('excluded.close'),
            volume: eb.ref('excluded.volume'),
            quote_volume: eb.ref('excluded.quote_volume'),
            taker_buy_volume: eb.ref('excluded.taker_buy_volume'),
            taker_buy_quote_volume: eb.ref('excluded.taker_buy_quote_volume'),
            trade_count: eb.ref('excluded.trade_count'),
            first_trade_id: eb.ref('excluded.first_trade_id'),
            last_trade_id: eb.ref('excluded.last_trade_id'),
          })).where((eb) => eb('candles.last_trade_id', '<=', eb.ref('excluded.last_trade_id'))),
        ));
    }
    return out;
  }

  async function write(k: Kysely<Database & { candles: CandlesTable }>, rows: CandlesTable[]): Promise<void> {
    for (const q of statements(k, rows)) await q.execute();
  }

  const range: CandleStore['range'] = async (symbol, interval, query) => {
    const limit = clampLimit(query.limit);
    let q = db.selectFrom('candles').selectAll().where('symbol', '=', symbol).where('period', '=', interval);
    if (query.startTime !== undefined) q = q.where('open_time', '>=', query.startTime);
    if (query.endTime !== undefined) q = q.where('open_time', '<=', query.endTime);
    if (query.startTime !== undefined) return (await q.orderBy('open_time', 'asc').limit(limit).execute()).map(fromRow);
    return (await q.orderBy('open_time', 'desc').limit(limit).execute()).map(fromRow).reverse();
  };

  const candles: CandleStore = {
    async upsert(bars) {
      if (bars.length === 0) return;
      const rows = bars.map(toRow);
      // All bars of one flush land together, so every interval's replay watermark agrees after a crash.
      if (writeQueries !== undefined && !db.isTransaction) await writeQueries(statements(db, rows).map((q) => q.compile()));
      else if (db.isTransaction || rows.length <= CHUNK) await write(db, rows);
      else await db.transaction().execute((trx) => write(trx, rows));
    },

    range,
    latest(symbol, interval, limit) {
      return range(symbol, interval, { limit });
    },
  };
  return Object.freeze(candles);
}

/**
 * The candles of a process that serves them and leaves the writing to another: a cluster's gateways, whose jobs
 * process writes (server/cluster/jobs.ts), so one process of a cluster writes each row. Reads are the store's, and
 * `upsert` writes nothing: it keeps the bars (market data's flush hands it each second's) until the writer's have
 * passed them, and reads overlay a kept bar where the store's is behind it (its last trade id lower) or missing. So
 * the bar in progress and the bars the writer has not written yet come from this process's own trades, and the
 * rest from the store, as every gateway reads it.
 *
 * The writer's watermark is the last trade id of its newest one-minute bar: a flush writes every interval's bars in
 * one transaction, and every trade is in a one-minute bar, so the store then has every bar up to that trade as the
 * writer made it. Each upsert reads it once, for the markets with kept bars, and forgets the bars at or below it
 * (what the writer's bar says goes, so every gateway serves the same bar). While no writer runs, the bars are kept:
 * a few per market, interval and period.
 */
export function followCandleStore(store: Kysely<Database>): CandleStore {
  const db = store.withTables<{ candles: CandlesTable }>();
  const stored = createCandleStore(store);
  // Per market and interval, the kept bars by their opening time.
  const kept = new Map<string, Map<number, Candle>>();
  const keyOf = (symbol: string, interval: Interval) => `${symbol} ${interval}`;

  async function forgetWritten(): Promise<void> {
    // Where each market's watermark can be: at or after its oldest kept one-minute bar (the writer's bar of a kept
    // bar's last trade is there or later). A market with none kept (its minute skipped a trade as a replay) has its
    // oldest kept bar of any interval: a trade's one-minute bar opens at or after the opening of every bar it is in.
    const minutes = new Map<string, number>();
    const others = new Map<string, number>();
    for (const bars of kept.values()) {
      for (const c of bars.values()) {
        const oldest = c.interval === '1m' ? minutes : others;
        oldest.set(c.symbol, Math.min(oldest.get(c.symbol) ?? c.openTime, c.openTime));
      }
    }
    const from = new Map([...others, ...minutes]);
    if (from.size === 0) return;
    const rows = await db
      .selectFrom('candles')
      .select((eb) => ['symbol', eb.fn.max('last_trade_id').as('last')])
      .where('period', '=', '1m')
      .where((eb) => eb.or([...from].map(([symbol, openTime]) => eb.and([eb('symbol', '=', symbol), eb('open_time', '>=', openTime)]))))
      .groupBy('symbol')
      .execute();
    const written = new Map(rows.map((r) => [r.symbol, Number(r.last)]));
    for (const [key, bars] of kept) {
      for (const [openTime, c] of bars) if (c.lastTradeId <= (written.get(c.symbol) ?? -1)) bars.delete(openTime);
      if (bars.size === 0) kept.delete(key);
    }
  }

  const range: CandleStore['range'] = async (symbol, interval, query) => {
    const rows = await stored.range(symbol, interval, query);
    const mine = kept.get(keyOf(symbol, interval));
    if (mine === undefined) return rows;
    const byOpen = new Map(rows.map((c) => [c.openTime, c]));
    for (const c of mine.values()) {
      if ((query.startTime !== undefined && c.openTime < query.startTime) || (query.endTime !== undefined && c.openTime > query.endTime)) continue;
      const theirs = byOpen.get(c.openTime);
      if (theirs === undefined || theirs.lastTradeId < c.lastTradeId) byOpen.set(c.openTime, c);
    }
    const all = [...byOpen.values()].sort((a, b) => a.openTime - b.openTime);
    const limit = clampLimit(query.limit);
    return query.startTime !== undefined ? all.slice(0, limit) : all.slice(-limit);
  };

  const candles: CandleStore = {
    async upsert(bars) {
      for (const c of bars) {
        const key = keyOf(c.symbol, c.interval);
        let mine = kept.get(key);
        if (mine === undefined) kept.set(key, (mine = new Map()));
        const before = mine.get(c.openTime);
        if (before === undefined || before.lastTradeId <= c.lastTradeId) mine.set(c.openTime, c);
      }
      await forgetWritten();
    },
    range,
    latest(symbol, interval, limit) {
      return range(symbol, interval, { limit });
    },
  };
  return Object.freeze(candles);
}
