// Market data from desk events: the one entry the gateway and desks import (catalog.ts stays the app's lists).
export type { LevelChange, TradeInput } from './inputs.ts';
export { tradeInput } from './inputs.ts';
export { BookTracker } from './book-tracker.ts';
export { DepthBook, DEFAULT_SNAPSHOT_LIMIT, MAX_SNAPSHOT_LIMIT, RECENT_CHANGES, type DepthDiff, type DepthSnapshot, type RecentDepth } from './depth.ts';
export type { Level } from './ladder.ts';
export { TradeRing, DEFAULT_TRADE_CAPACITY, type RecentTrade } from './trades.ts';
export { RollingTicker, type TickerStats } from './ticker.ts';
export { INTERVALS, isInterval, openTime, closeTime, nextOpenTime, type Interval } from './intervals.ts';
export { CandleSet, type Candle } from './candles.ts';
export { createCandleStore, MAX_CANDLE_LIMIT, type CandleQuery, type CandleStore, type CandlesTable } from './candle-store.ts';
export { MarketData, type MarketChange, type MarketDataOptions, type Ticker } from './service.ts';
export { setUpMarketPublisher, type MarketMessage, type PublisherOptions } from './publisher.ts';
export * from './format.ts';
