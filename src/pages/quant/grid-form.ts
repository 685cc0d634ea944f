// The spot grid's form rules, pure so they are tested in node: the market's tick, lot and minimums read from the
// public exchange info, the range prefilled around the last price on the tick, the live preview computed with the
// server's own module (contract/quant-grid.ts: the ladder, the profit per grid after fees, the orders' quantity or
// why the server would refuse them), the checks before a start, the backtest's request, a bot's figures live from a
// last price (botPnl, annualizedBps) and the bot page's ladder (levels top down, the bot's orders on them).
// Money stays in bigint units of 10^-8 end to end; nothing here promises a yield, every figure is arithmetic.
import {
  annualizedBps, botPnl, fromUnits, GRID_MAX, GRID_MIN, gridLevels, planGrid, profitRange, toUnits,
  type GridMode, type GridPlan, type QuantBacktestBody, type QuantBotDetail, type QuantBotView, type QuantGridCode,
} from '../../contract.ts';

/** The taker fee rate assumed when the user's own is not known (0.1 %), in ppm. */
export const DEFAULT_FEE_PPM = 1000;
/** The range prefilled around the last price: ±5 %. */
export const DEFAULT_SPREAD_BPS = 500n;
export const DEFAULT_GRIDS = 10;
/** Days of recorded history a backtest replays (the server's maximum). */
export const BACKTEST_DAYS = 7;

const SCALE = 100_000_000n;
const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;

/** Plain decimal text of at most 12 integer digits and 8 places (what the server takes) → units; null otherwise. */
export function unitsOf(text: string): bigint | null {
  const t = text.trim();
  return DECIMAL.test(t) ? toUnits(t) : null;
}

/** Places of a step given as units (0.01 → 2; 1 → 0). */
export function decimalsOf(step: bigint): number {
  let d = 8;
  let s = step;
  while (d > 0 && s % 10n === 0n) {
    s /= 10n;
    d--;
  }
  return d;
}

/** Units as decimal text with exactly `decimals` places (cut, never rounded: callers pass values on the step). */
export function unitsText(v: bigint, decimals: number): string {
  const text = fromUnits(v);
  const [i, f = ''] = text.split('.');
  return decimals === 0 ? i! : `${i}.${f.padEnd(decimals, '0').slice(0, decimals)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The market

export interface GridMarket {
  /** Price tick, lot, smallest quantity (base) and smallest notional (quote), in units of 10^-8. */
  readonly tick: bigint;
  readonly lot: bigint;
  readonly minQty: bigint;
  readonly minNotional: bigint;
  /** Places of the tick and of the lot, for display. */
  readonly priceDecimals: number;
  readonly qtyDecimals: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const unitsField = (v: unknown): bigint | null => (typeof v === 'string' ? unitsOf(v) : null);

/** The grid's view of `symbol` in an /api/v3/exchangeInfo reply (Binance's filters), or null if it lacks one. */
export function parseGridMarket(reply: unknown, symbol: string): GridMarket | null {
  if (!isObject(reply) || !Array.isArray(reply['symbols'])) return null;
  const entry = reply['symbols'].find((s): s is Record<string, unknown> => isObject(s) && s['symbol'] === symbol);
  const filters: unknown = entry?.['filters'];
  if (!Array.isArray(filters)) return null;
  const filter = (type: string) => filters.find((f): f is Record<string, unknown> => isObject(f) && f['filterType'] === type);
  const tick = unitsField(filter('PRICE_FILTER')?.['tickSize']);
  const lot = unitsField(filter('LOT_SIZE')?.['stepSize']);
  const minQty = unitsField(filter('LOT_SIZE')?.['minQty']) ?? lot;
  const minNotional = unitsField(filter('NOTIONAL')?.['minNotional']) ?? unitsField(filter('MIN_NOTIONAL')?.['minNotional']) ?? 0n;
  if (tick === null || lot === null || minQty === null || tick <= 0n || lot <= 0n) return null;
  return { tick, lot, minQty, minNotional, priceDecimals: decimalsOf(tick), qtyDecimals: decimalsOf(lot) };
}

// ---------------------------------------------------------------------------------------------------------------
// The draft and its defaults

export interface GridDraft {
  readonly lower: string;
  readonly upper: string;
  readonly grids: string;
  readonly mode: GridMode;
  readonly investment: string;
}

/** The range ±`spreadBps` around the last price: the lower bound rounded down to the tick, the upper one up. */
export function defaultRange(last: bigint, m: GridMarket, spreadBps = DEFAULT_SPREAD_BPS): { lower: string; upper: string } {
  const lower = ((last * (10_000n - spreadBps)) / 10_000n / m.tick) * m.tick;
  const upperRaw = (last * (10_000n + spreadBps) + 9_999n) / 10_000n;
  const upper = ((upperRaw + m.tick - 1n) / m.tick) * m.tick;
  return { lower: unitsText(lower > 0n ? lower : m.tick, m.priceDecimals), upper: unitsText(upper, m.priceDecimals) };
}

/** A typed price put on the tick (nearest, halves up), as the market writes it; the text unchanged if not a price. */
export function snapToTick(text: string, m: GridMarket): string {
  const v = unitsOf(text);
  if (v === null || v === 0n) return text;
  const snapped = ((v + m.tick / 2n) / m.tick) * m.tick;
  return unitsText(snapped > 0n ? snapped : m.tick, m.priceDecimals);
}

// ---------------------------------------------------------------------------------------------------------------
// The preview

export type DraftField = 'lower' | 'upper' | 'grids' | 'investment';

/** A message to show: its id in the catalog, its placeholders and the field it is about (null: the whole grid). */
export interface Problem {
  readonly field: DraftField | null;
  readonly id: string;
  readonly values?: Readonly<Record<string, string>>;
  /** The shared module's code, when it is one of its refusals (the server would refuse with the same). */
  readonly code?: QuantGridCode;
}

/** The shared module's refusals, in the user's words. */
export const GRID_CODE_IDS: Readonly<Record<QuantGridCode, string>> = {
  'quant.grid.range.invalid': 'grid.error.range',
  'quant.grid.count.invalid': 'grid.error.count',
  'quant.grid.off.tick': 'grid.error.offTick',
  'quant.grid.too.many': 'grid.error.tooMany',
  'quant.grid.mode.invalid': 'grid.error.mode',
  'quant.grid.price.outside': 'grid.error.outside',
  'quant.grid.investment.too.small': 'grid.error.tooSmall',
};

export interface PreviewInput {
  readonly draft: GridDraft;
  readonly market: GridMarket | null;
  /** The last trade price, units (null: none known yet). */
  readonly last: bigint | null;
  /** The user's taker fee rate (profit per grid) and the larger of maker and taker (the plan, as the server). */
  readonly takerPpm: number;
  readonly planPpm: number;
}

export interface GridPreview {
  /** The ladder, lowest first; null while it can't be built (see `problem`). */
  readonly levels: readonly bigint[] | null;
  /** The smallest and largest profit per grid after fees, as fractions × 10^8. */
  readonly profit: { readonly min: bigint; readonly max: bigint } | null;
  /** The orders the server would place at the last price; null without an investment, a price, or when refused. */
  readonly plan: GridPlan | null;
  /** What stops the ladder or the plan (the first of them). */
  readonly problem: Problem | null;
}

function priceProblem(field: 'lower' | 'upper', text: string): Problem | null {
  if (!text.trim()) return { field, id: 'rule.required' };
  const v = unitsOf(text);
  if (v === null) return { field, id: 'rule.number.format' };
  return v > 0n ? null : { field, id: 'grid.error.priceZero' };
}

/** The grids count as typed: a whole number, or null. */
export function gridsOf(text: string): number | null {
  const t = text.trim();
  return /^\d{1,4}$/.test(t) ? Number(t) : null;
}

const gridCodeProblem = (code: QuantGridCode, m: GridMarket, last: bigint | null): Problem => {
  const field: DraftField | null =
    code === 'quant.grid.count.invalid' || code === 'quant.grid.too.many' ? 'grids' : code === 'quant.grid.investment.too.small' ? 'investment' : code === 'quant.grid.range.invalid' ? 'upper' : null;
  const values: Record<string, string> = { tick: unitsText(m.tick, m.priceDecimals), min: String(GRID_MIN), max: String(GRID_MAX) };
  if (last !== null) values['price'] = unitsText(last, m.priceDecimals);
  return { field, id: GRID_CODE_IDS[code], values, code };
};

export function previewGrid({ draft, market, last, takerPpm, planPpm }: PreviewInput): GridPreview {
  const none = (problem: Problem | null): GridPreview => ({ levels: null, profit: null, plan: null, problem });
  const p = priceProblem('lower', draft.lower) ?? priceProblem('upper', draft.upper);
  if (p) return none(p);
  const grids = gridsOf(draft.grids);
  if (grids === null || grids < GRID_MIN || grids > GRID_MAX) return none({ field: 'grids', id: 'grid.error.count', values: { min: String(GRID_MIN), max: String(GRID_MAX) }, code: 'quant.grid.count.invalid' });
  if (market === null) return none(null);
  const levels = gridLevels({ lower: unitsOf(draft.lower)!, upper: unitsOf(draft.upper)!, grids, mode: draft.mode, tick: market.tick });
  if (!levels.ok) return none(gridCodeProblem(levels.code, market, last));
  const profit = profitRange(levels.value, takerPpm);
  const base = { levels: levels.value, profit };
  if (last === null) return { ...base, plan: null, problem: { field: null, id: 'grid.preview.noPrice' } };
  // The range must hold the price whatever the investment, so that is said before the amount is asked for.
  if (last <= levels.value[0]! || last >= levels.value[levels.value.length - 1]!) return { ...base, plan: null, problem: gridCodeProblem('quant.grid.price.outside', market, last) };
  const investment = unitsOf(draft.investment);
  if (!draft.investment.trim()) return { ...base, plan: null, problem: null };
  if (investment === null) return { ...base, plan: null, problem: { field: 'investment', id: 'rule.number.format' } };
  if (investment === 0n) return { ...base, plan: null, problem: { field: 'investment', id: 'grid.error.investmentZero' } };
  const plan = planGrid({ levels: levels.value, price: last, investment, lotSize: market.lot, minQty: market.minQty, minNotional: market.minNotional, feePpm: planPpm });
  if (!plan.ok) return { ...base, plan: null, problem: gridCodeProblem(plan.code, market, last) };
  return { ...base, plan: plan.value, problem: null };
}

/** What stops a start besides the preview's problem: the minimum, the balance, the fund password. */
export function startProblem(draft: GridDraft, preview: GridPreview, limits: { minInvestment: string | null; available: string | null; quote: string }, fundPassword: string): Problem | null {
  // The range and the grids first; the amount's own checks before what the plan says of it.
  if (preview.problem && preview.problem.field !== 'investment' && preview.problem.code !== 'quant.grid.investment.too.small') return preview.problem;
  if (!draft.investment.trim()) return { field: 'investment', id: 'rule.required' };
  const investment = unitsOf(draft.investment);
  if (investment === null) return { field: 'investment', id: 'rule.number.format' };
  const min = limits.minInvestment === null ? null : unitsOf(limits.minInvestment);
  if (min !== null && investment < min) return { field: 'investment', id: 'grid.error.belowMin', values: { min: fromUnits(min), asset: limits.quote } };
  const available = limits.available === null ? null : unitsOf(limits.available);
  if (available !== null && investment > available) return { field: 'investment', id: 'rule.funds.insufficient' };
  if (preview.problem) return preview.problem;
  if (preview.levels === null || preview.plan === null) return { field: null, id: 'grid.preview.noPrice' };
  if (!fundPassword) return { field: null, id: 'grid.error.fundPassword' };
  return null;
}

/** The backtest's request for the draft, or null while the draft can't be replayed (the ladder not valid). */
export function backtestBody(symbol: string, draft: GridDraft, preview: GridPreview, days = BACKTEST_DAYS): QuantBacktestBody | null {
  const grids = gridsOf(draft.grids);
  const investment = unitsOf(draft.investment);
  if (preview.levels === null || grids === null || investment === null || investment === 0n) return null;
  return { symbol, investment: fromUnits(investment), lower: fromUnits(unitsOf(draft.lower)!), upper: fromUnits(unitsOf(draft.upper)!), grids, mode: draft.mode, days };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

/** A fraction × 10^8 as a percentage with `decimals` places, cut toward minus infinity (never shown larger). */
export function fractionPercent(x: bigint, decimals = 2): string {
  // percent × 10^decimals = x · 100 · 10^decimals / 10^8
  const den = SCALE / (100n * 10n ** BigInt(decimals));
  const q = x >= 0n ? x / den : -((-x + den - 1n) / den);
  return `${scaledText(q, decimals)}%`;
}

/** Basis points as a percentage with two places ("12.34%"; "-0.50%"). */
export const bpsPercent = (bps: number): string => `${scaledText(BigInt(Math.trunc(bps)), 2)}%`;

function scaledText(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const p = 10n ** BigInt(decimals);
  const frac = decimals > 0 ? `.${(a % p).toString().padStart(decimals, '0')}` : '';
  return `${neg ? '-' : ''}${a / p}${frac}`;
}

/** A fee percentage as the fee endpoints write it ("0.1" = 0.1 %) → ppm; null if not a percentage. */
export function percentToPpm(text: string): number | null {
  const v = unitsOf(text);
  if (v === null || v >= 100n * SCALE) return null;
  return Number(v / 10_000n);
}

export interface BotFigures {
  /** Total P&L (quote units) and as bps of the investment, at `last` (or what an ended bot gave back). */
  readonly pnl: bigint;
  readonly bps: number;
  /** The total scaled to a year over the time it ran (simple). */
  readonly annualized: number;
  /** Completed rounds' profit after fees, and the rest of the P&L (the holdings' move at the price). */
  readonly gridProfit: bigint;
  readonly unrealized: bigint;
  readonly runningMs: number;
}

/** A bot's figures at a last price (the ticker's, live) and a time. */
export function botFigures(bot: QuantBotView, last: string | null, now: number): BotFigures {
  const price = bot.status === 'ended' ? null : (last ?? bot.last);
  const { pnl, bps } = botPnl(bot, price);
  const runningMs = Math.max(0, (bot.endedAt ?? now) - bot.createdAt);
  const gridProfit = toUnits(bot.gridProfit);
  return { pnl, bps, annualized: annualizedBps(bps, runningMs), gridProfit, unrealized: pnl - gridProfit, runningMs };
}

/** A duration as days, hours, minutes (and seconds under an hour): its parts, for the translated template. */
export function durationParts(ms: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/** Signed units as text with `decimals` places, cut toward zero, with a + for a gain. */
export function signedText(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const text = unitsText(a - (a % 10n ** BigInt(8 - decimals)), decimals);
  return v === 0n || /^[0.]+$/.test(text) ? text : `${neg ? '-' : '+'}${text}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The bot page's ladder

export interface LadderRow {
  readonly level: number;
  readonly price: string;
  /** The bot's order resting at this level, if any. */
  readonly order: QuantBotDetail['orders'][number] | null;
}

/** The ladder top down (highest level first), each level with the bot's order on it; `lastAt` is the index of the
 *  row the last price sits just above (null without a price or outside the ladder). */
export function ladderRows(levels: readonly string[], orders: QuantBotDetail['orders'], last: string | null): { rows: LadderRow[]; lastAt: number | null } {
  const byLevel = new Map<number, QuantBotDetail['orders'][number]>();
  const units = levels.map((p) => toUnits(p));
  for (const o of orders) {
    const level = o.level ?? units.indexOf(toUnits(o.price));
    if (level >= 0) byLevel.set(level, o);
  }
  const rows: LadderRow[] = [];
  for (let i = levels.length - 1; i >= 0; i--) rows.push({ level: i, price: levels[i]!, order: byLevel.get(i) ?? null });
  let lastAt: number | null = null;
  if (last !== null) {
    const p = toUnits(last);
    if (p >= units[0]! && p <= units[units.length - 1]!) {
      // The first row (top down) whose price is at or below the last price: the price line goes above it.
      lastAt = rows.findIndex((r) => toUnits(r.price) <= p);
    }
  }
  return { rows, lastAt };
}

// ---------------------------------------------------------------------------------------------------------------
// The route /quantBot?id=N

export interface QuantBotSearch {
  id?: number;
}
export function parseQuantBotSearch(search: Record<string, unknown>): QuantBotSearch {
  const raw = search['id'];
  const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,15}$/.test(id) && Number(id) > 0 ? { id: Number(id) } : {};
}

// ---------------------------------------------------------------------------------------------------------------
// The backtest chart's geometry (drawing only: floats are fine here, no figure is computed from them)

export interface PlotBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface ChartGeometry {
  readonly t0: number;
  readonly t1: number;
  readonly pMin: number;
  readonly pMax: number;
  readonly priceTicks: readonly number[];
  readonly timeTicks: readonly number[];
  /** The step between time ticks (ms), to choose how a tick is written. */
  readonly timeStep: number;
}

/** A "nice" step (1, 2, 2.5 or 5 × a power of ten) giving about `count` intervals over `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count <= 0) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  const f = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
  return f * mag;
}

const TIME_STEPS = [15, 30, 60, 120, 180, 360, 720, 1440, 2880].map((m) => m * 60_000);

/**
 * The span of a backtest's chart: its period (from → to, widened to its whole bars) across, and its bars' lows and highs with the ladder's
 * bounds up, padded a little; the price ticks on a nice step and the time ticks at most `maxTimeTicks`, aligned to
 * the viewer's local time (`tzOffsetMin` as Date#getTimezoneOffset gives it).
 */
export function chartGeometry(
  r: { readonly from: number; readonly to: number; readonly chart: ReadonlyArray<readonly [number, string, string, string, string]>; readonly levels: readonly string[] },
  maxTimeTicks: number,
  tzOffsetMin: number,
  priceTickCount = 5,
  barMs = 15 * 60_000,
): ChartGeometry {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [, , h, l] of r.chart) {
    lo = Math.min(lo, Number(l));
    hi = Math.max(hi, Number(h));
  }
  for (const p of [r.levels[0], r.levels[r.levels.length - 1]]) {
    if (p === undefined) continue;
    lo = Math.min(lo, Number(p));
    hi = Math.max(hi, Number(p));
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  const pad = (hi - lo || hi * 0.01 || 1) * 0.06;
  const pMin = lo - pad;
  const pMax = hi + pad;
  const step = niceStep(pMax - pMin, priceTickCount);
  const priceTicks: number[] = [];
  for (let p = Math.ceil(pMin / step) * step; p <= pMax + step * 1e-9; p += step) priceTicks.push(Number(p.toPrecision(12)));
  // The period, widened to whole bars: the first bar opens at or before `from` (bars are bucketed on the clock).
  const firstBar = r.chart[0]?.[0];
  const lastBar = r.chart[r.chart.length - 1]?.[0];
  const t0 = Math.min(r.from, firstBar ?? r.from);
  const t1 = Math.max(r.to, lastBar === undefined ? r.to : lastBar + barMs, t0 + 60_000);
  const span = t1 - t0;
  const timeStep = TIME_STEPS.find((s) => span / s <= maxTimeTicks) ?? Math.ceil(span / maxTimeTicks / 86_400_000) * 86_400_000;
  const shift = -tzOffsetMin * 60_000;
  const timeTicks: number[] = [];
  for (let t = Math.ceil((t0 + shift) / timeStep) * timeStep - shift; t <= t1; t += timeStep) timeTicks.push(t);
  return { t0, t1, pMin, pMax, priceTicks, timeTicks, timeStep };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
/** YYYY-MM-DD HH:mm in the viewer's time zone. */
export function formatMinute(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}
