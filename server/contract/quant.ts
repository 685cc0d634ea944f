// Quantitative trading (issue 24): the /app API's shapes and paths, the user stream's event, and the one P&L
// formula the server reports and the browser recomputes live from the ticker (pure: no Node imports, no clock).
//
// What a bot is, said plainly: a program on the server that places ordinary spot orders under the user's own account
// (each carries the bot's id as Binance's strategyId, and QUANT_STRATEGY_TYPE as its strategyType), with money the
// user set aside for it when it started (its "pocket": frozen in the coin wallet, spent by the bot's orders only,
// proceeds back into it), and gives everything back when it stops. Nothing promises a profit: every figure comes
// from the bot's own fills and fees, a loss included.
//
// The robot (spec: start → queue → capture market prices → execute buy → execute sell → end): waits its turn in the
// scheduler, reads the book and the recent trades, buys at the market with its investment, rests a take-profit limit
// sell, and sells at the market when the last price falls to its stop or its time limit (2 minutes by default) is
// up; it then ends with its realized P&L after fees. The grid bot (as Binance's and Pionex's spot grids): a ladder of
// limit orders between two prices (quant-grid.ts), each fill placing the opposite order one grid away.
//
// Amounts and prices are decimal text, rates in basis points, times Unix milliseconds.

import type { GridMode } from './quant-grid.ts';

export const QUANT_PATHS = {
  /** GET, public: the strategies with their limits (minimum investment, ranges, defaults). */
  strategies: '/app/quant/strategies',
  /** POST, session: QuantStartBody → QuantBotView. */
  start: '/app/quant/start',
  /** POST, session: { botId, sellBase? } → QuantBotView (stopped). */
  stop: '/app/quant/stop',
  /** GET, session: the user's bots, newest first (`status`: running | ended | all; `kind`; pageIndex, pageSize). */
  list: '/app/quant/list',
  /** GET, session: { botId } → QuantBotDetail. */
  detail: '/app/quant/detail',
  /** POST, public: QuantBacktestBody → QuantBacktestResult. */
  backtest: '/app/quant/backtest',
} as const;

/** The user stream's topic of bot changes (`user.<id>.quant` inside the server). */
export const QUANT_TOPIC = 'quant';

export type QuantKind = 'robot' | 'grid';
export const QUANT_KINDS: readonly QuantKind[] = ['robot', 'grid'];

/** Binance's strategyType of a bot's orders (Binance asks for values ≥ 1,000,000); the order's strategyId is the bot. */
export const QUANT_STRATEGY_TYPE = 1_000_024;

/** running: trading; ended: stopped by the user, its own end (robot) or an operator, its funds back. */
export type QuantStatus = 'running' | 'ended';
export const QUANT_STATUSES: readonly QuantStatus[] = ['running', 'ended'];

/** The robot's stages, in order (spec §1). `start` is the moment it was accepted. */
export type RobotStage = 'start' | 'queue' | 'capture' | 'buy' | 'sell' | 'end';
export const ROBOT_STAGES: readonly RobotStage[] = ['start', 'queue', 'capture', 'buy', 'sell', 'end'];

/** Why a bot ended. */
export type QuantEndReason = 'take_profit' | 'stop_loss' | 'time_limit' | 'user' | 'operator' | 'no_fill';

export const QUANT_CODES = [
  'quant.kind.invalid', 'quant.investment.invalid', 'quant.investment.below.min', 'quant.bot.not.found', 'quant.bot.ended',
  'quant.bots.too.many', 'quant.duration.invalid', 'quant.take.profit.invalid', 'quant.stop.loss.invalid', 'quant.order.bot.owned',
  'quant.market.no.price', 'quant.fund.password.required', 'quant.backtest.no.history',
] as const;
export type QuantCode = (typeof QUANT_CODES)[number];

/** Limits and defaults (the operator may raise the minimums: `npm run admin -- quant config`). */
export const ROBOT_DURATION_MIN_S = 60;
export const ROBOT_DURATION_MAX_S = 1800;
export const ROBOT_DURATION_DEFAULT_S = 120;
export const ROBOT_TAKE_PROFIT_DEFAULT_BPS = 30;
export const ROBOT_STOP_LOSS_DEFAULT_BPS = 50;
export const ROBOT_BPS_MIN = 5;
export const ROBOT_BPS_MAX = 2000;
/** Bots a user may run at once. */
export const QUANT_MAX_RUNNING = 20;
/** The minimum investments when the operator has set none (quote coin units, decimal). */
export const QUANT_DEFAULT_MIN = { robot: '10', grid: '20' } as const;

export interface QuantStrategy {
  readonly kind: QuantKind;
  /** Minimum investment in the market's quote coin. */
  readonly minInvestment: string;
  readonly quoteAsset: string;
  readonly durationS?: { readonly min: number; readonly max: number; readonly default: number };
  readonly takeProfitBps?: { readonly min: number; readonly max: number; readonly default: number };
  readonly stopLossBps?: { readonly min: number; readonly max: number; readonly default: number };
  readonly grids?: { readonly min: number; readonly max: number };
  readonly maxRunning: number;
}

export interface RobotStartBody {
  readonly kind: 'robot';
  readonly symbol: string;
  readonly investment: string;
  readonly durationS?: number;
  readonly takeProfitBps?: number;
  readonly stopLossBps?: number;
  readonly fundPassword: string;
  readonly clientId?: string;
}

export interface GridStartBody {
  readonly kind: 'grid';
  readonly symbol: string;
  readonly investment: string;
  readonly lower: string;
  readonly upper: string;
  readonly grids: number;
  readonly mode: GridMode;
  readonly fundPassword: string;
  readonly clientId?: string;
}

export type QuantStartBody = RobotStartBody | GridStartBody;

export interface QuantBacktestBody {
  readonly symbol: string;
  readonly investment: string;
  readonly lower: string;
  readonly upper: string;
  readonly grids: number;
  readonly mode: GridMode;
  /** Days of recorded history to replay, 1 to 7 (default 7). */
  readonly days?: number;
}

export interface RobotConfig {
  readonly durationS: number;
  readonly takeProfitBps: number;
  readonly stopLossBps: number;
}

export interface GridConfig {
  readonly lower: string;
  readonly upper: string;
  readonly grids: number;
  readonly mode: GridMode;
  /** The ladder's prices, lowest first. */
  readonly levels: readonly string[];
  readonly sellQty: string;
  readonly buyQty: string;
}

/** One robot stage as it happened: when, and what it saw or did. */
export interface RobotStageView {
  readonly stage: RobotStage;
  readonly time: number;
  /** capture: best bid/ask, last price, the recent trades read and their volume-weighted price. */
  readonly bid?: string;
  readonly ask?: string;
  readonly last?: string;
  readonly trades?: number;
  readonly vwap?: string;
  /** buy, sell: the order, its average price, base quantity, quote and fee. */
  readonly orderId?: number;
  readonly price?: string;
  readonly qty?: string;
  readonly quote?: string;
  readonly fee?: string;
  readonly feeAsset?: string;
  /** sell: the take-profit limit price and the stop price set after the buy. */
  readonly takeProfit?: string;
  readonly stopLoss?: string;
  readonly deadline?: number;
  readonly reason?: QuantEndReason;
}

export interface QuantBotView {
  readonly id: number;
  readonly kind: QuantKind;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly status: QuantStatus;
  /** The robot's current stage; null for a grid. */
  readonly stage: RobotStage | null;
  readonly createdAt: number;
  readonly endedAt: number | null;
  readonly endReason: QuantEndReason | null;
  /** Quote the user put in. */
  readonly investment: string;
  /** What the bot holds outside its orders, and inside its open orders. */
  readonly pocketBase: string;
  readonly pocketQuote: string;
  readonly orderBase: string;
  readonly orderQuote: string;
  /** Open orders now, fills so far, and their totals. */
  readonly openOrders: number;
  readonly fills: number;
  readonly boughtBase: string;
  readonly boughtQuote: string;
  readonly soldBase: string;
  readonly soldQuote: string;
  readonly feeBase: string;
  readonly feeQuote: string;
  /** Grid: completed round trips and their profit after fees (quote). */
  readonly rounds: number;
  readonly gridProfit: string;
  /** At the end: the quote and base given back to the user's available balance. */
  readonly returnedBase: string;
  readonly returnedQuote: string;
  /** The last trade price when this view was made (null: no trade yet). */
  readonly last: string | null;
  readonly robot: RobotConfig | null;
  readonly grid: GridConfig | null;
  readonly stages: readonly RobotStageView[];
}

export interface QuantBotDetail {
  readonly bot: QuantBotView;
  /** The bot's open orders (ordinary spot orders, strategyId = bot id). */
  readonly orders: ReadonlyArray<{ orderId: number; side: 'buy' | 'sell'; price: string; qty: string; filled: string; level: number | null; time: number }>;
  /** Its latest fills, newest first (at most 100). */
  readonly trades: ReadonlyArray<{ tradeId: number; orderId: number; side: 'buy' | 'sell'; price: string; qty: string; quote: string; fee: string; feeAsset: string; time: number }>;
}

export interface QuantBacktestFill {
  readonly time: number;
  readonly side: 'buy' | 'sell';
  readonly price: string;
  readonly level: number;
}

export interface QuantBacktestResult {
  readonly symbol: string;
  readonly from: number;
  readonly to: number;
  /** Bars replayed (1m candles) and the bars for the chart (15m: time, open, high, low, close). */
  readonly bars: number;
  readonly chart: ReadonlyArray<readonly [number, string, string, string, string]>;
  readonly levels: readonly string[];
  readonly fills: readonly QuantBacktestFill[];
  readonly rounds: number;
  readonly gridProfit: string;
  /** Value at the end (quote + base at the last close) minus the investment, and as % of it (bps). */
  readonly pnl: string;
  readonly pnlBps: number;
  /** pnl over the period, scaled to a year, in bps (simple, not compounded). */
  readonly annualizedBps: number;
  readonly fees: string;
}

export interface QuantBotEvent {
  readonly type: 'quant';
  readonly bot: QuantBotView;
}

const SCALE = 100_000_000n;

/** Decimal text with up to 8 places → units of 10^-8 (no sign handling beyond a leading minus). */
export function toUnits(text: string): bigint {
  const neg = text.startsWith('-');
  const [i, f = ''] = (neg ? text.slice(1) : text).split('.');
  const v = BigInt(i || '0') * SCALE + BigInt((f + '00000000').slice(0, 8));
  return neg ? -v : v;
}

/** Units of 10^-8 → decimal text without trailing zeros. */
export function fromUnits(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const f = (a % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${a / SCALE}${f ? `.${f}` : ''}`;
}

/**
 * A bot's P&L at a price: everything it holds (its pocket and its open orders, base valued at `last`) minus the
 * investment, in the quote coin, rounded down to the unit; and as a share of the investment in bps (rounded toward
 * zero). An ended bot's is what it gave back minus the investment. The server and the browser both use this.
 */
export function botPnl(b: Pick<QuantBotView, 'status' | 'investment' | 'pocketBase' | 'pocketQuote' | 'orderBase' | 'orderQuote' | 'returnedBase' | 'returnedQuote'>, last: string | null): { pnl: bigint; bps: number } {
  const inv = toUnits(b.investment);
  const px = last === null ? 0n : toUnits(last);
  const ended = b.status === 'ended';
  const base = ended ? toUnits(b.returnedBase) : toUnits(b.pocketBase) + toUnits(b.orderBase);
  const quote = ended ? toUnits(b.returnedQuote) : toUnits(b.pocketQuote) + toUnits(b.orderQuote);
  const value = base * px;
  const floorDiv = (a: bigint, d: bigint) => (a >= 0n ? a / d : -((-a + d - 1n) / d));
  const pnl = quote + floorDiv(value, SCALE) - inv;
  return { pnl, bps: inv === 0n ? 0 : Number((pnl * 10_000n) / inv) };
}

/** A P&L in bps over `ms`, scaled to a year (simple); 0 before a minute has passed. */
export function annualizedBps(bps: number, ms: number): number {
  if (ms < 60_000) return 0;
  return Math.trunc((bps * 365 * 86_400_000) / ms);
}
