// The quantitative robot's rules on the page, pure (tested in node): the form's choices and defaults (time limit,
// take-profit and stop-loss as percentages of the buy price, kept as basis points), its checks before anything is
// sent (the server's own codes where it has one: empty, not a number, below the minimum, above the available
// balance, a take-profit or stop-loss out of range, no fund password), the start body, and what the run shows: each
// of the six stages as done, in progress, waiting or skipped, the P&L (contract/quant.ts botPnl, live from the last
// price while it holds), the end's reason, a countdown and a run's duration.
import {
  botPnl, fromUnits, ROBOT_BPS_MAX, ROBOT_BPS_MIN, ROBOT_DURATION_DEFAULT_S, ROBOT_STAGES, ROBOT_STOP_LOSS_DEFAULT_BPS, ROBOT_TAKE_PROFIT_DEFAULT_BPS,
  toUnits, unitsOfText,
  type QuantBotView, type QuantEndReason, type QuantStrategy, type RobotStage, type RobotStageView, type RobotStartBody,
} from '../../contract.ts';

/** The time limits offered (seconds): 1, 2, 3, 5 and 10 minutes; 2 minutes by default (the spec's 2 to 3 minutes). */
export const ROBOT_DURATIONS: readonly number[] = [60, 120, 180, 300, 600];
export const ROBOT_DEFAULT_DURATION = ROBOT_DURATION_DEFAULT_S;

export interface RobotLimits {
  /** Minimum investment (quote coin, decimal text). */
  readonly minInvestment: string;
  readonly bps: { readonly min: number; readonly max: number };
  readonly takeProfitBps: number;
  readonly stopLossBps: number;
  readonly durationS: { readonly min: number; readonly max: number; readonly default: number };
}

/** The robot's limits from the strategies list (the contract's defaults while it has not come). */
export function robotLimits(strategies: readonly QuantStrategy[] | null): RobotLimits {
  const r = strategies?.find((s) => s.kind === 'robot');
  return {
    minInvestment: r?.minInvestment ?? '10',
    bps: { min: r?.takeProfitBps?.min ?? ROBOT_BPS_MIN, max: r?.takeProfitBps?.max ?? ROBOT_BPS_MAX },
    takeProfitBps: r?.takeProfitBps?.default ?? ROBOT_TAKE_PROFIT_DEFAULT_BPS,
    stopLossBps: r?.stopLossBps?.default ?? ROBOT_STOP_LOSS_DEFAULT_BPS,
    durationS: r?.durationS ?? { min: 60, max: 1800, default: ROBOT_DURATION_DEFAULT_S },
  };
}

/** The durations offered within the strategy's range. */
export const durationChoices = (limits: RobotLimits): number[] => ROBOT_DURATIONS.filter((d) => d >= limits.durationS.min && d <= limits.durationS.max);

/** Basis points as a percentage text: 30 → "0.3", 5 → "0.05", 100 → "1". */
export function bpsToPercent(bps: number): string {
  const sign = bps < 0 ? '-' : '';
  const a = Math.abs(Math.trunc(bps));
  const whole = Math.floor(a / 100);
  const frac = String(a % 100).padStart(2, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

/** A percentage typed by the user as basis points: "0.3" → 30; null when not a number or finer than 0.01 %. */
export function percentToBps(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{0,2})?$|^\.\d{1,2}$/.test(t)) return null;
  const [i = '', f = ''] = t.split('.');
  return Number(i || '0') * 100 + Number((f + '00').slice(0, 2));
}

export interface RobotFields {
  readonly investment: string;
  readonly durationS: number;
  /** Percent text, e.g. "0.3". */
  readonly takeProfit: string;
  readonly stopLoss: string;
  readonly fundPassword: string;
}

export const defaultFields = (limits: RobotLimits): RobotFields => ({
  investment: '',
  durationS: durationChoices(limits).includes(limits.durationS.default) ? limits.durationS.default : ROBOT_DEFAULT_DURATION,
  takeProfit: bpsToPercent(limits.takeProfitBps),
  stopLoss: bpsToPercent(limits.stopLossBps),
  fundPassword: '',
});

export type RobotField = 'investment' | 'takeProfit' | 'stopLoss' | 'fundPassword';

/** A check that failed, named by the server's code where the server has one. */
export type RobotError =
  | { readonly code: 'quant.investment.empty'; readonly field: 'investment' }
  | { readonly code: 'quant.investment.invalid'; readonly field: 'investment' }
  | { readonly code: 'quant.investment.below.min'; readonly field: 'investment'; readonly min: string }
  | { readonly code: 'funds.insufficient'; readonly field: 'investment'; readonly available: string }
  | { readonly code: 'quant.take.profit.invalid'; readonly field: 'takeProfit' }
  | { readonly code: 'quant.stop.loss.invalid'; readonly field: 'stopLoss' }
  | { readonly code: 'quant.fund.password.required'; readonly field: 'fundPassword' };

/** The message id of each check (the web catalog carries the server's ids with the same meaning). */
export const ROBOT_ERROR_IDS: Readonly<Record<RobotError['code'], string>> = {
  'quant.investment.empty': 'quant.investment.empty',
  'quant.investment.invalid': 'quant.investment.invalid',
  'quant.investment.below.min': 'quant.investment.below.min',
  'funds.insufficient': 'quant.funds.insufficient',
  'quant.take.profit.invalid': 'quant.take.profit.invalid',
  'quant.stop.loss.invalid': 'quant.stop.loss.invalid',
  'quant.fund.password.required': 'quant.fund.password.required',
};

const DECIMAL_8 = /^\d{1,12}(\.\d{1,8})?$/;

/**
 * The checks in the order the server makes them: the investment (given, a number of at most 8 decimals above 0, at
 * least the minimum, within the available balance when it is known), the take-profit and stop-loss (within the
 * strategy's range, in whole basis points), then the fund password (given; only the server can tell it is right).
 */
export function validateRobot(f: RobotFields, limits: RobotLimits, available: string | null): RobotError | null {
  const text = f.investment.trim();
  if (text === '') return { code: 'quant.investment.empty', field: 'investment' };
  if (!DECIMAL_8.test(text) || toUnits(text) === 0n) return { code: 'quant.investment.invalid', field: 'investment' };
  const amount = toUnits(text);
  if (amount < toUnits(limits.minInvestment)) return { code: 'quant.investment.below.min', field: 'investment', min: limits.minInvestment };
  if (available !== null && amount > (unitsOfText(available) ?? 0n)) return { code: 'funds.insufficient', field: 'investment', available };
  const inRange = (bps: number | null) => bps !== null && bps >= limits.bps.min && bps <= limits.bps.max;
  if (!inRange(percentToBps(f.takeProfit))) return { code: 'quant.take.profit.invalid', field: 'takeProfit' };
  if (!inRange(percentToBps(f.stopLoss))) return { code: 'quant.stop.loss.invalid', field: 'stopLoss' };
  if (f.fundPassword === '') return { code: 'quant.fund.password.required', field: 'fundPassword' };
  return null;
}

/** The body of POST /app/quant/start for fields that passed validateRobot. */
export function robotStartBody(f: RobotFields, symbol: string, clientId: string): RobotStartBody {
  return {
    kind: 'robot', symbol, investment: f.investment.trim(), durationS: f.durationS, takeProfitBps: percentToBps(f.takeProfit) ?? ROBOT_TAKE_PROFIT_DEFAULT_BPS,
    stopLossBps: percentToBps(f.stopLoss) ?? ROBOT_STOP_LOSS_DEFAULT_BPS, fundPassword: f.fundPassword, clientId,
  };
}

/** Max: the whole available balance (exact, trailing zeros trimmed), or nothing while it is unknown. */
export const maxInvestment = (available: string | null): string => (available === null ? '' : fromUnits(unitsOfText(available) ?? 0n));

export type StepState = 'done' | 'active' | 'waiting' | 'skipped';

export interface RobotStep {
  readonly stage: RobotStage;
  readonly state: StepState;
  /** What happened at this stage (absent until it did). */
  readonly view: RobotStageView | null;
}

/**
 * The six stages of a run as a stepper shows them: a stage that happened is done; the one the robot is working on
 * next is active (queue while it waits for the scheduler, sell while it holds); later ones wait; an ended run's
 * stages that never happened (no fill, a stop before the buy) are skipped.
 */
export function robotSteps(bot: Pick<QuantBotView, 'status' | 'stages'>): RobotStep[] {
  const seen = new Map<RobotStage, RobotStageView>();
  for (const s of bot.stages) seen.set(s.stage, s);
  const running = bot.status === 'running';
  // In progress: the queue until prices are captured, else the first stage after the last one reached.
  let lastIndex = -1;
  ROBOT_STAGES.forEach((stage, i) => {
    if (seen.has(stage)) lastIndex = i;
  });
  const active: RobotStage | null = !running ? null : !seen.has('capture') ? 'queue' : (ROBOT_STAGES[lastIndex + 1] ?? null);
  return ROBOT_STAGES.map((stage) => {
    const view = seen.get(stage) ?? null;
    if (stage === active) return { stage, state: 'active', view };
    if (view !== null) return { stage, state: 'done', view };
    return { stage, state: running ? 'waiting' : 'skipped', view: null };
  });
}

/** Whether the robot holds its purchase now (bought, not sold): its P&L moves with the price and a countdown runs. */
export const isHolding = (bot: Pick<QuantBotView, 'status' | 'stage'>): boolean => bot.status === 'running' && bot.stage === 'buy';

export interface PnlView {
  /** Decimal text with its sign ("-0.0123"), in the quote coin. */
  readonly pnl: string;
  readonly bps: number;
  readonly sign: 'up' | 'down' | 'flat';
}

/**
 * A run's P&L: an ended one's from what it gave back; a running one's valued at `last` (the live last price; the
 * view's own when there is none). The server's formula (botPnl), so the page and the server agree to the unit.
 */
export function robotPnl(bot: QuantBotView, last: string | null): PnlView {
  const price = bot.status === 'ended' ? bot.last : (last ?? bot.last);
  const { pnl, bps } = botPnl(bot, price);
  return { pnl: fromUnits(pnl), bps, sign: pnl > 0n ? 'up' : pnl < 0n ? 'down' : 'flat' };
}

/** "+0.12%" / "-0.5%" / "0%": basis points as a signed percentage. */
export function bpsText(bps: number): string {
  const text = bpsToPercent(bps);
  return `${bps > 0 ? '+' : ''}${text}%`;
}

/** An exact amount as the run shows it: thousands grouped, at most 8 places, trailing zeros trimmed to `keep`. */
export function amountText(text: string | null | undefined, keep = 2): string {
  if (text === null || text === undefined || text === '') return '--';
  const neg = text.startsWith('-');
  const body = fromUnits(toUnits(neg ? text.slice(1) : text));
  const [i = '0', f = ''] = body.split('.');
  const frac = f.padEnd(keep, '0');
  const grouped = i.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg && body !== '0' ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** A P&L with its sign: "+0.0123", "-1.50", "0.00" (exact, trailing zeros trimmed to 2 places). */
export function signedAmount(text: string): string {
  const out = amountText(text);
  return text.startsWith('-') || toUnits(text) === 0n ? out : `+${out}`;
}

export const REASON_IDS: Readonly<Record<QuantEndReason, string>> = {
  take_profit: 'quant.reason.takeProfit',
  stop_loss: 'quant.reason.stopLoss',
  time_limit: 'quant.reason.timeLimit',
  user: 'quant.reason.user',
  operator: 'quant.reason.operator',
  no_fill: 'quant.reason.noFill',
};

export const STAGE_IDS: Readonly<Record<RobotStage, string>> = {
  start: 'quant.stage.start',
  queue: 'quant.stage.queue',
  capture: 'quant.stage.capture',
  buy: 'quant.stage.buy',
  sell: 'quant.stage.sell',
  end: 'quant.stage.end',
};

/** m:ss of a countdown (rounded up to the second, never below 0). */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** How long a run took (or has run): "1m 05s", "45s", "1h 02m". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
