// The live trading side the gateway receives (gateway/trading.ts): market data over the candle store, fed from the
// spot desk's bus events by the bridge and published on timers, plus the index prices. startServer owns the
// pieces' lifetimes; stop() here ends the feed, then the publisher (its final candle write), then the bridge.
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import type { DeskEvent, Desks } from '../desks/index.ts';
import { kernelMarket } from '../desks/spot/market.ts';
import type { IndexRecord } from '../feeds/chain.ts';
import { startLiveIndex, type LiveIndex } from '../feeds/live-index.ts';
import type { Market, Price } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { bridgeSpotToMarket, replayStoredTrades } from './bridge.ts';
import { createCandleStore } from './candle-store.ts';
import { setUpMarketPublisher, type MarketMessage } from './publisher.ts';
import { MarketData } from './service.ts';
import type { PerpFundingInfo } from '../gateway/trading.ts';

export interface LiveOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly desks: Desks;
  readonly clock: Clock;
  /** Run the simulated index (default true); without it the index stays at its last saved record. */
  readonly feeds?: boolean | undefined;
  readonly seed?: number | undefined;
  /** Start the simulated index paused (Live.index.advance/resume): the demo's backfill steps it itself. */
  readonly indexPaused?: boolean | undefined;
  /** Told every index record appended (tests verify the chains with it). */
  readonly onIndexRecord?: ((record: IndexRecord) => void) | undefined;
  readonly publish: (message: MarketMessage) => void;
  readonly onError: (error: unknown, what: string) => void;
  /** Publisher timers, for tests; defaults are the publisher's (100 ms depth, 1 s tickers and writes). */
  readonly depthIntervalMs?: number | undefined;
}

/** gateway/trading.ts's Trading, spelled out here so market/ does not import from the gateway. */
export interface LiveTrading {
  readonly desks: Desks;
  readonly bus: Bus<DeskEvent>;
  readonly market: MarketData;
  indexPrice(symbol: string): Price | null;
  perpFunding(symbol: string): PerpFundingInfo | undefined;
}

export interface Live {
  readonly trading: LiveTrading;
  readonly markets: readonly Market[];
  readonly index: LiveIndex;
  /** Where trading.perpFunding reads from (the funding job, once it runs). */
  setPerpFunding(source: (symbol: string) => PerpFundingInfo | undefined): void;
  /** Stops the index feed, then publishes and writes what is left, then detaches from the bus. */
  stop(): Promise<void>;
}

export async function startLive(o: LiveOptions): Promise<Live> {
  const markets = (await o.store.markets.configs('spot')).map(kernelMarket);
  // Depth ids are the desk's (bridge.ts): the same on every gateway, and rising across restarts with the desk's epochs.
  const market = await MarketData.open({ markets, candles: createCandleStore(o.store.db, (q) => o.store.writeQueries(q)) });
  await replayStoredTrades(o.store.spot, market);
  const bridge = bridgeSpotToMarket({ bus: o.bus, desk: o.desks.spot, market, onError: (e, symbol) => o.onError(e, `market bridge ${symbol}`) });
  let index: LiveIndex;
  try {
    await bridge.ready;
    index = await startLiveIndex({
      config: o.store.config,
      markets,
      clock: o.clock,
      seed: o.seed,
      simulate: o.feeds ?? true,
      paused: o.indexPaused,
      onRecord: o.onIndexRecord,
      onError: (e) => o.onError(e, 'index feed'),
    });
  } catch (error) {
    bridge.close();
    throw error;
  }
  const stopPublisher = setUpMarketPublisher(market, {
    clock: o.clock,
    publish: o.publish,
    onError: (e) => o.onError(e, 'candle write'),
    ...(o.depthIntervalMs !== undefined ? { depthIntervalMs: o.depthIntervalMs } : {}),
  });
  // The funding job starts after the app (server.ts); until it does, perpetuals have no funding information.
  let funding: (symbol: string) => PerpFundingInfo | undefined = () => undefined;
  const trading: LiveTrading = Object.freeze({
    desks: o.desks, bus: o.bus, market, indexPrice: (symbol: string) => index.price(symbol), perpFunding: (symbol: string) => funding(symbol),
  });
  let stopping: Promise<void> | null = null;
  return {
    trading,
    markets,
    index,
    setPerpFunding: (source) => {
      funding = source;
    },
    stop: () =>
      (stopping ??= (async () => {
        await index.close();
        await stopPublisher();
        bridge.close();
      })()),
  };
}
