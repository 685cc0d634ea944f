// The stream layer's one public entry. Start it once per tab with setUpStreams (returns its cleanup), hand it the
// session ticket with setStreamsTicket, and read market and account state through the hooks or atoms.
export { setUpStreams, setStreamsTicket, serverNow, orderBook$, candles$, trades$ } from './atoms.ts';
export {
  connectionStatusAtom,
  authStateAtom,
  serverOffsetAtom,
  orderBookAtom,
  tradesAtom,
  tickerAtom,
  tickersAtom,
  candlesAtom,
  ordersAtom,
  balancesAtom,
  countdownAtom,
  pollingAtom,
} from './atoms.ts';
export {
  useConnectionStatus,
  useStreamsAuth,
  useServerOffset,
  useOrderBook,
  useTrades,
  useTicker,
  useTickers,
  useCandles,
  useOrders,
  useBalances,
  useCountdown,
} from './hooks.ts';
export { dataOf, mapLoadable, type Loadable, type StreamError } from './loadable.ts';
export type { StreamsOptions } from './runtime.ts';
export type { BookView } from './reducers/order-book.ts';
export type { Tickers } from './reducers/tickers.ts';
export type { Trade, Candle } from './parse/market.ts';
export type { ConnectionStatus } from './socket/connection.ts';
export type { AuthState } from './socket/topics.ts';
export type { PollOptions } from './sources/polling.ts';
