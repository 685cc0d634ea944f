// The kernel's public entry: desks import from here. Pure and deterministic: no I/O, no clock, no randomness.
export * from './codes.ts';
export * from './money/nominal.ts';
export * from './money/decimal.ts';
export * from './money/market.ts';
export * from './ledger/accounts.ts';
export * from './ledger/ledger.ts';
export type * from './book/types.ts';
export { MatchSink, FILL, MAKER_EXPIRED, type PlaceOutcome } from './book/sink.ts';
export { ReferenceBook } from './book/reference-book.ts';
export { FastBook } from './book/fast-book.ts';
export type * from './spot/commands.ts';
export { PPM, feeOn, validRate, validRates } from './spot/fees.ts';
export { checkLimit, checkMarketByBase, checkMarketByQuote, checkOrder } from './spot/rules.ts';
export { SpotEngine, type SpotEngineOptions } from './spot/engine.ts';
export { OpenOrders, type OpenOrder } from './spot/open-orders.ts';
export * from './fees/levels.ts';
export * from './fees/calendar.ts';
export * from './perp/index.ts';
