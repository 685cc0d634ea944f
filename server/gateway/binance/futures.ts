// Binance's futures endpoints: /fapi/v1 (USDⓈ-M perpetuals) and /dapi/v1 (COIN-M). ccxt's binance class loads both
// exchange infos in loadMarkets with its default options, so both answer in Binance's shape: `ping`, `time` and
// `exchangeInfo`. /fapi lists the perp desk's perpetuals and, given the USDⓈ-M context, serves their market data
// (futures-public.ts) and signed trading (futures-orders.ts; conditional orders on the Algo Order API,
// futures-algo.ts); /fapi/v2 and /fapi/v3 serve the account (futures-account.ts). COIN-M has no contracts: /dapi
// answers the three with an empty list.
import type { Clock } from '../../clock.ts';
import { futuresAccountRoutes } from './futures-account.ts';
import { futuresAlgoRoutes } from './futures-algo.ts';
import type { Usdm } from './futures-context.ts';
import { futuresOrderRoutes } from './futures-orders.ts';
import { futuresPublicRoutes } from './futures-public.ts';
import { REQUEST_WEIGHT_LIMIT, ORDERS_LIMIT } from './limits.ts';
import type { SignedRoute } from './orders.ts';
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
  /** USDⓈ-M: the first bracket's maintenance margin and initial margin rates, in percent ("0.4000", "0.8000"). */
  readonly maintMarginPercent?: string;
  readonly requiredMarginPercent?: string;
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
  readonly underlyingSubType?: readonly string[];
  readonly settlePlan?: number;
  readonly triggerProtect: string;
  readonly liquidationFee: string;
  readonly marketTakeBound: string;
  readonly filters: readonly FuturesFilter[];
  readonly orderTypes: readonly string[];
  readonly timeInForce: readonly string[];
}

export interface FuturesOptions {
  kind: FuturesKind;
  /** The listed contracts (default: the USDⓈ-M context's perpetuals, else none). */
  symbols?: () => readonly FuturesSymbol[];
  /** USDⓈ-M: the perpetuals' context and the signed-route maker of the scope; with it /fapi/v1 serves everything. */
  usdm?: { readonly context: Usdm; readonly signed: SignedRoute } | undefined;
}

/** Binance's futures exchangeInfo: USDⓈ-M also lists its margin assets; COIN-M names a contract's status `contractStatus`. */
export function futuresExchangeInfo(kind: FuturesKind, now: number, symbols: readonly FuturesSymbol[]) {
  const rateLimits = kind === 'usdm' ? [REQUEST_WEIGHT_LIMIT, ORDERS_LIMIT] : [REQUEST_WEIGHT_LIMIT];
  const base = { timezone: 'UTC', serverTime: now, rateLimits, exchangeFilters: [] };
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
  const usdm = options.usdm;
  const symbols = options.symbols ?? (usdm === undefined ? () => [] : () => usdm.context.symbols());
  route('GET', '/ping', (p) => (p.done(), {}));
  route('GET', '/time', (p) => (p.done(), { serverTime: clock() }));
  route('GET', '/exchangeInfo', (p) => {
    p.done();
    return futuresExchangeInfo(options.kind, clock(), symbols());
  });
  if (usdm === undefined) return;
  futuresPublicRoutes(route, usdm.context);
  futuresOrderRoutes(usdm.signed, usdm.context);
  futuresAlgoRoutes(usdm.signed, usdm.context);
}

/** /fapi/v2 and /fapi/v3: the account, its balances and its positions (v1 has the rest). */
export { futuresAccountRoutes };
