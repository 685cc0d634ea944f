// React bindings of the stream atoms. Panels use these (or the atoms with the app's store); never the socket.
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type {
  PriceRecordEntry, SecondsConfigItem,
  BalanceUpdate, ContractAccountItem, ContractConditionalItem, ContractOrderItem, ContractPositionItem, KlineInterval, OrderUpdate, Ticker24h, UnreadView,
} from './contract.ts';
import type { Loadable } from './loadable.ts';
import type { Candle, Trade } from './parse/market.ts';
import type { ContractMarketViews, ContractMarkView } from './reducers/contract-markets.ts';
import type { ContractSettings } from './reducers/contract-positions.ts';
import type { BookView } from './reducers/order-book.ts';
import type { EarnViews } from './reducers/earn.ts';
import type { QuantViews } from './reducers/quant.ts';
import type { SecondsViews } from './reducers/seconds.ts';
import type { Tickers } from './reducers/tickers.ts';
import type { ConnectionStatus } from './socket/connection.ts';
import type { AuthState } from './socket/topics.ts';
import * as atoms from './atoms.ts';

export const useConnectionStatus = (): ConnectionStatus => useAtomValue(atoms.connectionStatusAtom());
export const useStreamsAuth = (): AuthState => useAtomValue(atoms.authStateAtom());
export const useServerOffset = (): number => useAtomValue(atoms.serverOffsetAtom());
export const useOrderBook = (symbol: string, tick: string | null = null, limit = 50): Loadable<BookView> =>
  useAtomValue(atoms.orderBookAtom(symbol, tick, limit));
export const useTrades = (symbol: string): Loadable<readonly Trade[]> => useAtomValue(atoms.tradesAtom(symbol));
export const useTicker = (symbol: string): Loadable<Ticker24h | null> => useAtomValue(atoms.tickerAtom(symbol));
export const useTickers = (): Loadable<Tickers> => useAtomValue(atoms.tickersAtom());
export const useCandles = (symbol: string, interval: KlineInterval): Loadable<readonly Candle[]> =>
  useAtomValue(atoms.candlesAtom(symbol, interval));
export const useOrders = (): Loadable<readonly OrderUpdate[]> => useAtomValue(atoms.ordersAtom());
export const useBalances = (): Loadable<readonly BalanceUpdate[]> => useAtomValue(atoms.balancesAtom());

export const useContractMarkets = (): Loadable<ContractMarketViews> => useAtomValue(atoms.contractMarketsAtom());
export const useContractMark = (symbol: string): Loadable<ContractMarkView | null> => useAtomValue(atoms.contractMarkAtom(symbol));
export const useContractPositionSymbols = (): Loadable<readonly string[]> => useAtomValue(atoms.contractPositionSymbolsAtom());
/** One position row, live: re-renders only when one of its figures changes. */
export const useContractPosition = (symbol: string): ContractPositionItem | null => useAtomValue(atoms.contractPositionAtom(symbol));
export const useContractPositions = (): Loadable<readonly ContractPositionItem[]> => useAtomValue(atoms.contractPositionsAtom());
export const useContractAccount = (): Loadable<ContractAccountItem> => useAtomValue(atoms.contractAccountAtom());
export const useContractSettings = (symbol: string): ContractSettings | null => useAtomValue(atoms.contractSettingsAtom(symbol));
export const useContractOrders = (): Loadable<readonly ContractOrderItem[]> => useAtomValue(atoms.contractOrdersAtom());
export const useContractConditionals = (): Loadable<readonly ContractConditionalItem[]> => useAtomValue(atoms.contractConditionalsAtom());

/** Server time at the last whole server second: every seconds-contract countdown reads this one clock. */
export const useSecondsClock = (): number => useAtomValue(atoms.secondsClockAtom());
export const useSecondsConfig = (): Loadable<readonly SecondsConfigItem[]> => useAtomValue(atoms.secondsConfigAtom());
export const usePriceRecord = (market: string): Loadable<PriceRecordEntry | null> => useAtomValue(atoms.priceRecordAtom(market));
export const useSecondsContracts = (): Loadable<SecondsViews> => useAtomValue(atoms.secondsContractsAtom());

/** The user's wealth and mining orders, newest first, live from the `earn` topic. */
export const useEarnOrders = (): Loadable<EarnViews> => useAtomValue(atoms.earnOrdersAtom());

/** The user's quantitative bots ({ all, robot, grid }, each newest first), live from the `quant` topic; idle signed out. */
export const useQuantBots = (): Loadable<QuantViews> => useAtomValue(atoms.quantBotsAtom());

/** The bell: unread announcements and the newest few (with their read flags), live; idle signed out. */
export const useNotices = (): Loadable<UnreadView> => useAtomValue(atoms.noticesAtom());

/** Milliseconds left to a server-time deadline. */
export function useCountdown(deadline: number, stepMs = 1_000): number {
  const atom = useMemo(() => atoms.countdownAtom(deadline, stepMs), [deadline, stepMs]);
  return useAtomValue(atom);
}
