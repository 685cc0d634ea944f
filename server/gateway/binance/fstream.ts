// Binance USDⓈ-M futures WebSocket streams (Binance's wss://fstream.binance.com), under the prefix /fstream: point a
// bot's futures WebSocket base URL at ws://HOST/fstream (ccxt: `ex.urls.api.ws.future = 'ws://HOST/fstream/ws'`),
// as the REST base URL at http://HOST (README.md). Paths, as on Binance:
//
// - /fstream/ws/<stream>             one raw stream (payloads as they are); /fstream/ws/<a>/<b> several, raw
// - /fstream/ws                      no stream yet: SUBSCRIBE to some
// - /fstream/stream?streams=<a>/<b>  combined: every message {"stream": <name>, "data": <payload>}
// - /fstream/ws/<listenKey>          the account's user data (listen key from POST /fapi/v1/listenKey)
// - the same under /fstream/public, /fstream/market and /fstream/private (Binance's newer split, which ccxt uses:
//   any stream is served on any of them), and /fstream/private/ws?listenKey=<listenKey>
//
// Messages from the client: {"method": "SUBSCRIBE" | "UNSUBSCRIBE", "params": [names], "id": n} → {"result": null,
// "id": n}; {"method": "LIST_SUBSCRIPTIONS", "id": n} → {"result": [names], "id": n}; SET_PROPERTY / GET_PROPERTY of
// "combined". Errors as Binance's: {"error": {"code": 2, "msg": "Invalid request: invalid stream"}, "id": n} for a
// stream name that is not one (a listen key that is not live included: nothing subscribed then); code 3 for a frame
// that is not JSON; code 2 for a bad id, method or params. A name in the URL that is not a stream is left out, the
// connection accepted, as Binance does (ccxt.pro appends a number, /ws/0, to tell its connections apart); a listen
// key in the URL that is not live refuses the upgrade with HTTP 400 {"code": -1125, "msg": "This listenKey does not
// exist."}, so a bot knows to make a new one.
//
// Streams: fstream-market.ts (markPrice, !markPrice@arr, aggTrade, kline_<interval>, bookTicker, depth<N>, depth)
// and fstream-user.ts (ORDER_TRADE_UPDATE, ACCOUNT_UPDATE, MARGIN_CALL); when a listen key expires or is deleted its
// subscribers get {"e": "listenKeyExpired", "E": time, "listenKey": key}, the stream stops, and a connection opened on
// that key alone is closed (a client makes a new key and reconnects, as on Binance).
//
// Connections (ws-streams.ts, shared with the spot streams of sstream.ts), as Binance's and with the app WebSocket's
// protections (routes/ws.ts): a ping frame every 3 minutes, and a connection that has answered none (nor sent
// anything) for 10 minutes is dropped; at most 10 messages a second from a client (more closes it, code 1008) and 1024
// streams; frames over the app's limit (64 KiB) close it; a reader more than MAX_BUFFERED behind is destroyed at once
// (counted as wsSlowDropped); a connection lives at most 24 hours. Each payload is serialised once per stream,
// whatever the number of subscribers.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import { LISTEN_KEY_FORMAT, listenKeysOf, type ListenKey, type ListenKeys } from './fstream-keys.ts';
import { MarketStreams, parseMarketStream, type MarketStream, type Source } from './fstream-market.ts';
import { UserFeed } from './fstream-user.ts';
import { serveStreams, StreamHub, type Refusal, type StreamLimits } from './ws-streams.ts';

export { MAX_CONNECTION_MS, MAX_MESSAGES_PER_SECOND, MAX_STREAMS, PING_MS, PONG_TIMEOUT_MS } from './ws-streams.ts';
export const FSTREAM_PREFIX = '/fstream';

/** What a stream name stands for: a market stream, or an account's user data by its listen key. */
type Stream = { readonly kind: 'market'; readonly stream: MarketStream } | { readonly kind: 'user'; readonly key: ListenKey };

export interface FstreamOptions extends StreamLimits {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
}

/** The USDⓈ-M streams: the perpetuals' market streams and the accounts' user data by listen key. */
export class Fstream extends StreamHub<Stream> {
  readonly keys: ListenKeys;
  private readonly o: FstreamOptions;
  private readonly market: MarketStreams;
  private readonly stopKeys: () => void;
  private readonly log: (error: unknown, what: string) => void;

  constructor(o: FstreamOptions, keys: ListenKeys, log: (error: unknown, what: string) => void) {
    super();
    this.o = o;
    this.keys = keys;
    this.log = log;
    this.market = new MarketStreams({ trading: o.trading, store: o.store, clock: o.clock, onError: log });
    this.stopKeys = keys.onEnd((key) => this.keyEnded(key.key, this.o.clock()));
  }

  /** A stream name → what it streams; null when it names none (a listen key that is not live included). */
  parse(name: string): Stream | null {
    if (LISTEN_KEY_FORMAT.test(name)) {
      const key = this.keys.find(name);
      return key === undefined ? null : { kind: 'user', key };
    }
    const stream = parseMarketStream(name, (lower) => this.market.symbolOf(lower));
    return stream === null ? null : { kind: 'market', stream };
  }

  /** A listen key in the URL that is not live refuses the upgrade (-1125), so a bot knows to make a new one. */
  override fromUrl(name: string): { readonly stream: Stream | null; readonly urlKey?: boolean } | Refusal {
    if (!LISTEN_KEY_FORMAT.test(name)) return { stream: this.parse(name) };
    const key = this.keys.find(name);
    if (key === undefined) return { status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } };
    return { stream: { kind: 'user', key }, urlKey: true };
  }

  override close(): void {
    this.closed = true;
    this.stopKeys();
    super.close();
    this.market.close();
  }

  protected open(_name: string, stream: Stream, emit: (payload: unknown) => void): Source {
    return stream.kind === 'market' ? this.market.open(stream.stream, emit) : this.userSource(stream.key, emit);
  }

  private userSource(key: ListenKey, emit: (payload: unknown) => void): Source {
    const feed = new UserFeed({ trading: this.o.trading, store: this.o.store, clock: this.o.clock, user: key.user, emit, onError: this.log });
    return { ready: feed.ready, stop: () => feed.stop() };
  }

}

/**
 * Registers the /fstream routes on `app` (before it listens) and answers the WebSocket side; it closes with the app.
 * The listen keys are the app's (fstream-keys.ts), which the REST routes of binance/index.ts make. Besides the paths
 * of ws-streams.ts: the same under /fstream/public, /fstream/market and /fstream/private, and
 * /fstream/private/ws?listenKey=<listenKey>.
 */
export function fstreamRoutes(app: FastifyInstance, o: FstreamOptions): Fstream {
  const keys = listenKeysOf(app, o.clock);
  const fstream = new Fstream(o, keys, (error, what) => app.log.error({ err: error }, `fstream ${what} failed`));
  serveStreams(app, {
    ...o,
    bases: [FSTREAM_PREFIX, `${FSTREAM_PREFIX}/public`, `${FSTREAM_PREFIX}/market`, `${FSTREAM_PREFIX}/private`],
    hub: fstream,
    label: 'fstream',
    queryNames: ['listenKey'],
  });
  return fstream;
}
