// Binance spot WebSocket market streams (Binance's wss://stream.binance.com:9443), under the prefix /stream, as the
// futures ones of fstream.binance.com live under /fstream (the app's own socket is /ws, apart): point a bot's spot
// stream base at ws://HOST/stream (ccxt.pro: `ex.urls.api.ws.spot = 'ws://HOST/stream/ws'`), as its REST base at
// http://HOST (README.md). The prefix must hold "/stream": ccxt.pro tells a spot connection from a futures one by its
// URL containing "/stream" (binance.isSpotUrl), and reads BTCUSDT as the perpetual otherwise. Paths, messages, errors
// and limits are ws-streams.ts's, shared with the futures streams (fstream.ts), but for Binance spot's 5 incoming
// messages a second (futures: 10):
//
// - /stream/ws/<stream>             one raw stream; /stream/ws/<a>/<b> several, raw
// - /stream/ws                      no stream yet: SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS / SET_PROPERTY
// - /stream/stream?streams=<a>/<b>  combined: every message {"stream": <name>, "data": <payload>}
//
// Streams: sstream-market.ts (depth diffs in line with /api/v3/depth's lastUpdateId, partial books, trade, aggTrade,
// kline_<interval> and kline_<interval>@+08:00 (sstream-zone.ts), ticker, ticker_<1h|4h|1d> and !ticker_<w>@arr
// (sstream-windows.ts), miniTicker, !ticker@arr, !miniTicker@arr, bookTicker, avgPrice). User data (listen keys on
// /stream/ws/<listenKey>) is sstream-user.ts's, which serves this hub's market streams beside it; the WebSocket API
// is ws-api.ts's.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import type { Source } from './fstream-market.ts';
import { parseSpotStream, SpotMarketStreams, type SpotStream } from './sstream-market.ts';
import { serveStreams, StreamHub, type StreamLimits } from './ws-streams.ts';

export const SPOT_STREAM_PREFIX = '/stream';
/** Binance spot's limit of incoming messages a second per connection (the futures streams allow 10). */
export const SPOT_MAX_MESSAGES_PER_SECOND = 5;

export interface SpotStreamOptions extends StreamLimits {
  readonly trading: Trading;
  /** Not read by the market streams; taken so the call reads as fstreamRoutes's (the user data stream will need it). */
  readonly store?: Store | undefined;
  readonly clock: Clock;
}

/** The spot streams: the spot markets' market streams. */
export class Sstream extends StreamHub<SpotStream> {
  private readonly market: SpotMarketStreams;

  constructor(o: SpotStreamOptions, log: (error: unknown, what: string) => void) {
    super();
    this.market = new SpotMarketStreams({ trading: o.trading, clock: o.clock, onError: log });
  }

  parse(name: string): SpotStream | null {
    return parseSpotStream(name, (lower) => this.market.symbolOf(lower));
  }

  override close(): void {
    super.close();
    this.market.close();
  }

  protected open(_name: string, stream: SpotStream, emit: (payload: unknown) => void): Source {
    return this.market.open(stream, emit);
  }
}

/** Registers the /stream routes on `app` (before it listens); they close with the app. */
export function spotStreamRoutes(app: FastifyInstance, o: SpotStreamOptions): Sstream {
  const sstream = new Sstream(o, (error, what) => app.log.error({ err: error }, `sstream ${what} failed`));
  serveStreams(app, {
    ...o,
    maxMessagesPerSecond: o.maxMessagesPerSecond ?? SPOT_MAX_MESSAGES_PER_SECOND,
    bases: [SPOT_STREAM_PREFIX],
    hub: sstream,
    label: 'sstream',
  });
  return sstream;
}
