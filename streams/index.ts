// The stream layer's one public entry. Start it once per tab with setUpStreams (returns its cleanup), hand it the
// session ticket with setStreamsTicket, and read market and account state through the hooks or atoms.
export { setUpStreams, setStreamsTicket, serverNow, orderBook$, candles$, trades$, contractNotices$, secondsClock$, setNoticesView } from './atoms.ts';
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
  contractMarketsAtom,
  contractMarkAtom,
  contractPositionSymbolsAtom,
  contractPositionAtom,
  contractPositionsAtom,
  contractAccountAtom,
  contractSettingsAtom,
  contractOrdersAtom,
  contractConditionalsAtom,
  secondsClockAtom,
  secondsConfigAtom,
  priceRecordAtom,
  secondsContractsAtom,
  earnOrdersAtom,
  quantBotsAtom,
  noticesAtom,
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
  useContractMarkets,
  useContractMark,
  useContractPositionSymbols,
  useContractPosition,
  useContractPositions,
  useContractAccount,
  useContractSettings,
  useContractOrders,
  useContractConditionals,
  useSecondsClock,
  useSecondsConfig,
  usePriceRecord,
  useSecondsContracts,
  useEarnOrders,
  useQuantBots,
  useNotices,
} from './hooks.ts';
// Seconds contracts: the parsers (for the app's REST client), the lists, the countdown rule of the one clock.
export { parseSecondsConfig, parseSecondsContract, parseSecondsContracts, parsePriceRecordEntries, parsePriceRecordEntry } from './parse/seconds.ts';
export { secondsPhase, type SecondsViews, type SecondsSeed } from './reducers/seconds.ts';
export { secondsLeft } from './pipelines/seconds-clock.ts';
// Wealth products and mining pools: the parsers (for the app's REST client) and the orders' views.
export {
  parseEarnProduct, parseEarnProducts, parseEarnOrder, parseEarnIncome, parseEarnOrderPage, parseEarnIncomePage, parseEarnPurchaseResult,
  parseEarnOrderDetail, parseEarnEvent, type EarnPageOf,
} from './parse/earn.ts';
export { earnNotBehind, isActiveEarn, type EarnViews, type EarnSeed } from './reducers/earn.ts';
export { EARN_SEED_ENDED } from './rest/earn.ts';
// Quantitative bots: the parsers (for the app's REST client) and the user's bots.
export {
  parseQuantStrategy, parseQuantStrategies, parseQuantBot, parseQuantBotPage, parseQuantBotDetail, parseQuantBacktest, parseQuantEvent, QUANT_END_REASONS,
  type QuantPageOf,
} from './parse/quant.ts';
export { currentBot, quantNotBehind, type QuantViews, type QuantSeed } from './reducers/quant.ts';
// Published content: the parsers (for the app's REST client) of an article's list item and the bell's view.
export { parseArticleListItem, parseArticleList, parseUnreadView, parseContentEvent } from './parse/content.ts';
export { dataOf, mapLoadable, type Loadable, type StreamError } from './loadable.ts';
export type { StreamsOptions } from './runtime.ts';
export type { BookView } from './reducers/order-book.ts';
export type { Tickers } from './reducers/tickers.ts';
export type { Trade, Candle } from './parse/market.ts';
export type { ConnectionStatus } from './socket/connection.ts';
export type { AuthState } from './socket/topics.ts';
export type { PollOptions } from './sources/polling.ts';
export type { ContractMarketView, ContractMarketViews, ContractMarkView } from './reducers/contract-markets.ts';
export type { ContractSettings } from './reducers/contract-positions.ts';
// The contract payloads' parsers, for the app's REST client (src/api/contract.ts) to read the same items.
export {
  parseContractAccount, parseContractConditional, parseContractMarket, parseContractMarkets, parseContractOrder, parseContractPosition,
  parseContractPositionsReply, parsePage,
} from './parse/contract.ts';
// The perpetuals' market data (book, trades, candles, mark candles, tickers), the spot pipelines on the perp venue.
export {
  setUpPerpMarket,
  perpOrderBook$,
  perpTrades$,
  perpCandles$,
  perpMarkCandles$,
  perpOrderBookAtom,
  perpTradesAtom,
  perpTickerAtom,
  perpTickersAtom,
  perpCandlesAtom,
  perpMarkCandlesAtom,
  usePerpOrderBook,
  usePerpTrades,
  usePerpTicker,
  usePerpTickers,
  usePerpCandles,
  usePerpMarkCandles,
  venueOrderBook$,
  venueTrades$,
  venueCandles$,
  useVenueTicker,
  type PerpMarketOptions,
} from './perp-market.ts';
