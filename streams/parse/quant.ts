// Parsers for the quantitative bots' payloads (contract/quant.ts): the `quant` topic's events and the /app/quant
// replies (the web app's REST client reads the same items with these). Amounts and prices must be exact decimals of
// at most 8 places (the page recomputes the P&L from them with botPnl), times whole milliseconds, or the item is
// refused: a half-read bot would show a wrong P&L.
import {
  GRID_MODES, QUANT_KINDS, QUANT_STATUSES, ROBOT_STAGES,
  type GridConfig, type QuantBacktestFill, type QuantBacktestResult, type QuantBotDetail, type QuantBotView, type QuantEndReason, type QuantKind,
  type QuantStrategy, type RobotConfig, type RobotStageView,
} from '../contract.ts';
import { unitsOrNull } from '../decimal.ts';
import { isInteger, isRecord, isString, parseList, type Parser } from './basic.ts';

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);
/** Non-negative exact decimal text (no sign, at most 8 places). */
const exact = (v: unknown): v is string => isString(v) && !v.startsWith('-') && !v.startsWith('+') && unitsOrNull(v, 8) !== null;
/** Exact decimal text that may be negative (a P&L). */
const signed = (v: unknown): v is string => isString(v) && !v.startsWith('+') && unitsOrNull(v.startsWith('-') ? v.slice(1) : v, 8) !== null;
const intOrNull = (v: unknown): v is number | null => v === null || isInteger(v);
const optional = <T>(v: unknown, check: (x: unknown) => x is T): v is T | undefined => v === undefined || check(v);

export const QUANT_END_REASONS: readonly QuantEndReason[] = ['take_profit', 'stop_loss', 'time_limit', 'user', 'operator', 'no_fill'];

const range = (v: unknown): { min: number; max: number; default: number } | null | undefined => {
  if (v === undefined || v === null) return undefined;
  if (!isRecord(v) || !isInteger(v.min) || !isInteger(v.max) || !isInteger(v.default)) return null;
  return { min: v.min, max: v.max, default: v.default };
};

export const parseQuantStrategy: Parser<QuantStrategy> = (v) => {
  if (!isRecord(v) || !oneOf<QuantKind>(QUANT_KINDS, v.kind) || !exact(v.minInvestment) || !isString(v.quoteAsset) || !isInteger(v.maxRunning)) return null;
  const durationS = range(v.durationS);
  const takeProfitBps = range(v.takeProfitBps);
  const stopLossBps = range(v.stopLossBps);
  if (durationS === null || takeProfitBps === null || stopLossBps === null) return null;
  let grids: { min: number; max: number } | undefined;
  if (v.grids !== undefined && v.grids !== null) {
    if (!isRecord(v.grids) || !isInteger(v.grids.min) || !isInteger(v.grids.max)) return null;
    grids = { min: v.grids.min, max: v.grids.max };
  }
  return {
    kind: v.kind, minInvestment: v.minInvestment, quoteAsset: v.quoteAsset, maxRunning: v.maxRunning,
    ...(durationS ? { durationS } : {}), ...(takeProfitBps ? { takeProfitBps } : {}), ...(stopLossBps ? { stopLossBps } : {}), ...(grids ? { grids } : {}),
  };
};

/** The strategies: a bare array, or `{list}` / `{strategies}`. */
export const parseQuantStrategies: Parser<QuantStrategy[]> = (v) =>
  parseList(Array.isArray(v) ? v : isRecord(v) ? (v.list ?? v.strategies) : null, parseQuantStrategy);

export const parseRobotStage: Parser<RobotStageView> = (v) => {
  if (!isRecord(v) || !oneOf(ROBOT_STAGES, v.stage) || !isInteger(v.time)) return null;
  for (const k of ['bid', 'ask', 'last', 'vwap', 'price', 'qty', 'quote', 'fee', 'takeProfit', 'stopLoss'] as const) if (!optional(v[k], exact)) return null;
  if (!optional(v.trades, isInteger) || !optional(v.orderId, isInteger) || !optional(v.deadline, isInteger) || !optional(v.feeAsset, isString)) return null;
  if (v.reason !== undefined && !oneOf(QUANT_END_REASONS, v.reason)) return null;
  const out: Record<string, unknown> = { stage: v.stage, time: v.time };
  for (const k of ['bid', 'ask', 'last', 'trades', 'vwap', 'orderId', 'price', 'qty', 'quote', 'fee', 'feeAsset', 'takeProfit', 'stopLoss', 'deadline', 'reason'] as const) {
    if (v[k] !== undefined) out[k] = v[k];
  }
  return out as unknown as RobotStageView;
};

const parseRobotConfig = (v: unknown): RobotConfig | null | undefined => {
  if (v === null) return undefined;
  if (!isRecord(v) || !isInteger(v.durationS) || !isInteger(v.takeProfitBps) || !isInteger(v.stopLossBps)) return null;
  return { durationS: v.durationS, takeProfitBps: v.takeProfitBps, stopLossBps: v.stopLossBps };
};

const parseGridConfig = (v: unknown): GridConfig | null | undefined => {
  if (v === null) return undefined;
  if (!isRecord(v) || !exact(v.lower) || !exact(v.upper) || !isInteger(v.grids) || !oneOf(GRID_MODES, v.mode) || !exact(v.sellQty) || !exact(v.buyQty)) return null;
  const levels = parseList(v.levels, (x) => (exact(x) ? x : null));
  if (levels === null) return null;
  return { lower: v.lower, upper: v.upper, grids: v.grids, mode: v.mode, levels, sellQty: v.sellQty, buyQty: v.buyQty };
};

const BOT_AMOUNTS = [
  'investment', 'pocketBase', 'pocketQuote', 'orderBase', 'orderQuote', 'boughtBase', 'boughtQuote', 'soldBase', 'soldQuote', 'feeBase', 'feeQuote',
  'returnedBase', 'returnedQuote',
] as const;

export const parseQuantBot: Parser<QuantBotView> = (v) => {
  if (!isRecord(v) || !isInteger(v.id) || !oneOf<QuantKind>(QUANT_KINDS, v.kind) || !isString(v.symbol) || !isString(v.base) || !isString(v.quote)) return null;
  if (!oneOf(QUANT_STATUSES, v.status) || !(v.stage === null || oneOf(ROBOT_STAGES, v.stage))) return null;
  if (!isInteger(v.createdAt) || !intOrNull(v.endedAt) || !(v.endReason === null || oneOf(QUANT_END_REASONS, v.endReason))) return null;
  const a = {} as Record<(typeof BOT_AMOUNTS)[number], string>;
  for (const k of BOT_AMOUNTS) {
    const x = v[k];
    if (!exact(x)) return null;
    a[k] = x;
  }
  if (!isInteger(v.openOrders) || !isInteger(v.fills) || !isInteger(v.rounds) || !signed(v.gridProfit) || !(v.last === null || exact(v.last))) return null;
  const robot = parseRobotConfig(v.robot);
  const grid = parseGridConfig(v.grid);
  if (robot === null || grid === null) return null;
  const stages = parseList(v.stages, parseRobotStage);
  if (stages === null) return null;
  return {
    id: v.id, kind: v.kind, symbol: v.symbol, base: v.base, quote: v.quote, status: v.status, stage: v.stage, createdAt: v.createdAt, endedAt: v.endedAt,
    endReason: v.endReason, ...a, openOrders: v.openOrders, fills: v.fills, rounds: v.rounds, gridProfit: v.gridProfit,
    last: v.last, robot: robot ?? null, grid: grid ?? null, stages,
  };
};

export interface QuantPageOf<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** A page of the list path: `{list, total, pageIndex, pageSize}`. */
export const parseQuantBotPage: Parser<QuantPageOf<QuantBotView>> = (v) => {
  if (!isRecord(v)) return null;
  const list = parseList(v.list, parseQuantBot);
  if (list === null || !isInteger(v.total) || !isInteger(v.pageIndex) || !isInteger(v.pageSize)) return null;
  return { list, total: v.total, pageIndex: v.pageIndex, pageSize: v.pageSize };
};

type DetailOrder = QuantBotDetail['orders'][number];
type DetailTrade = QuantBotDetail['trades'][number];
const side = (v: unknown): v is 'buy' | 'sell' => v === 'buy' || v === 'sell';

const parseDetailOrder: Parser<DetailOrder> = (v) => {
  if (!isRecord(v) || !isInteger(v.orderId) || !side(v.side) || !exact(v.price) || !exact(v.qty) || !exact(v.filled) || !intOrNull(v.level) || !isInteger(v.time)) return null;
  return { orderId: v.orderId, side: v.side, price: v.price, qty: v.qty, filled: v.filled, level: v.level, time: v.time };
};

const parseDetailTrade: Parser<DetailTrade> = (v) => {
  if (!isRecord(v) || !isInteger(v.tradeId) || !isInteger(v.orderId) || !side(v.side) || !exact(v.price) || !exact(v.qty) || !exact(v.quote)) return null;
  if (!exact(v.fee) || !isString(v.feeAsset) || !isInteger(v.time)) return null;
  return { tradeId: v.tradeId, orderId: v.orderId, side: v.side, price: v.price, qty: v.qty, quote: v.quote, fee: v.fee, feeAsset: v.feeAsset, time: v.time };
};

export const parseQuantBotDetail: Parser<QuantBotDetail> = (v) => {
  if (!isRecord(v)) return null;
  const bot = parseQuantBot(v.bot);
  const orders = parseList(v.orders, parseDetailOrder);
  const trades = parseList(v.trades, parseDetailTrade);
  return bot === null || orders === null || trades === null ? null : { bot, orders, trades };
};

const parseBacktestFill: Parser<QuantBacktestFill> = (v) => {
  if (!isRecord(v) || !isInteger(v.time) || !side(v.side) || !exact(v.price) || !isInteger(v.level)) return null;
  return { time: v.time, side: v.side, price: v.price, level: v.level };
};

type ChartBar = QuantBacktestResult['chart'][number];
const parseChartBar: Parser<ChartBar> = (v) => {
  if (!Array.isArray(v) || v.length !== 5 || !isInteger(v[0])) return null;
  const [t, o, h, l, c] = v as unknown[];
  if (!exact(o) || !exact(h) || !exact(l) || !exact(c)) return null;
  return [t as number, o, h, l, c] as const;
};

export const parseQuantBacktest: Parser<QuantBacktestResult> = (v) => {
  if (!isRecord(v) || !isString(v.symbol) || !isInteger(v.from) || !isInteger(v.to) || !isInteger(v.bars) || !isInteger(v.rounds)) return null;
  if (!signed(v.gridProfit) || !signed(v.pnl) || !isInteger(v.pnlBps) || !isInteger(v.annualizedBps) || !exact(v.fees)) return null;
  const chart = parseList(v.chart, parseChartBar);
  const levels = parseList(v.levels, (x) => (exact(x) ? x : null));
  const fills = parseList(v.fills, parseBacktestFill);
  if (chart === null || levels === null || fills === null) return null;
  return {
    symbol: v.symbol, from: v.from, to: v.to, bars: v.bars, chart, levels, fills, rounds: v.rounds, gridProfit: v.gridProfit, pnl: v.pnl, pnlBps: v.pnlBps,
    annualizedBps: v.annualizedBps, fees: v.fees,
  };
};

/** The `quant` topic's event: `{ type: 'quant', bot }` (a bare bot is read too). */
export const parseQuantEvent: Parser<QuantBotView> = (v) => {
  if (isRecord(v) && v.type === 'quant') return parseQuantBot(v.bot);
  return parseQuantBot(v);
};
