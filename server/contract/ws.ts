// The WebSocket protocol on /ws: one multiplexed socket per tab, JSON frames both ways.
//
// Client → server: ping, subscribe/unsubscribe to topics, auth with the session ticket for private topics.
// Server → client: pong (server time, for clock offsets), ack/error per request id, and events. Every event
// carries the topic's sequence number, which rises by exactly one per event on that topic for this connection;
// a gap means a lost frame, and the client re-subscribes (and, for depth, re-snapshots) instead of guessing.
//
// Market payloads have Binance's stream shapes so existing tooling reads them; the depth topic carries diffs with
// first/last update ids (U/u); the snapshot comes from REST GET /api/v3/depth (Binance's local-book algorithm).
// The perpetuals' market topics (PerpTopic) carry the same payloads from the perp desk, their REST reads on /fapi/v1.
import type { ErrorCode } from './errors.ts';

export const WS_PATH = '/ws';
/**
 * A connection opened with `?batch=1` gets the frames the server writes in one turn of its event loop (the events of
 * one publish round, an ack with the events before it) in one WebSocket message: a JSON array of the frames in
 * order, or the frame alone when there is one. A browser pays for each message it takes in (a task and an event),
 * so thousands of events a second cost it a few hundred messages. Without it, one frame per message.
 */
export const WS_BATCH_PARAM = 'batch';
/** Clients ping this often; the server drops a connection silent for three intervals. */
export const WS_HEARTBEAT_MS = 15_000;
/**
 * Close code when the session that authenticated the socket ends (logout, revocation, password reset, expiry, a
 * frozen account): the server drops the socket's private topics at once and closes it with this code and the reason
 * `session.expired`. The client shows the session-expired alert and does not reconnect with the old ticket.
 */
export const WS_CLOSE_SESSION_ENDED = 4001;

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Where a market trades: the spot book, or the perpetual of the same symbol (the perp desk's own book). */
export type MarketVenue = 'spot' | 'perp';

/**
 * The perpetuals' public market topics, in their spot twins' payloads so one set of reducers reads both; a symbol
 * that is not a perpetual is refused. `perpDepth@BTCUSDT` (DepthUpdateEvent; snapshot from GET /fapi/v1/depth, its
 * lastUpdateId under the same procedure as depth@ with /api/v3/depth), `perpTrade@BTCUSDT` (TradeEvent; history GET
 * /fapi/v1/trades), `perpTicker@BTCUSDT` (Ticker24h; GET /fapi/v1/ticker/24hr, which has no bid and ask),
 * `perpTickers` (every perpetual's, as `tickers`), `perpKline@BTCUSDT@1m` (KlineEvent; GET /fapi/v1/klines) and
 * `perpMarkKline@BTCUSDT@1m` (KlineEvent of the mark price: no volumes, `n` the marks in the bar; GET
 * /fapi/v1/markPriceKlines).
 */
export type PerpTopic =
  | `perpTrade@${string}`
  | `perpDepth@${string}`
  | `perpTicker@${string}`
  | 'perpTickers'
  | `perpKline@${string}@${KlineInterval}`
  | `perpMarkKline@${string}@${KlineInterval}`;

/**
 * Topic names. Public: `trade@BTCUSDT`, `depth@BTCUSDT`, `ticker@BTCUSDT`, `tickers` (every market),
 * `kline@BTCUSDT@1m`, and the perpetuals' (PerpTopic). Private (after auth): `orders`, `balances`, `transfers`.
 * The areas keep theirs in their own contract files: the perpetuals' (contract/api.ts ContractTopic), the seconds
 * contracts' (`secondsContracts`, `priceRecord@SYMBOL`: contract/seconds.ts) and the wealth and mining orders'
 * (`earn`, private: contract/earn.ts EARN_TOPIC, each event an EarnEvent { type: 'earn', order }), the quantitative
 * bots' (`quant`, private: contract/quant.ts QUANT_TOPIC) and the bell's (`notices`, private: contract/content.ts
 * CONTENT_TOPIC, each event a ContentEvent when an announcement goes public or is taken down).
 */
export type PublicTopic =
  | `trade@${string}`
  | `depth@${string}`
  | `ticker@${string}`
  | 'tickers'
  | `kline@${string}@${KlineInterval}`
  | PerpTopic;
export type PrivateTopic = 'orders' | 'balances' | 'transfers';
export type Topic = PublicTopic | PrivateTopic;

export const PRIVATE_TOPICS: readonly PrivateTopic[] = ['orders', 'balances', 'transfers'];

const SYMBOL = '[A-Z0-9]{2,20}';
const INTERVAL = `(?:${KLINE_INTERVALS.join('|')})`;
const TOPIC = new RegExp(
  `^(?:(?:trade|depth|ticker|perpTrade|perpDepth|perpTicker)@${SYMBOL}|tickers|perpTickers|(?:kline|perpKline|perpMarkKline)@${SYMBOL}@${INTERVAL}|orders|balances|transfers)$`,
);
export function isTopic(value: string): value is Topic {
  return TOPIC.test(value);
}
export function isPerpTopic(topic: string): topic is PerpTopic {
  return topic.startsWith('perp');
}
export function isPrivateTopic(topic: Topic): topic is PrivateTopic {
  return (PRIVATE_TOPICS as readonly string[]).includes(topic);
}

export type WsClientFrame =
  | { op: 'ping'; id?: number }
  | { op: 'subscribe'; id: number; topics: Topic[] }
  | { op: 'unsubscribe'; id: number; topics: Topic[] }
  | { op: 'auth'; id: number; ticket: string };

export type WsServerFrame =
  | { op: 'pong'; id?: number; /** server time, Unix milliseconds */ time: number }
  | { op: 'ack'; id: number }
  | { op: 'error'; id?: number; code: ErrorCode; msg: string }
  | { op: 'event'; topic: Topic; seq: number; data: unknown };

/** Price and quantity as decimal text, as in Binance's payloads. */
export type TextLevel = [price: string, qty: string];

export interface DepthUpdateEvent {
  e: 'depthUpdate';
  E: number;
  s: string;
  U: number;
  u: number;
  b: TextLevel[];
  a: TextLevel[];
}
export interface DepthSnapshot {
  lastUpdateId: number;
  bids: TextLevel[];
  asks: TextLevel[];
}
export interface TradeEvent {
  e: 'trade';
  E: number;
  s: string;
  t: number;
  p: string;
  q: string;
  T: number;
  /** Buyer is the maker, i.e. the taker sold. */
  m: boolean;
  M: boolean;
}
export interface KlineEvent {
  e: 'kline';
  E: number;
  s: string;
  k: {
    t: number;
    T: number;
    s: string;
    i: KlineInterval;
    f: number;
    L: number;
    o: string;
    c: string;
    h: string;
    l: string;
    v: string;
    n: number;
    x: boolean;
    q: string;
    V: string;
    Q: string;
    B: string;
  };
}
/** Same fields as GET /api/v3/ticker/24hr. */
export interface Ticker24h {
  symbol: string;
  priceChange: string;
  priceChangePercent: string;
  weightedAvgPrice: string;
  lastPrice: string;
  lastQty: string;
  bidPrice: string;
  bidQty: string;
  askPrice: string;
  askQty: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  volume: string;
  quoteVolume: string;
  openTime: number;
  closeTime: number;
  firstId: number;
  lastId: number;
  count: number;
}

export type Wallet = 'coin' | 'contract' | 'earn' | 'seconds' | 'fiat';
export type OrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED' | 'REJECTED';

/** `orders` topic: the order's state after a change. */
export interface OrderUpdate {
  orderId: number;
  clientOrderId: string | null;
  symbol: string;
  side: 'BUY' | 'SELL';
  type: 'LIMIT' | 'MARKET';
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY' | null;
  price: string;
  origQty: string;
  executedQty: string;
  cumulativeQuoteQty: string;
  status: OrderStatus;
  time: number;
  updateTime: number;
  /** A conditional order's trigger (null for a plain order); `triggered` false while it waits. */
  trigger: { condition: 'stop_loss' | 'take_profit'; stopPrice: string | null; trailingDelta: number | null; triggered: boolean; triggerTime: number | null } | null;
  /** The OCO list the order is a leg of. */
  orderListId: number | null;
  /** The quantitative bot that placed it (contract/quant.ts); absent for the user's own orders. */
  botId?: number;
}
/** `balances` topic: one wallet's balance of one asset after a change. */
export interface BalanceUpdate {
  wallet: Wallet;
  asset: string;
  available: string;
  frozen: string;
  time: number;
}
/** `transfers` topic. */
export interface TransferUpdate {
  transferId: string;
  asset: string;
  amount: string;
  from: Wallet;
  to: Wallet;
  status: 'pending' | 'completed';
  time: number;
}
