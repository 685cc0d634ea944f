// The contract tables' pure parts: the tabs, the API's enums as message ids, and how their numbers read (signed
// P&L, percents, lots and coin, ADL lights, margin-ratio risk, funding payments out of asset records). Exact on
// decimal text, never through a float. Pure, for tests in node.
import type {
  AssetRecordItem,
  ContractCloseMode,
  ContractConditionalOrigin,
  ContractConditionalType,
  ContractDirection,
  ContractOrderType,
  ContractWorkingType,
  MarginType,
} from '../../contract.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';

export type ContractTab = 'positions' | 'current' | 'conditional' | 'closed' | 'transfers' | 'funding';

export const CONTRACT_TABS = [
  { key: 'positions', labelId: 'contract.tab.positions', testId: 'contract-tab-positions' },
  { key: 'current', labelId: 'contract.tab.current', testId: 'contract-tab-current' },
  { key: 'conditional', labelId: 'perp.tab.conditionals', testId: 'contract-tab-conditional' },
  { key: 'closed', labelId: 'contract.tab.closed', testId: 'contract-tab-closed' },
  { key: 'transfers', labelId: 'contract.tab.transfers', testId: 'contract-tab-transfers' },
  { key: 'funding', labelId: 'perp.tab.funding', testId: 'contract-tab-funding' },
] as const satisfies ReadonlyArray<{ key: ContractTab; labelId: string; testId: string }>;

export const DIRECTION_LABEL: Readonly<Record<ContractDirection, string>> = { long: 'contract.dir.long', short: 'contract.dir.short' };
export const MARGIN_TYPE_LABEL: Readonly<Record<MarginType, string>> = { cross: 'perp.marginType.cross', isolated: 'perp.marginType.isolated' };
export const ORDER_TYPE_LABEL: Readonly<Record<ContractOrderType, string>> = { limit: 'trade.type.limit', market: 'trade.type.market' };
export const CLOSE_MODE_LABEL: Readonly<Record<ContractCloseMode, string>> = {
  manual: 'contract.closeMode.manual',
  takeProfit: 'contract.closeMode.takeProfit',
  stopLoss: 'contract.closeMode.stopLoss',
  liquidation: 'contract.closeMode.liquidation',
  adl: 'contract.closeMode.adl',
};
export const CONDITIONAL_TYPE_LABEL: Readonly<Record<ContractConditionalType, string>> = {
  stopLimit: 'perp.type.stopLimit',
  stopMarket: 'perp.type.stopMarket',
  takeProfitLimit: 'perp.type.takeProfitLimit',
  takeProfitMarket: 'perp.type.takeProfitMarket',
};
export const WORKING_TYPE_LABEL: Readonly<Record<ContractWorkingType, string>> = { mark: 'contract.cond.working.mark', last: 'contract.cond.working.last' };
export const ORIGIN_LABEL: Readonly<Record<ContractConditionalOrigin, string>> = {
  trigger: 'contract.cond.origin.trigger',
  takeProfit: 'contract.cond.origin.takeProfit',
  stopLoss: 'contract.cond.origin.stopLoss',
};

/** What an order (or a conditional) does to a position: open or close, long or short. */
export function actionLabel(direction: ContractDirection, closing: boolean): string {
  if (closing) return direction === 'long' ? 'perp.closeLong' : 'perp.closeShort';
  return direction === 'long' ? 'contract.openLong' : 'contract.openShort';
}

const SIGNED = /^([+-]?)(\d+)(?:\.(\d+))?$/;

export type Trend = 'up' | 'down' | 'flat';
/** Gain, loss or neither, for the colour of a signed figure. */
export function trendOf(value: string | null | undefined): Trend {
  const m = value ? SIGNED.exec(value.trim()) : null;
  if (!m || /^0*$/.test((m[2] ?? '') + (m[3] ?? ''))) return 'flat';
  return m[1] === '-' ? 'down' : 'up';
}

/** A P&L or payment with its sign: "+12.3400", "-0.5000", "0.0000" (the spec's 4 decimals by default). */
export function signedAmount(value: string | null | undefined, decimals = 4): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = formatDecimal(value, decimals);
  return trendOf(value) === 'up' && text !== EMPTY_VALUE ? `+${text}` : text;
}

/** A percent from the API's percent text: "12.34%"; `signed` puts "+" on gains. */
export function percentText(value: string | null | undefined, signed = false, decimals = 2): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = signed ? signedAmount(value, decimals) : formatDecimal(value, decimals);
  return text === EMPTY_VALUE ? text : `${text}%`;
}

/** The ADL queue shows five lights; a quantile of 0–4 lights that many plus one, none when unknown. */
export const ADL_LIGHTS = 5;
export function adlLit(quantile: number | null): number {
  if (quantile === null || !Number.isFinite(quantile)) return 0;
  return Math.min(ADL_LIGHTS, Math.max(0, Math.trunc(quantile)) + 1);
}

export type Risk = 'none' | 'low' | 'medium' | 'high';
/** How close a margin ratio (percent; 100 % liquidates) is to liquidation, for its colour; 'none' without one. */
export function marginRisk(ratio: string | null): Risk {
  const m = ratio ? SIGNED.exec(ratio.trim()) : null;
  if (!m) return 'none';
  const whole = m[1] === '-' ? 0 : Number(m[2]);
  return whole >= 80 ? 'high' : whole >= 50 ? 'medium' : 'low';
}

const scaled = (m: RegExpExecArray, scale: number): bigint => {
  const units = BigInt((m[2] ?? '0') + (m[3] ?? '').padEnd(scale, '0'));
  return m[1] === '-' ? -units : units;
};

/** a + b of two signed decimal texts, exactly, trailing zeros trimmed; null if either is not one. */
export function addSigned(a: string, b: string): string | null {
  const x = SIGNED.exec(a.trim());
  const y = SIGNED.exec(b.trim());
  if (!x || !y) return null;
  const scale = Math.max((x[3] ?? '').length, (y[3] ?? '').length);
  const sum = scaled(x, scale) + scaled(y, scale);
  const digits = (sum < 0n ? -sum : sum).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${sum < 0n ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** One funding settlement as the user's contract account saw it. */
export interface FundingPayment {
  id: number;
  time: number;
  /** The market it was settled in; null when the record does not say. */
  symbol: string | null;
  asset: string;
  /** Signed: − paid, + received. */
  amount: string;
}

// The perp desk writes its funding records with the reference perp:funding:<SYMBOL>:<settlement time>.
const FUNDING_REF = /^perp:funding:([A-Z0-9]+):\d+$/;

/**
 * A holding_fee asset record as a payment: a cross position pays from (and is paid into) the available balance, an
 * isolated one from its margin (the frozen balance), so the payment is the sum of both changes.
 */
export function fundingPayment(record: AssetRecordItem): FundingPayment {
  return {
    id: record.id,
    time: record.time,
    symbol: FUNDING_REF.exec(record.ref)?.[1] ?? null,
    asset: record.asset,
    amount: addSigned(record.amount, record.frozen) ?? record.amount,
  };
}
