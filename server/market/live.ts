// The live trading side the gateway receives (gateway/trading.ts): market data over the candle store, fed from the
// spot desk's bus events by the bridge and published on timers, the perpetuals' books fed from the perp desk's by
// theirs (bridge.ts perpBooks), plus the index prices. startServer owns the pieces' lifetimes; stop() here ends the
// feed, then the publisher (its final candle write), then the bridges.
// A cluster's gateways build it too, but leave the candles' writing to the jobs process (`writeCandles: false`).
import type { Bus, Unsubscribe } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import type { DeskEvent, Desks } from '../desks/index.ts';
import { kernelMarket } from '../desks/spot/market.ts';
import type { IndexRecord } from '../feeds/chain.ts';
import { startLiveIndex, type LiveIndex } from '../feeds/live-index.ts';
import type { Market, Price } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { bridgeSpotToMarket, perpBooks, replayStoredTrades } from './bridge.ts';
import { createCandleStore, followCandleStore } from './candle-store.ts';
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
  /**
   * Whether this process writes the candles (default true: the embedded server, a cluster's jobs process). A cluster's
   * gateways don't: they read the jobs process's and keep their own bars until it has written them (followCandleStore).
   */
  readonly writeCandles?: boolean | undefined;
}

/** gateway/trading.ts's Trading, spelled out here so market/ does not import from the gateway. */
export interface LiveTrading {
  readonly desks: Desks;
  readonly bus: Bus<DeskEvent>;
  readonly market: MarketData;
  readonly perpMarket: MarketData;
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
  const writes = o.writeCandles ?? true;
  const candles = writes ? createCandleStore(o.store.db, (q) => o.store.writeQueries(q)) : followCandleStore(o.store.db);
  const market = await MarketData.open({ markets, candles });
  // The bridge subscribes before the stored trades are read, and what it is told meanwhile waits until they are in
  // (market data skips a trade older than the last it has): a trade committed between the read and the
  // subscription would otherwise be missing from the bars for good, as after a writer's takeover under trading.
  const held = holdDeliveries(o.bus);
  const bridge = bridgeSpotToMarket({ bus: held.bus, desk: o.desks.spot, market, onError: (e, symbol) => o.onError(e, `market bridge ${symbol}`) });
  // The perpetuals' books, numbered by the perp desk as the spot books by the spot desk (the same on every gateway).
  const perp = perpBooks({ bus: o.bus, desk: o.desks.perp, onError: (e, symbol) => o.onError(e, `perp market bridge ${symbol}`) });
  let index: LiveIndex;
  try {
    if (hasFlush(o.bus)) await o.bus.flush(); // NATS: the server has the subscriptions before the read
    await replayStoredTrades(o.store.spot, market);
    held.release();
    await bridge.ready;
    await perp.bridge.ready;
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
    perp.bridge.close();
    throw error;
  }
  const stopPublisher = setUpMarketPublisher(market, {
    clock: o.clock,
    publish: o.publish,
    onError: (e) => o.onError(e, writes ? 'candle write' : 'candle watermark read'),
    ...(o.depthIntervalMs !== undefined ? { depthIntervalMs: o.depthIntervalMs } : {}),
  });
  // The funding job starts after the app (server.ts); until it does, perpetuals have no funding information.
  let funding: (symbol: string) => PerpFundingInfo | undefined = () => undefined;
  const trading: LiveTrading = Object.freeze({
    desks: o.desks, bus: o.bus, market, perpMarket: perp.market, indexPrice: (symbol: string) => index.price(symbol), perpFunding: (symbol: string) => funding(symbol),
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
        perp.bridge.close();
      })()),
  };
}

const hasFlush = <E>(bus: Bus<E>): bus is Bus<E> & { flush(): Promise<void> } => typeof (bus as Partial<Record<'flush', unknown>>).flush === 'function';

/** `bus` as one whose subscriptions hear nothing until release(), then what they were told meanwhile, in order. */
function holdDeliveries<E>(bus: Bus<E>): { readonly bus: Bus<E>; release(): void } {
  let held: Array<() => void> | null = [];
  return {
    bus: {
      publish: (topic, event) => bus.publish(topic, event),
      hasSubscribers: (topic) => bus.hasSubscribers(topic),
      subscribe: (pattern, handler): Unsubscribe =>
        bus.subscribe(pattern, (event, topic) => {
          if (held === null) handler(event, topic);
          else held.push(() => handler(event, topic));
        }),
      close: () => bus.close(),
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const deliver of waiting) deliver();
    },
  };
}
