// Fan-out of the WebSocket topics: one group per topic (per user for private topics) holding its subscribers.
// Each event is serialised once per group; only the per-connection seq differs, spliced into a shared prefix.
// Public events come from the one market publisher (startServer hands them to market()); private ones from one
// bus subscription per (user, topic), made by the first subscriber and dropped with the last.
import type { FastifyInstance } from 'fastify';
import { createSessionService, type SessionService } from '../../accounts/sessions.ts';
import type { Unsubscribe } from '../../bus/index.ts';
import type { Clock } from '../../clock.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { isPrivateTopic, WS_HEARTBEAT_MS, type PrivateTopic, type Topic } from '../../contract/ws.ts';
import { topics as busTopics } from '../../desks/index.ts';
import { formatDepthDiff, formatKlineEvent, formatTicker, formatTradeEvent, type MarketMessage } from '../../market/index.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import { privatePayload } from './ws-payloads.ts';

/** Topics one connection may hold at once: a terminal with several markets side by side needs a few dozen. */
export const MAX_TOPICS_PER_CONNECTION = 100;

export interface WsClient {
  /** Sends one serialised frame. */
  send(text: string): void;
  /** The authenticated user, or null. */
  user: number | null;
  /** Group key → the last seq sent to this client on it. */
  readonly seqs: Map<string, number>;
}

interface Group {
  readonly prefix: string;
  readonly clients: Set<WsClient>;
  unsubscribe: Unsubscribe | null;
}

export interface WsHubOptions {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly sessionTtlMs: number;
  /** A connection silent for 3 × this is dropped; default WS_HEARTBEAT_MS. */
  readonly heartbeatMs?: number | undefined;
  readonly maxTopics?: number | undefined;
}

const PRIVATE_BUS: Readonly<Record<PrivateTopic, (user: number) => string>> = {
  orders: busTopics.userOrders,
  balances: busTopics.userBalances,
  transfers: busTopics.userTransfers,
};

const symbolOf = (topic: string): string | null => (topic.includes('@') ? topic.split('@')[1]! : null);

export class WsHub {
  readonly clock: Clock;
  readonly heartbeatMs: number;
  readonly maxTopics: number;
  private readonly trading: Trading;
  private readonly sessions: SessionService;
  private readonly groups = new Map<string, Group>();
  private tickers: unknown[] = [];

  constructor(o: WsHubOptions) {
    this.trading = o.trading;
    this.clock = o.clock;
    this.heartbeatMs = o.heartbeatMs ?? WS_HEARTBEAT_MS;
    this.maxTopics = o.maxTopics ?? MAX_TOPICS_PER_CONNECTION;
    this.sessions = createSessionService(o.store, o.clock, o.sessionTtlMs);
  }

  /** The user behind a session ticket; throws the catalogue error the app API would answer. */
  async authenticate(ticket: string): Promise<number> {
    return (await this.sessions.authenticate(ticket)).user.id;
  }

  /**
   * Adds `client` to every topic, restarting each one's seq (the next event is 1), or to none: the error code of
   * the first refused topic (unknown market, private without auth, too many topics).
   */
  subscribe(client: WsClient, topics: readonly Topic[]): ErrorCode | null {
    const fresh = new Set<string>();
    for (const topic of topics) {
      const symbol = symbolOf(topic);
      if (symbol !== null && this.trading.market.market(symbol) === undefined) return 'request.invalid';
      if (isPrivateTopic(topic) && client.user === null) return 'login.user.not.login';
      const key = this.key(client, topic);
      if (!client.seqs.has(key)) fresh.add(key);
    }
    if (client.seqs.size + fresh.size > this.maxTopics) return 'request.invalid';
    for (const topic of topics) this.join(client, topic);
    return null;
  }

  unsubscribe(client: WsClient, topic: Topic): void {
    if (isPrivateTopic(topic) && client.user === null) return;
    this.leave(client, this.key(client, topic));
  }

  /** Drops a client's private topics (sign-in as someone else, or a failed auth). */
  dropPrivate(client: WsClient): void {
    for (const key of [...client.seqs.keys()]) if (key.includes('#')) this.leave(client, key);
  }

  /** Forgets a closed connection. */
  drop(client: WsClient): void {
    for (const key of [...client.seqs.keys()]) this.leave(client, key);
  }

  /** One market publisher message, to every subscriber of its topic; formatted only when someone listens. */
  market(m: MarketMessage): void {
    const market = this.trading.market.market(m.symbol);
    if (market === undefined) return;
    const has = (key: string) => this.groups.has(key);
    switch (m.topic) {
      case 'trade':
        if (has(`trade@${m.symbol}`)) this.emit(`trade@${m.symbol}`, formatTradeEvent(market, m.symbol, m.trade));
        return;
      case 'depth':
        if (has(`depth@${m.symbol}`)) this.emit(`depth@${m.symbol}`, formatDepthDiff(market, m.diff));
        return;
      case 'kline': {
        const key = `kline@${m.symbol}@${m.candle.interval}`;
        if (has(key)) this.emit(key, formatKlineEvent(market, m.candle, this.clock()));
        return;
      }
      case 'ticker': {
        if (!has(`ticker@${m.symbol}`) && !has('tickers')) return;
        const ticker = formatTicker(market, m.ticker);
        this.emit(`ticker@${m.symbol}`, ticker);
        if (!has('tickers')) return;
        // The publisher hands over every ticker of a round in one go: gather them into one `tickers` event.
        if (this.tickers.length === 0) queueMicrotask(() => this.flushTickers());
        this.tickers.push(ticker);
        return;
      }
    }
  }

  close(): void {
    for (const g of this.groups.values()) g.unsubscribe?.();
    this.groups.clear();
  }

  private flushTickers(): void {
    const list = this.tickers;
    this.tickers = [];
    if (list.length > 0) this.emit('tickers', list);
  }

  private join(client: WsClient, topic: Topic): void {
    const key = this.key(client, topic);
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { prefix: `{"op":"event","topic":${JSON.stringify(topic)},"seq":`, clients: new Set(), unsubscribe: null };
      this.groups.set(key, group);
      if (isPrivateTopic(topic)) {
        group.unsubscribe = this.trading.bus.subscribe(PRIVATE_BUS[topic](client.user!), (e) => {
          const payload = privatePayload(e);
          if (payload !== null) this.emit(key, payload);
        });
      }
    }
    group.clients.add(client);
    client.seqs.set(key, 0);
  }

  private key(client: WsClient, topic: Topic): string {
    return isPrivateTopic(topic) ? `${topic}#${client.user}` : topic;
  }

  private leave(client: WsClient, key: string): void {
    client.seqs.delete(key);
    const group = this.groups.get(key);
    if (group === undefined) return;
    group.clients.delete(client);
    if (group.clients.size === 0) {
      group.unsubscribe?.();
      this.groups.delete(key);
    }
  }

  private emit(key: string, data: unknown): void {
    const group = this.groups.get(key);
    if (group === undefined) return;
    const tail = `,"data":${JSON.stringify(data)}}`;
    for (const client of group.clients) {
      const seq = (client.seqs.get(key) ?? 0) + 1;
      client.seqs.set(key, seq);
      client.send(group.prefix + seq + tail);
    }
  }
}

export function createWsHub(o: WsHubOptions): WsHub {
  return new WsHub(o);
}

// app.ts builds the /ws route before startServer has the hub (it also needs the market publisher, which
// startServer owns); the route finds the hub of its app here when a connection opens.
const hubs = new WeakMap<FastifyInstance, WsHub>();

export function attachWsHub(app: FastifyInstance, hub: WsHub): void {
  hubs.set(app, hub);
}

export function wsHubOf(app: FastifyInstance): WsHub | undefined {
  return hubs.get(app);
}
