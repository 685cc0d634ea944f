// The /fapi reads the perp store (server/store/perp.ts) has no query for: a market's public trades and their
// candles, mark-price candles, 24-hour statistics, open interest, a user's trades and orders by Binance's ranges,
// funding settlements of every market, and the contract wallet's asset records as Binance's income. Candles are
// summed in SQL per bar (first and last trade numbers, high, low, volumes, count) and only the bars' opening and
// closing rows are read back, so a bar costs the same whatever its number of trades. Every query is portable
// between SQLite and PostgreSQL: money columns are read as text (store/money.ts), bars are integer division of the
// time columns by a literal length.
import { sql, type Kysely } from 'kysely';
import { money, moneySum, toAmount } from '../../store/money.ts';
import type { Database } from '../../store/schema.ts';

type Db = Kysely<Database>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 1970-01-01 was a Thursday; Binance's weeks start on Monday. */
const FIRST_MONDAY = 4 * DAY;

/** Binance's futures kline intervals: fixed bars from the epoch, weeks from Monday, months from the 1st (UTC). */
export const KLINE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '8h', '12h', '1d', '3d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const isKlineInterval = (text: string): text is KlineInterval => (KLINE_INTERVALS as readonly string[]).includes(text);

const FIXED: Readonly<Record<Exclude<KlineInterval, '1M'>, number>> = {
  '1m': MINUTE, '3m': 3 * MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '30m': 30 * MINUTE, '1h': HOUR, '2h': 2 * HOUR, '4h': 4 * HOUR,
  '6h': 6 * HOUR, '8h': 8 * HOUR, '12h': 12 * HOUR, '1d': DAY, '3d': 3 * DAY, '1w': 7 * DAY,
};

/** The SQL bar: a month is summed by day and the days merged here. */
const sqlBar = (i: KlineInterval) => (i === '1M' ? { size: DAY, origin: 0 } : { size: FIXED[i], origin: i === '1w' ? FIRST_MONDAY : 0 });

export function barOpen(i: KlineInterval, time: number): number {
  if (i === '1M') {
    const d = new Date(time);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const { size, origin } = sqlBar(i);
  return Math.floor((time - origin) / size) * size + origin;
}

export function barClose(i: KlineInterval, open: number): number {
  if (i === '1M') {
    const d = new Date(open);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1;
  }
  return open + FIXED[i] - 1;
}

export interface BarRange {
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly limit: number;
}

/** Whole bars only: from the first bar opening at or after startTime to the bar holding endTime. */
function barBounds(i: KlineInterval, r: BarRange): { from?: number; to?: number } {
  const out: { from?: number; to?: number } = {};
  if (r.startTime !== undefined) {
    const open = barOpen(i, r.startTime);
    out.from = open < r.startTime ? barClose(i, open) + 1 : open;
  }
  if (r.endTime !== undefined) out.to = barClose(i, barOpen(i, r.endTime));
  return out;
}

export interface Bar {
  readonly openTime: number;
  readonly closeTime: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: bigint;
  readonly quoteVolume: bigint;
  readonly count: number;
  readonly takerBuyVolume: bigint;
  readonly takerBuyQuoteVolume: bigint;
}

interface Partial {
  open: number;
  firstKey: number;
  lastKey: number;
  high: bigint;
  low: bigint;
  volume: bigint;
  quote: bigint;
  buyVolume: bigint;
  buyQuote: bigint;
  count: number;
}

/** SQL bars (ascending) merged into the interval's bars, keeping the newest or oldest `limit`. */
function merge(i: KlineInterval, rows: Partial[], limit: number, oldestFirst: boolean): Partial[] {
  const bars = new Map<number, Partial>();
  for (const r of rows) {
    const open = barOpen(i, r.open);
    const b = bars.get(open);
    if (b === undefined) {
      bars.set(open, { ...r, open });
      continue;
    }
    b.lastKey = r.lastKey;
    if (r.high > b.high) b.high = r.high;
    if (r.low < b.low) b.low = r.low;
    b.volume += r.volume;
    b.quote += r.quote;
    b.buyVolume += r.buyVolume;
    b.buyQuote += r.buyQuote;
    b.count += r.count;
  }
  const list = [...bars.values()];
  return oldestFirst ? list.slice(0, limit) : list.slice(-limit);
}

const sqlLimit = (i: KlineInterval, limit: number) => (i === '1M' ? limit * 31 : limit);

/** Candles of a market's book trades (ADL closes are not market trades), oldest first. */
export async function tradeBars(db: Db, symbol: string, i: KlineInterval, r: BarRange): Promise<Bar[]> {
  const { size, origin } = sqlBar(i);
  const { from, to } = barBounds(i, r);
  const bar = sql<number>`(${sql.ref('time')} - ${sql.lit(origin)}) / ${sql.lit(size)}`;
  let q = db
    .selectFrom('perp_trades')
    .select([
      bar.as('bar'),
      (eb) => eb.fn.min('trade_no').as('first_no'),
      (eb) => eb.fn.max('trade_no').as('last_no'),
      sql<string>`cast(max(price) as text)`.as('high'),
      sql<string>`cast(min(price) as text)`.as('low'),
      moneySum('qty').as('volume'),
      moneySum('quote').as('quote'),
      sql<string | null>`cast(sum(case when taker_side = 'buy' then qty else 0 end) as text)`.as('buy_volume'),
      sql<string | null>`cast(sum(case when taker_side = 'buy' then quote else 0 end) as text)`.as('buy_quote'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('symbol', '=', symbol)
    .where('via', '=', 'book');
  if (from !== undefined) q = q.where('time', '>=', from);
  if (to !== undefined) q = q.where('time', '<=', to);
  const oldestFirst = r.startTime !== undefined;
  const rows = await q.groupBy(bar).orderBy('bar', oldestFirst ? 'asc' : 'desc').limit(sqlLimit(i, r.limit)).execute();
  if (!oldestFirst) rows.reverse();
  const raw = rows.map((x) => ({
    open: Number(x.bar) * size + origin, firstKey: Number(x.first_no), lastKey: Number(x.last_no), high: toAmount(x.high), low: toAmount(x.low),
    volume: toAmount(x.volume), quote: toAmount(x.quote), buyVolume: toAmount(x.buy_volume), buyQuote: toAmount(x.buy_quote), count: Number(x.n),
  }));
  return closeBars(i, raw, r.limit, oldestFirst, async (ends) => {
    const rows = await db.selectFrom('perp_trades').select(['trade_no', money('price').as('price')]).where('symbol', '=', symbol).where('trade_no', 'in', ends).execute();
    return new Map(rows.map((row) => [Number(row.trade_no), toAmount(row.price)]));
  });
}

/**
 * Merged bars with their open and close: the price of each bar's first and last key (trade number or mark time),
 * read in one query for all bars.
 */
async function closeBars(
  i: KlineInterval, raw: Parameters<typeof merge>[1], limit: number, oldestFirst: boolean, endpoints: (keys: number[]) => Promise<Map<number, bigint>>,
): Promise<Bar[]> {
  const bars = merge(i, raw, limit, oldestFirst);
  if (bars.length === 0) return [];
  const prices = await endpoints([...new Set(bars.flatMap((b) => [b.firstKey, b.lastKey]))]);
  return bars.map((b) => ({
    openTime: b.open, closeTime: barClose(i, b.open), open: prices.get(b.firstKey) ?? 0n, high: b.high, low: b.low, close: prices.get(b.lastKey) ?? 0n,
    volume: b.volume, quoteVolume: b.quote, count: b.count, takerBuyVolume: b.buyVolume, takerBuyQuoteVolume: b.buyQuote,
  }));
}

/** Candles of a market's recorded mark prices (no volumes; `count` is the number of marks), oldest first. */
export async function markBars(db: Db, symbol: string, i: KlineInterval, r: BarRange): Promise<Bar[]> {
  const { size, origin } = sqlBar(i);
  const { from, to } = barBounds(i, r);
  const bar = sql<number>`(${sql.ref('time')} - ${sql.lit(origin)}) / ${sql.lit(size)}`;
  let q = db
    .selectFrom('perp_marks')
    .select([
      bar.as('bar'),
      (eb) => eb.fn.min('time').as('first_time'),
      (eb) => eb.fn.max('time').as('last_time'),
      sql<string>`cast(max(mark) as text)`.as('high'),
      sql<string>`cast(min(mark) as text)`.as('low'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('symbol', '=', symbol);
  if (from !== undefined) q = q.where('time', '>=', from);
  if (to !== undefined) q = q.where('time', '<=', to);
  const oldestFirst = r.startTime !== undefined;
  const rows = await q.groupBy(bar).orderBy('bar', oldestFirst ? 'asc' : 'desc').limit(sqlLimit(i, r.limit)).execute();
  if (!oldestFirst) rows.reverse();
  const raw = rows.map((x) => ({
    open: Number(x.bar) * size + origin, firstKey: Number(x.first_time), lastKey: Number(x.last_time), high: toAmount(x.high), low: toAmount(x.low),
    volume: 0n, quote: 0n, buyVolume: 0n, buyQuote: 0n, count: Number(x.n),
  }));
  return closeBars(i, raw, r.limit, oldestFirst, async (ends) => {
    const rows = await db.selectFrom('perp_marks').select(['time', money('mark').as('mark')]).where('symbol', '=', symbol).where('time', 'in', ends).execute();
    return new Map(rows.map((row) => [Number(row.time), toAmount(row.mark)]));
  });
}

export interface PublicTrade {
  readonly id: number;
  readonly price: bigint;
  readonly qty: bigint;
  readonly quote: bigint;
  readonly takerSide: 'buy' | 'sell';
  readonly time: number;
}

/**
 * A market's book trades, oldest first: from trade `fromId`, or from `startTime` (to `endTime`), or else the newest
 * `limit` (before `endTime` when given).
 */
export async function publicTrades(db: Db, symbol: string, r: { fromId?: number | undefined; startTime?: number | undefined; endTime?: number | undefined; limit: number }): Promise<PublicTrade[]> {
  let q = db
    .selectFrom('perp_trades')
    .select(['trade_no', 'taker_side', 'time', money('price').as('price'), money('qty').as('qty'), money('quote').as('quote')])
    .where('symbol', '=', symbol)
    .where('via', '=', 'book');
  if (r.fromId !== undefined) q = q.where('trade_no', '>=', r.fromId);
  if (r.startTime !== undefined) q = q.where('time', '>=', r.startTime);
  if (r.endTime !== undefined) q = q.where('time', '<=', r.endTime);
  const oldestFirst = r.fromId !== undefined || r.startTime !== undefined;
  const rows = await q.orderBy('trade_no', oldestFirst ? 'asc' : 'desc').limit(r.limit).execute();
  if (!oldestFirst) rows.reverse();
  return rows.map((x) => ({
    id: Number(x.trade_no), price: toAmount(x.price), qty: toAmount(x.qty), quote: toAmount(x.quote), takerSide: x.taker_side === 'sell' ? 'sell' : 'buy', time: Number(x.time),
  }));
}

export interface DayStats {
  readonly symbol: string;
  readonly firstId: number;
  readonly lastId: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly last: bigint;
  readonly lastQty: bigint;
  readonly volume: bigint;
  readonly quoteVolume: bigint;
  readonly count: number;
}

/** Each listed market's book trades since `since`: first and last trade, high, low, volumes, count. */
export async function dayStats(db: Db, symbols: readonly string[], since: number): Promise<Map<string, DayStats>> {
  const out = new Map<string, DayStats>();
  if (symbols.length === 0) return out;
  const rows = await db
    .selectFrom('perp_trades')
    .select([
      'symbol',
      (eb) => eb.fn.min('trade_no').as('first_no'),
      (eb) => eb.fn.max('trade_no').as('last_no'),
      sql<string>`cast(max(price) as text)`.as('high'),
      sql<string>`cast(min(price) as text)`.as('low'),
      moneySum('qty').as('volume'),
      moneySum('quote').as('quote'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('symbol', 'in', [...symbols])
    .where('via', '=', 'book')
    .where('time', '>=', since)
    .groupBy('symbol')
    .execute();
  if (rows.length === 0) return out;
  const ends = await db
    .selectFrom('perp_trades')
    .select(['symbol', 'trade_no', money('price').as('price'), money('qty').as('qty')])
    .where((eb) => eb.or(rows.map((r) => eb.and([eb('symbol', '=', r.symbol), eb('trade_no', 'in', [Number(r.first_no), Number(r.last_no)])]))))
    .execute();
  const at = new Map(ends.map((e) => [`${e.symbol}:${Number(e.trade_no)}`, e]));
  for (const r of rows) {
    const first = at.get(`${r.symbol}:${Number(r.first_no)}`);
    const last = at.get(`${r.symbol}:${Number(r.last_no)}`);
    out.set(r.symbol, {
      symbol: r.symbol, firstId: Number(r.first_no), lastId: Number(r.last_no), open: toAmount(first?.price), high: toAmount(r.high), low: toAmount(r.low),
      last: toAmount(last?.price), lastQty: toAmount(last?.qty), volume: toAmount(r.volume), quoteVolume: toAmount(r.quote), count: Number(r.n),
    });
  }
  return out;
}

/** The last book trade of a market: price and time; undefined before the first. */
export async function lastTrade(db: Db, symbol: string): Promise<{ price: bigint; qty: bigint; time: number } | undefined> {
  const row = await db
    .selectFrom('perp_trades')
    .select(['time', money('price').as('price'), money('qty').as('qty')])
    .where('symbol', '=', symbol)
    .where('via', '=', 'book')
    .orderBy('trade_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : { price: toAmount(row.price), qty: toAmount(row.qty), time: Number(row.time) };
}

/** Open interest: the base coin held long (equal to the short side), minor units. */
export async function openInterest(db: Db, symbol: string): Promise<bigint> {
  const row = await db.selectFrom('perp_positions').select(moneySum('size').as('size')).where('symbol', '=', symbol).where(sql<boolean>`size > 0`).executeTakeFirst();
  return toAmount(row?.size);
}

export interface FundingRow {
  readonly symbol: string;
  readonly time: number;
  readonly rate: bigint;
  readonly mark: bigint;
}

/** Funding settlements, oldest first: from `startTime`, else the newest `limit` (before `endTime` when given). */
export async function fundingHistory(db: Db, r: { symbol?: string | undefined; startTime?: number | undefined; endTime?: number | undefined; limit: number }): Promise<FundingRow[]> {
  let q = db.selectFrom('perp_funding').select(['symbol', 'time', money('rate').as('rate'), money('mark').as('mark')]);
  if (r.symbol !== undefined) q = q.where('symbol', '=', r.symbol);
  if (r.startTime !== undefined) q = q.where('time', '>=', r.startTime);
  if (r.endTime !== undefined) q = q.where('time', '<=', r.endTime);
  const oldestFirst = r.startTime !== undefined;
  const dir = oldestFirst ? 'asc' : 'desc';
  const rows = await q.orderBy('time', dir).orderBy('symbol', dir).limit(r.limit).execute();
  if (!oldestFirst) rows.reverse();
  return rows.map((x) => ({ symbol: x.symbol, time: Number(x.time), rate: toAmount(x.rate), mark: toAmount(x.mark) }));
}

export interface UserTradeRow {
  readonly symbol: string;
  readonly id: number;
  readonly orderId: number;
  readonly side: 'buy' | 'sell';
  readonly maker: boolean;
  readonly price: bigint;
  readonly qty: bigint;
  readonly quote: bigint;
  readonly fee: bigint;
  readonly realizedPnl: bigint;
  readonly time: number;
}

/**
 * A user's trades in one market, oldest first, one row per side the user took (both of a self-trade): of one order,
 * from trade `fromId`, or from `startTime` (to `endTime`), else the newest `limit`.
 */
export async function userTrades(
  db: Db,
  user: number,
  r: { symbol: string; orderId?: number | undefined; fromId?: number | undefined; startTime?: number | undefined; endTime?: number | undefined; limit: number },
): Promise<UserTradeRow[]> {
  let q = db
    .selectFrom('perp_trades')
    .select([
      'symbol', 'trade_no', 'taker_side', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'time',
      ...(['price', 'qty', 'quote', 'taker_fee', 'maker_fee', 'taker_pnl', 'maker_pnl'] as const).map((c) => money(c).as(c)),
    ])
    .where('symbol', '=', r.symbol);
  const orderId = r.orderId;
  q = orderId === undefined
    ? q.where((eb) => eb.or([eb('taker_user', '=', user), eb('maker_user', '=', user)]))
    : q.where((eb) => eb.or([eb.and([eb('taker_user', '=', user), eb('taker_order', '=', orderId)]), eb.and([eb('maker_user', '=', user), eb('maker_order', '=', orderId)])]));
  if (r.fromId !== undefined) q = q.where('trade_no', '>=', r.fromId);
  if (r.startTime !== undefined) q = q.where('time', '>=', r.startTime);
  if (r.endTime !== undefined) q = q.where('time', '<=', r.endTime);
  const oldestFirst = r.fromId !== undefined || r.startTime !== undefined;
  const rows = await q.orderBy('trade_no', oldestFirst ? 'asc' : 'desc').limit(r.limit).execute();
  if (!oldestFirst) rows.reverse();
  const out: UserTradeRow[] = [];
  for (const t of rows) {
    const base = { symbol: t.symbol, id: Number(t.trade_no), price: toAmount(t.price), qty: toAmount(t.qty), quote: toAmount(t.quote), time: Number(t.time) };
    const takerSide = t.taker_side === 'sell' ? 'sell' : 'buy';
    if (Number(t.taker_user) === user && (orderId === undefined || Number(t.taker_order) === orderId)) {
      out.push({ ...base, orderId: Number(t.taker_order), side: takerSide, maker: false, fee: toAmount(t.taker_fee), realizedPnl: toAmount(t.taker_pnl) });
    }
    if (Number(t.maker_user) === user && (orderId === undefined || Number(t.maker_order) === orderId)) {
      out.push({ ...base, orderId: Number(t.maker_order), side: takerSide === 'buy' ? 'sell' : 'buy', maker: true, fee: toAmount(t.maker_fee), realizedPnl: toAmount(t.maker_pnl) });
    }
  }
  return out;
}

export interface OrderRange {
  readonly symbol: string;
  readonly fromId?: number | undefined;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly limit: number;
  /** From 1: pages of `limit` in (the Algo API's `page`). */
  readonly page?: number | undefined;
}

/**
 * Ids of a user's orders in one market, oldest first: from order `fromId`, or from `startTime` (to `endTime`), else
 * the newest `limit`. Plain orders (`/allOrders`) or, with `conditional`, conditional ones (the Algo API's).
 */
export async function orderIds(db: Db, user: number, r: OrderRange, conditional = false): Promise<number[]> {
  let q = db.selectFrom('perp_orders').select('id').where('user_id', '=', user).where('symbol', '=', r.symbol).where('trigger_price', conditional ? 'is not' : 'is', null);
  if (r.fromId !== undefined) q = q.where('id', '>=', r.fromId);
  if (r.startTime !== undefined) q = q.where('created_at', '>=', r.startTime);
  if (r.endTime !== undefined) q = q.where('created_at', '<=', r.endTime);
  const oldestFirst = r.fromId !== undefined || r.startTime !== undefined;
  const page = q.orderBy('id', oldestFirst ? 'asc' : 'desc').limit(r.limit).offset(((r.page ?? 1) - 1) * r.limit);
  const ids = (await page.execute()).map((x) => Number(x.id));
  if (!oldestFirst) ids.reverse();
  return ids;
}

/** When each of a user's positions (and settings) last changed, by symbol. */
export async function positionTimes(db: Db, user: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('perp_positions').select(['symbol', 'updated_at']).where('user_id', '=', user).execute();
  return new Map(rows.map((r) => [r.symbol, Number(r.updated_at)]));
}

/** The time of the user's last contract-wallet change in `asset` (0 when there was none: Binance's unused asset). */
export async function lastWalletChange(db: Db, user: number, asset: string): Promise<number> {
  const row = await db
    .selectFrom('asset_records')
    .select((eb) => eb.fn.max('time').as('time'))
    .where('user_id', '=', user)
    .where('wallet', '=', 'contract')
    .where('asset', '=', asset)
    .executeTakeFirst();
  return row?.time === null || row?.time === undefined ? 0 : Number(row.time);
}

// ---- income -------------------------------------------------------------------------------------------------

/** Binance's income types and the contract wallet's record types behind each. */
export const INCOME_RECORDS = {
  TRANSFER: ['transfer_in', 'transfer_out', 'admin_credit', 'admin_debit'],
  REALIZED_PNL: ['contract_income'],
  FUNDING_FEE: ['holding_fee'],
  COMMISSION: ['open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee'],
  INSURANCE_CLEAR: ['liquidation_fee'],
} as const;
export type IncomeType = keyof typeof INCOME_RECORDS;
const TYPE_OF = new Map<string, IncomeType>(
  (Object.entries(INCOME_RECORDS) as Array<[IncomeType, readonly string[]]>).flatMap(([income, records]) => records.map((r) => [r, income] as const)),
);

export interface IncomeRow {
  readonly id: number;
  readonly type: IncomeType;
  /** '' for transfers. */
  readonly symbol: string;
  readonly asset: string;
  /** Signed change of the wallet balance (for REALIZED_PNL: the trade's realized profit or loss). */
  readonly income: bigint;
  /** The trade number of REALIZED_PNL and COMMISSION; null for the others. */
  readonly tradeId: number | null;
  readonly time: number;
}

/** `perp:trade:BTCUSDT:7` → BTCUSDT and 7; `perp:funding:BTCUSDT:…`, `perp:liquidation:BTCUSDT:…` → BTCUSDT. */
function refParts(ref: string): { symbol: string; trade: number | null } {
  const parts = ref.split(':');
  if (parts[0] !== 'perp' || parts.length < 3) return { symbol: '', trade: null };
  const trade = parts[1] === 'trade' && parts[3] !== undefined && /^\d+$/.test(parts[3]) ? Number(parts[3]) : null;
  return { symbol: parts[2] ?? '', trade };
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A user's contract-wallet income, oldest first: records of the given income types (all by default) and market
 * between `since` and `endTime`; the oldest `limit` when `oldestFirst`, else the newest; `page` pages of `limit` in.
 */
export async function income(
  db: Db,
  user: number,
  r: {
    symbol?: string | undefined; types?: readonly IncomeType[] | undefined; since?: number | undefined; endTime?: number | undefined; oldestFirst: boolean;
    limit: number; page: number;
  },
): Promise<IncomeRow[]> {
  const types = (r.types ?? (Object.keys(INCOME_RECORDS) as IncomeType[])).flatMap((t) => [...INCOME_RECORDS[t]]);
  if (types.length === 0) return [];
  let q = db
    .selectFrom('asset_records')
    .select(['id', 'type', 'asset', 'ref', 'time', money('amount').as('amount'), money('frozen').as('frozen')])
    .where('user_id', '=', user)
    .where('wallet', '=', 'contract')
    .where('type', 'in', types);
  if (r.symbol !== undefined) q = q.where(sql<boolean>`${sql.ref('ref')} like ${`perp:%:${likeEscape(r.symbol)}:%`} escape '\\'`);
  if (r.since !== undefined) q = q.where('time', '>=', r.since);
  if (r.endTime !== undefined) q = q.where('time', '<=', r.endTime);
  const oldestFirst = r.oldestFirst;
  const dir = oldestFirst ? 'asc' : 'desc';
  const rows = await q.orderBy('time', dir).orderBy('id', dir).limit(r.limit).offset((r.page - 1) * r.limit).execute();
  if (!oldestFirst) rows.reverse();
  const parsed = rows.map((x) => ({ ...x, parts: refParts(x.ref) }));
  // Realized P&L is the trade's, not the record's: a closing fill's record also carries the margin it released.
  const pnl = new Map<string, bigint>();
  const closes = parsed.filter((x) => x.type === 'contract_income' && x.parts.trade !== null);
  if (closes.length > 0) {
    const trades = await db
      .selectFrom('perp_trades')
      .select(['symbol', 'trade_no', 'taker_user', 'maker_user', money('taker_pnl').as('taker_pnl'), money('maker_pnl').as('maker_pnl')])
      .where((eb) => eb.or(closes.map((c) => eb.and([eb('symbol', '=', c.parts.symbol), eb('trade_no', '=', c.parts.trade!)]))))
      .execute();
    for (const t of trades) {
      let sum = 0n;
      if (Number(t.taker_user) === user) sum += toAmount(t.taker_pnl);
      if (Number(t.maker_user) === user) sum += toAmount(t.maker_pnl);
      pnl.set(`${t.symbol}:${Number(t.trade_no)}`, sum);
    }
  }
  return parsed.map((x) => {
    const type = TYPE_OF.get(x.type)!;
    const change = toAmount(x.amount) + toAmount(x.frozen);
    const trade = x.parts.trade;
    return {
      id: Number(x.id),
      type,
      symbol: type === 'TRANSFER' ? '' : x.parts.symbol,
      asset: x.asset,
      income: type === 'REALIZED_PNL' && trade !== null ? (pnl.get(`${x.parts.symbol}:${trade}`) ?? change) : change,
      tradeId: type === 'REALIZED_PNL' || type === 'COMMISSION' ? trade : null,
      time: Number(x.time),
    };
  });
}
