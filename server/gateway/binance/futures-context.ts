// What the /fapi routes share: the perpetual markets (the perp desk's, on the spot markets' symbols, tick and lot),
// each one's contract in Binance's exchangeInfo shape, and the latest mark price. The mark job publishes every mark
// on `perp.<SYMBOL>.mark`; the routes keep the latest one per market from the bus, and before the first one fall
// back on the last recorded mark (perp_marks, kept while a market has positions) and then on the index price.
import type { Clock } from '../../clock.ts';
import type { DeskEvent } from '../../desks/index.ts';
import { PRICE_BAND_BPS } from '../../desks/perp/desk.ts';
import { formatDecimal, parseDecimal, type PerpMarket } from '../../kernel/index.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import { errors } from './errors.ts';
import type { FuturesFilter, FuturesSymbol } from './futures.ts';

/** Binance's deliveryDate of a perpetual (2100-12-25). */
export const PERPETUAL_DELIVERY = 4133404800000;
/** Binance's `interestRate` of USDT perpetuals: 0.01 % per 8 hours (the funding formula's I). */
export const INTEREST_RATE = '0.00010000';

export const d8 = (minor: bigint): string => formatDecimal(minor, 8);
/** Minor units (10^-8) as a JSON number, for the fields Binance sends as numbers. */
export const num = (minor: bigint): number => Number(formatDecimal(minor, 8, true));

/** Decimal places of a step in minor units: 1_000_000n (0.01) → 2. */
export function places(step: bigint): number {
  let n = 8;
  let s = step;
  while (n > 0 && s % 10n === 0n) {
    s /= 10n;
    n -= 1;
  }
  return n;
}

/** A rate in basis points as Binance's multiplier text: 500 bps up → "1.0500". */
const multiplier = (bps: bigint) => formatDecimal(10_000n + bps, 4);

export interface MarkInfo {
  /** Quote minor units per coin. */
  readonly mark: bigint;
  readonly index: bigint | null;
  /** Predicted funding rate × 10^8, when the mark job said. */
  readonly fundingRate: bigint | null;
  readonly nextFundingTime: number | null;
  readonly time: number;
  /** The mark's inputs as the mark job published them (decimal text), when it did. */
  readonly inputs?: { price1: string; price2: string; contractPrice: string; basisAverage: string; basisSamples: number } | undefined;
}

/** Signed decimal text → minor units; null for null or bad text. */
export const minorOf = (text: string | null): bigint | null => {
  if (text === null) return null;
  const negative = text.startsWith('-');
  const parsed = parseDecimal(negative ? text.slice(1) : text);
  if (!parsed.ok) return null;
  return negative ? -parsed.value : parsed.value;
};

export interface UsdmDeps {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
}

export class Usdm {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  private readonly marks = new Map<string, MarkInfo>();
  private readonly unsubscribe: () => void;

  constructor(deps: UsdmDeps) {
    this.trading = deps.trading;
    this.store = deps.store;
    this.clock = deps.clock;
    this.unsubscribe = deps.trading.bus.subscribe('perp.*.mark', (event: DeskEvent) => {
      if (event.type !== 'perp.mark') return;
      const mark = minorOf(event.mark);
      if (mark === null || mark <= 0n) return;
      const inputs =
        event.price1 !== undefined && event.price2 !== undefined && event.contractPrice !== undefined && event.basisAverage !== undefined
          ? { price1: event.price1, price2: event.price2, contractPrice: event.contractPrice, basisAverage: event.basisAverage, basisSamples: event.basisSamples ?? 0 }
          : undefined;
      this.marks.set(event.symbol, { mark, index: minorOf(event.index), fundingRate: minorOf(event.fundingRate), nextFundingTime: event.nextFundingTime, time: event.time, inputs });
    });
  }

  close(): void {
    this.unsubscribe();
  }

  get desk() {
    return this.trading.desks.perp;
  }

  markets(): PerpMarket[] {
    return this.desk.markets();
  }

  /** The perpetual named `symbol`; -1121 otherwise. */
  market(symbol: string): PerpMarket {
    const m = this.markets().find((x) => x.symbol === symbol);
    if (m === undefined) throw errors.symbol();
    return m;
  }

  /** The index price in quote minor units per coin, null before its first record. */
  index(symbol: string): bigint | null {
    const ticks = this.trading.indexPrice(symbol);
    const m = this.markets().find((x) => x.symbol === symbol);
    return ticks === null || m === undefined ? null : BigInt(ticks) * m.market.tickSize;
  }

  /** The latest mark: published by the mark job, else the last recorded one, else the index; null when none is known. */
  async mark(symbol: string): Promise<MarkInfo | null> {
    const live = this.marks.get(symbol);
    if (live !== undefined) return live;
    const recorded = await this.store.perp.lastMark(symbol);
    if (recorded !== undefined) {
      return { mark: recorded.mark, index: recorded.indexPrice, fundingRate: recorded.fundingRate, nextFundingTime: null, time: recorded.time };
    }
    const index = this.index(symbol);
    return index === null ? null : { mark: index, index, fundingRate: null, nextFundingTime: null, time: this.clock() };
  }

  /**
   * Every perpetual in Binance's exchangeInfo shape. A market the operator closed or put in maintenance takes no
   * orders opening positions (closing ones only): CLOSE.
   */
  symbols(): FuturesSymbol[] {
    const flags = new Map(this.trading.desks.spot.markets().map((f) => [f.symbol, f]));
    return this.markets().map((p) => {
      const f = flags.get(p.symbol);
      return contract(p, f === undefined || (f.isOpen === 0 && !f.maintenance) ? 'TRADING' : 'CLOSE');
    });
  }

  /** Whether the market takes orders that open positions (-4140 otherwise). */
  opening(symbol: string): boolean {
    const f = this.trading.desks.spot.markets().find((m) => m.symbol === symbol);
    return f === undefined || (f.isOpen === 0 && !f.maintenance);
  }
}

/** One perpetual as Binance's /fapi/v1/exchangeInfo lists it. */
export function contract(p: PerpMarket, status = 'TRADING'): FuturesSymbol {
  const m = p.market;
  const maxTicks = m.maxNotional / m.tickSize;
  const first = p.brackets[0]!;
  const lot = (kind: string): FuturesFilter => ({
    filterType: kind, minQty: d8(BigInt(m.minQty) * m.lotSize), maxQty: d8(BigInt(m.maxQty) * m.lotSize), stepSize: d8(m.lotSize),
  });
  return {
    symbol: p.symbol,
    pair: p.symbol,
    contractType: 'PERPETUAL',
    deliveryDate: PERPETUAL_DELIVERY,
    onboardDate: 0,
    status,
    // Percentages with 4 decimals, as Binance writes them: the first bracket's MMR and 1 / its leverage.
    maintMarginPercent: formatDecimal((first.mmr * 100n) / 10_000n, 4),
    requiredMarginPercent: formatDecimal(1_000_000n / BigInt(first.maxLeverage), 4),
    baseAsset: m.base,
    quoteAsset: m.quote,
    marginAsset: m.quote,
    pricePrecision: places(m.tickSize),
    quantityPrecision: places(m.lotSize),
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    settlePlan: 0,
    triggerProtect: '0.0500',
    liquidationFee: formatDecimal(p.liquidationFee, 8).slice(0, -2),
    marketTakeBound: formatDecimal(PRICE_BAND_BPS, 4, true),
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: d8(m.tickSize), maxPrice: d8(maxTicks * m.tickSize), tickSize: d8(m.tickSize) },
      lot('LOT_SIZE'),
      lot('MARKET_LOT_SIZE'),
      { filterType: 'MIN_NOTIONAL', notional: formatDecimal(m.minNotional, 8, true) },
      { filterType: 'PERCENT_PRICE', multiplierUp: multiplier(PRICE_BAND_BPS), multiplierDown: multiplier(-PRICE_BAND_BPS), multiplierDecimal: '4' },
    ],
    // The conditional types go to the Algo Order API (futures-algo.ts); ccxt checks a type against this list.
    orderTypes: ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET'],
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
  };
}
