// A spot market's units: prices in ticks, quantities in lots, and the exact conversions to ledger minor units.
import { Code, fail, ok, type Result } from '../codes.ts';
import { formatDecimal, parseDecimal, SCALE } from './decimal.ts';
import type { Amount, Asset, Price, Qty } from './nominal.ts';

export interface MarketSpec {
  readonly symbol: string;
  readonly base: Asset;
  readonly quote: Asset;
  /** Quote minor units per whole base coin that one tick represents (0.01 USDT → 1_000_000n). */
  readonly tickSize: bigint;
  /** Base minor units in one lot (0.00001 BTC → 1_000n). */
  readonly lotSize: bigint;
  readonly minQty: Qty;
  readonly maxQty: Qty;
  /** Bounds on price × quantity, in quote minor units. */
  readonly minNotional: Amount;
  readonly maxNotional: Amount;
}

export interface Market extends MarketSpec {
  /** Quote minor units of one tick × one lot; every notional is an exact multiple of it. */
  readonly quotePerTickLot: bigint;
}

/**
 * Checks a market's configuration. tickSize × lotSize must be a multiple of 10^8 so every trade's notional is a
 * whole number of quote minor units: no trade ever needs rounding, only fees do.
 */
export function defineMarket(spec: MarketSpec): Market {
  if (spec.tickSize <= 0n || spec.lotSize <= 0n) throw new RangeError(`${spec.symbol}: tick and lot size must be > 0`);
  if ((spec.tickSize * spec.lotSize) % SCALE !== 0n) {
    throw new RangeError(`${spec.symbol}: tickSize × lotSize must be a multiple of 10^8 minor units`);
  }
  if (!(Number.isSafeInteger(spec.minQty) && spec.minQty >= 1 && spec.maxQty >= spec.minQty && Number.isSafeInteger(spec.maxQty))) {
    throw new RangeError(`${spec.symbol}: need 1 ≤ minQty ≤ maxQty`);
  }
  if (spec.minNotional < 0n || spec.maxNotional < spec.minNotional) throw new RangeError(`${spec.symbol}: need 0 ≤ minNotional ≤ maxNotional`);
  if (spec.base === spec.quote) throw new RangeError(`${spec.symbol}: base and quote must differ`);
  const quotePerTickLot = (spec.tickSize * spec.lotSize) / SCALE;
  // Books compute price × lots in doubles; the notional cap keeps every such product an exact integer.
  if (spec.maxNotional / quotePerTickLot > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${spec.symbol}: maxNotional must be at most 2^53 ticks × lots`);
  }
  return Object.freeze({ ...spec, quotePerTickLot });
}

/** Quote minor units of `lots` at `ticks`: exact, no rounding. */
export function notional(market: Market, ticks: Price, lots: Qty): Amount {
  return (BigInt(ticks) * BigInt(lots) * market.quotePerTickLot) as Amount;
}

/** Base minor units of `lots`. */
export function baseAmount(market: Market, lots: Qty): Amount {
  return (BigInt(lots) * market.lotSize) as Amount;
}

function toUnits(text: string, unit: bigint, offCode: typeof Code.PRICE_OFF_TICK | typeof Code.QTY_OFF_LOT): Result<number> {
  const parsed = parseDecimal(text);
  if (!parsed.ok) return parsed;
  if (parsed.value % unit !== 0n) return fail(offCode);
  const units = parsed.value / unit;
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return fail(Code.DECIMAL_TOO_LARGE);
  return ok(Number(units));
}

/** "65000.01" → ticks, rejecting prices that are not on the tick grid. Zero is returned as 0; rules reject it. */
export function parsePrice(market: Market, text: string): Result<Price> {
  return toUnits(text, market.tickSize, Code.PRICE_OFF_TICK) as Result<Price>;
}

/** "0.125" → lots, rejecting quantities that are not whole lots. */
export function parseQty(market: Market, text: string): Result<Qty> {
  return toUnits(text, market.lotSize, Code.QTY_OFF_LOT) as Result<Qty>;
}

export const formatPrice = (market: Market, ticks: Price, trim = false): string =>
  formatDecimal(BigInt(ticks) * market.tickSize, 8, trim);

export const formatQty = (market: Market, lots: Qty, trim = false): string => formatDecimal(BigInt(lots) * market.lotSize, 8, trim);
