// The risk of one-way positions at the mark (notes §1–§3): unrealized P&L, ROE and profit rate, maintenance,
// margin ratio and liquidation price of a position, and the cross totals of an account, put together once from
// margin.ts and liquidation.ts. The engine (server/kernel/perp) and the browser's stream layer both call these, so a
// position row recomputed at a mark in the browser shows what the server would send at that mark, to the last digit.
// A mark of null means the market has none yet.
import { maintenanceMargin, type Brackets } from './brackets.ts';
import { liquidationPrice } from './liquidation.ts';
import { initialMargin, marginRatio, positionMaintenance, roe, unrealizedPnl, type Position } from './margin.ts';
import { abs, notionalOf, rate, type Rate } from './units.ts';

export type MarginMode = 'cross' | 'isolated';

/** A position with what its risk depends on besides the mark. */
export interface RiskPosition extends Position {
  readonly leverage: number;
  readonly mode: MarginMode;
  /** Isolated: the position's own wallet (its margin). Cross positions stand on the account's cross wallet instead. */
  readonly margin: bigint;
  readonly brackets: Brackets;
}

/** A position's share of its account's figures. */
export interface RiskLine {
  readonly mode: MarginMode;
  readonly upnl: bigint;
  readonly maintenance: bigint;
}

/** UPnL at the mark (margin.ts `unrealizedPnl`); 0 when flat or before the first mark. */
export function upnlAt(p: Position, mark: bigint | null): bigint {
  return p.size === 0n || mark === null ? 0n : unrealizedPnl(p, mark);
}

/** MM at the mark (margin.ts `positionMaintenance`); before the first mark, of the entry notional; 0 when flat. */
export function maintenanceAt(brackets: Brackets, size: bigint, cost: bigint, mark: bigint | null): bigint {
  if (size === 0n) return 0n;
  return mark === null ? maintenanceMargin(brackets, cost) : positionMaintenance(brackets, size, mark);
}

/** The profit rate's step: 0.01 % (10^-4 as a Rate). */
const PROFIT_STEP = 10_000n;

/** A result over what it stood on, cut toward zero to 0.01 % (the API's profit rates); null when `base` is not positive. */
export function profitRateOf(result: bigint, base: bigint): Rate | null {
  // bigint division truncates toward zero: a loss is cut toward zero too, as the API has always written it.
  return base <= 0n ? null : rate(((result * PROFIT_STEP) / base) * PROFIT_STEP);
}

/**
 * The API's profit rate of a position: UPnL over the initial margin at entry (entry notional / leverage, rounded
 * up), cut toward zero to 0.01 %; 0 without a margin.
 */
export function profitRate(p: Pick<RiskPosition, 'cost' | 'leverage'>, upnl: bigint): Rate {
  return profitRateOf(upnl, initialMargin(p.cost, p.leverage)) ?? rate(0n);
}

/** |size| × mark rounded down; the entry notional before the first mark. */
export function notionalAt(p: Position, mark: bigint | null): bigint {
  return mark === null ? p.cost : notionalOf(abs(p.size), mark, 'floor');
}

export interface PositionFigures extends RiskLine {
  /** |size| × mark rounded down; the entry notional before the first mark. */
  readonly notional: bigint;
  /** Binance's ROE: UPnL over the initial margin at the mark (§2); 0 before the first mark. */
  readonly roe: Rate;
  readonly profitRate: Rate;
}

/** What a position's row shows at `mark` that depends on nothing but the position and the mark. */
export function positionFigures(p: RiskPosition, mark: bigint | null): PositionFigures {
  const upnl = upnlAt(p, mark);
  return {
    mode: p.mode,
    upnl,
    maintenance: maintenanceAt(p.brackets, p.size, p.cost, mark),
    notional: notionalAt(p, mark),
    roe: mark === null ? rate(0n) : roe(p, mark, p.leverage),
    profitRate: profitRate(p, upnl),
  };
}

/** A cross account: its cross wallet, and Σ UPnL and Σ MM of its open cross positions. */
export interface CrossTotals {
  readonly wallet: bigint;
  readonly upnl: bigint;
  readonly maintenance: bigint;
  readonly positions: number;
}

export interface AccountRisk extends CrossTotals {
  /** Σ UPnL of every position, cross and isolated (of the lines given). */
  readonly unrealized: bigint;
}

/** An account's totals, summed as its positions are added (flat ones left out; isolated ones count only in `unrealized`). */
export class AccountTotals implements AccountRisk {
  upnl = 0n;
  maintenance = 0n;
  positions = 0;
  unrealized = 0n;
  readonly wallet: bigint;

  constructor(crossWallet: bigint) {
    this.wallet = crossWallet;
  }

  add(mode: MarginMode, upnl: bigint, maintenance: bigint): this {
    this.unrealized += upnl;
    if (mode === 'cross') {
      this.upnl += upnl;
      this.maintenance += maintenance;
      this.positions += 1;
    }
    return this;
  }
}

/** An account's totals over its open positions' lines. */
export function accountRisk(crossWallet: bigint, lines: Iterable<RiskLine>): AccountRisk {
  const totals = new AccountTotals(crossWallet);
  for (const line of lines) totals.add(line.mode, line.upnl, line.maintenance);
  return totals;
}

/** The cross margin ratio, MM / (cross wallet + UPnL) (§2); null without cross positions or a margin balance. */
export function crossMarginRatio(t: CrossTotals): Rate | null {
  return t.positions === 0 ? null : marginRatio(t.maintenance, t.wallet + t.upnl);
}

/** Isolated: MM / (margin + UPnL); cross: the account's ratio (`cross`, which only an isolated position may go without). Null without a margin balance. */
export function positionMarginRatio(p: Pick<RiskPosition, 'mode' | 'margin'>, own: RiskLine, cross: CrossTotals | null): Rate | null {
  if (p.mode === 'isolated') return marginRatio(own.maintenance, p.margin + own.upnl);
  if (cross === null) throw new RangeError('positionMarginRatio: a cross position needs its account');
  return crossMarginRatio(cross);
}

/** What a cross position's liquidation price stands on (§3): WB, and TMM1 and UPNL1 of the other cross positions. */
export interface CrossContext {
  readonly walletBalance: bigint;
  readonly otherMaintenance: bigint;
  readonly otherUpnl: bigint;
}

/** The context of a cross position from its account's totals and its own line. */
export function crossContext(t: CrossTotals, own: RiskLine): CrossContext {
  return { walletBalance: t.wallet, otherMaintenance: t.maintenance - own.maintenance, otherUpnl: t.upnl - own.upnl };
}

/**
 * LP (§3): isolated on its own margin, cross on `cross` (which only an isolated position may go without); null when
 * flat or when no price liquidates it.
 */
export function positionLiquidationPrice(p: RiskPosition, cross: CrossContext | null): bigint | null {
  if (p.size === 0n) return null;
  if (p.mode === 'isolated') return liquidationPrice({ size: p.size, cost: p.cost, walletBalance: p.margin, brackets: p.brackets });
  if (cross === null) throw new RangeError('positionLiquidationPrice: a cross position needs its account');
  const { walletBalance, otherMaintenance, otherUpnl } = cross;
  return liquidationPrice({ size: p.size, cost: p.cost, walletBalance, otherMaintenance, otherUpnl, brackets: p.brackets });
}

export interface PositionRiskFigures extends PositionFigures {
  readonly marginRatio: Rate | null;
  readonly liquidationPrice: bigint | null;
}

export interface AccountPositionsRisk {
  readonly account: AccountRisk;
  readonly crossMarginRatio: Rate | null;
  /** In the order given. */
  readonly positions: readonly PositionRiskFigures[];
}

/** Every figure of an account's open positions, each at its market's mark, and of the account. */
export function accountPositionsRisk(crossWallet: bigint, held: ReadonlyArray<{ readonly position: RiskPosition; readonly mark: bigint | null }>): AccountPositionsRisk {
  const figures = held.map((h) => positionFigures(h.position, h.mark));
  const account = accountRisk(crossWallet, figures);
  const positions = held.map(({ position }, i): PositionRiskFigures => {
    const own = figures[i]!;
    return {
      ...own,
      marginRatio: positionMarginRatio(position, own, account),
      liquidationPrice: positionLiquidationPrice(position, position.mode === 'cross' ? crossContext(account, own) : null),
    };
  });
  return { account, crossMarginRatio: crossMarginRatio(account), positions };
}
