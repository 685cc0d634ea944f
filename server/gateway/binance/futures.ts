// Binance's futures market endpoints: /fapi/v1 (USDⓈ-M perpetuals) and /dapi/v1 (COIN-M). ccxt's binance class
// loads both exchange infos in loadMarkets with its default options, so both answer in Binance's shape: `ping`,
// `time` and `exchangeInfo`. There are no perpetuals yet, so the symbol lists are empty; the perpetuals issue
// passes its contracts to futuresRoutes as `symbols` (in FuturesSymbol's shape) for /fapi.
import type { Clock } from '../../clock.ts';
import { REQUEST_WEIGHT_LIMIT } from './limits.ts';
import type { Route } from './public.ts';

export type FuturesKind = 'usdm' | 'coinm';

/** A filter of a futures symbol, as Binance writes it (`{ filterType: 'PRICE_FILTER', tickSize: '0.10', … }`). */
export type FuturesFilter = { readonly filterType: string } & Readonly<Record<string, string | number | boolean>>;

/** One contract of a futures exchangeInfo, with the fields ccxt's parseMarket reads. */
export interface FuturesSymbol {
  readonly symbol: string;
  readonly pair: string;
  /** PERPETUAL, CURRENT_QUARTER, … */
  readonly contractType: string;
  readonly deliveryDate: number;
  readonly onboardDate: number;
  /** TRADING, SETTLING, … (`status` on /fapi, `contractStatus` on /dapi: both are written). */
  readonly status: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  readonly marginAsset: string;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  readonly baseAssetPrecision: number;
  readonly quotePrecision: number;
  /** COIN-M only: the contract's value in the quote asset. */
  readonly contractSize?: number;
  readonly underlyingType: string;
  readonly triggerProtect: string;
  readonly liquidationFee: string;
  readonly marketTakeBound: string;
  readonly filters: readonly FuturesFilter[];
  readonly orderTypes: readonly string[];
  readonly timeInForce: readonly string[];
}

export interface FuturesOptions {
  kind: FuturesKind;
  /** The listed contracts; none until the perpetuals desk exists. */
  symbols?: () => readonly FuturesSymbol[];
}

/** Binance's futures exchangeInfo: USDⓈ-M also lists its margin assets; COIN-M names a contract's status `contractStatus`. */
export function futuresExchangeInfo(kind: FuturesKind, now: number, symbols: readonly FuturesSymbol[]) {
  const base = { timezone: 'UTC', serverTime: now, rateLimits: [REQUEST_WEIGHT_LIMIT], exchangeFilters: [] };
  if (kind === 'coinm') {
    return { ...base, symbols: symbols.map(({ status, ...rest }) => ({ ...rest, contractStatus: status })) };
  }
  const margin = [...new Set(symbols.map((s) => s.marginAsset))].sort();
  return {
    ...base,
    futuresType: 'U_MARGINED',
    assets: margin.map((asset) => ({ asset, marginAvailable: true, autoAssetExchange: '0' })),
    symbols,
  };
}

export function futuresRoutes(route: Route, clock: Clock, options: FuturesOptions): void {
  const symbols = options.symbols ?? (() => []);
  route('GET', '/ping', (p) => (p.done(), {}));
  route('GET', '/time', (p) => (p.done(), { serverTime: clock() }));
  route('GET', '/exchangeInfo', (p) => {
    p.done();
    return futuresExchangeInfo(options.kind, clock(), symbols());
  });
}
