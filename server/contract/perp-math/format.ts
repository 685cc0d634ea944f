// The contract API's decimal text for the perpetuals' figures: amounts and prices (minor units) with up to 8
// decimals and trailing zeros trimmed, rates as percent. The server's views and the browser's stream layer both
// write ContractPositionItem and ContractAccountItem figures with these, so the two agree to the last digit.
import type { AccountPositionsRisk, PositionRiskFigures } from './risk.ts';
import type { Rate } from './units.ts';

const DECIMALS = 8;

/** Minor units as decimal text, trailing zeros trimmed: 150_000_000n → "1.5", −5n → "-0.00000005", 0n → "0". */
export function amountText(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(DECIMALS + 1, '0');
  const whole = digits.slice(0, -DECIMALS);
  const fraction = digits.slice(-DECIMALS).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}

/** A Rate (ratio × 10^8) as percent text: 400_000n (0.004) → "0.4". */
export const percentText = (r: Rate): string => amountText(r * 100n);

/** percentText, or null for a ratio there is none of (no margin balance, no base). */
export const ratioText = (r: Rate | null): string | null => (r === null ? null : percentText(r));

/** A liquidation price as the API shows it: null when none, or when it is not above 0 (a short liquidated at any price). */
export const liquidationPriceText = (price: bigint | null): string | null => (price === null || price <= 0n ? null : amountText(price));

/** The figures of ContractPositionItem that move with the mark. */
export interface PositionRiskTexts {
  readonly markPrice: string | null;
  readonly notional: string;
  readonly unrealizedPnl: string;
  readonly profitRate: string;
  readonly maintenanceMargin: string;
  readonly marginRatio: string | null;
  readonly liquidationPrice: string | null;
}

/** What those texts are written from: a position's figures at `mark` (the browser's PositionRiskFigures, the desk's PositionRisk). */
export type PositionRiskInput = Pick<PositionRiskFigures, 'notional' | 'upnl' | 'profitRate' | 'maintenance' | 'marginRatio' | 'liquidationPrice'>;

export function positionRiskTexts(r: PositionRiskInput, mark: bigint | null): PositionRiskTexts {
  return {
    markPrice: mark === null ? null : amountText(mark),
    notional: amountText(r.notional),
    unrealizedPnl: amountText(r.upnl),
    profitRate: percentText(r.profitRate),
    maintenanceMargin: amountText(r.maintenance),
    marginRatio: ratioText(r.marginRatio),
    liquidationPrice: liquidationPriceText(r.liquidationPrice),
  };
}

/** The figures of ContractAccountItem that move with the marks. */
export interface AccountRiskTexts {
  readonly unrealizedPnl: string;
  readonly marginBalance: string;
  readonly crossMaintenance: string;
  readonly crossMarginRatio: string | null;
}

/** From the account's totals and cross margin ratio (accountPositionsRisk's, or the desk's PerpAccount's) and its wallet balance. */
export function accountRiskTexts(r: Pick<AccountPositionsRisk, 'account' | 'crossMarginRatio'>, walletBalance: bigint): AccountRiskTexts {
  return {
    unrealizedPnl: amountText(r.account.unrealized),
    marginBalance: amountText(walletBalance + r.account.unrealized),
    crossMaintenance: amountText(r.account.maintenance),
    crossMarginRatio: ratioText(r.crossMarginRatio),
  };
}
