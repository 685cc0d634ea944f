// Fan-out of the WebSocket topics: one group per topic (per user for private topics) holding its subscribers.
// Each event is serialised once per group; only the per-connection seq differs, spliced into a shared prefix.
// Public events come from the one market publisher (startServer hands them to market()); private ones from one
// bus subscription per (user, topic), made by the first subscriber and dropped with the last. The perpetual
// contracts' topics (contract/api.ts): markPrice@ and funding@ from the bus's perp.<SYMBOL>.mark, one subscription per
// topic; contractOrders, contractPositions, contractConditionals and contractAccount from a feed per user
// (contract/stream.ts), which the contract routes also tell of changes the desk does not publish (contractChanged).
// The perpetuals' market topics (contract/ws.ts PerpTopic) come from perp-market-stream.ts, one source per topic; a
// subscriber to a source still reading its first state gets no event until its ack (whenReady, then admit).
// `secondsContracts` and `earn` (contract/earn.ts: { type: 'earn', order } after any change of one of the user's
// wealth or mining orders) come from the bus's user.<id>.seconds and user.<id>.earn. `notices` (contract/content.ts: a
// ContentEvent when an announcement goes public, now or at its scheduled time, or is taken down) is the same for
// every signed-in subscriber: each one's group listens to the store's watcher (content/notices.ts), private only so
// that it ends with the session like the others.
//
// Sessions. A connection signed in with a ticket belongs to that session: when the session ends (sign-out,
// revocation, password reset, a frozen account, expiry) the connection's private topics stop and it is closed
// with WS_CLOSE_SESSION_ENDED. A revocation made in this process is announced before its write runs
// (store/sessions.ts onSessionsEnding): the hub holds back the private frames of every connection it may end, and
// once the write has run it reads the session again and either closes the connection (the held frames are
// discarded, so none leaves after the revocation) or sends them on. Everything else (another process's
// revocation, the operator CLI on the store, an account frozen without one, a session past its expiry) is found by
// a sweep that reads every signed-in connection's session afresh each SESSION_CHECK_MS.
import type { FastifyInstance } from 'fastify';
import { createSessionService, type SessionService } from '../../accounts/sessions.ts';
import type { Unsubscribe } from '../../bus/index.ts';
import type { Clock } from '../../clock.ts';
import { isContractPrivateTopic, type ContractPrivateTopic, type ContractPublicTopic, type ContractTopic } from '../../contract/api.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { isPerpTopic, isPrivateTopic, PRIVATE_TOPICS, WS_HEARTBEAT_MS, type PrivateTopic, type Topic } from '../../contract/ws.ts';
import { topics as busTopics } from '../../desks/index.ts';
import { formatDepthDiff, formatKlineEvent, formatTicker, formatTradeEvent, type MarketMessage } from '../../market/index.ts';
import type { Store } from '../../store/index.ts';
import { onSessionsEnding, type SessionsEnding, type SessionState } from '../../store/sessions.ts';
import type { Trading } from '../trading.ts';
import { contractFeed, fundingEvent, markPriceEvent, type ContractFeed } from './contract/stream.ts';
import { PerpMarketTopics } from './perp-market-stream.ts';
import { earnUpdate, privatePayload } from './ws-payloads.ts';
import { isPriceRecordTopic, type SecondsTopic } from './seconds-topics.ts';
import { SECONDS_TOPIC } from '../../contract/seconds.ts';
import { EARN_TOPIC } from '../../contract/earn.ts';
import { QUANT_TOPIC } from '../../contract/quant.ts';
import { CONTENT_TOPIC } from '../../contract/content.ts';
import { contentNotices } from '../../content/notices.ts';

/** The topics of contract/ws.ts, the perpetual contracts' (contract/api.ts), the seconds contracts', `earn` (contract/earn.ts), `quant` and `notices` (contract/content.ts). */
export type WsTopic = Topic | ContractTopic | SecondsTopic | typeof EARN_TOPIC | typeof QUANT_TOPIC | typeof CONTENT_TOPIC;

const isPrivate = (topic: WsTopic): topic is PrivateTopic | ContractPrivateTopic | typeof SECONDS_TOPIC | typeof EARN_TOPIC | typeof QUANT_TOPIC | typeof CONTENT_TOPIC =>
  topic === SECONDS_TOPIC || topic === EARN_TOPIC || topic === QUANT_TOPIC || topic === CONTENT_TOPIC || isContractPrivateTopic(topic) || (PRIVATE_TOPICS as readonly string[]).includes(topic);
const isContractPublic = (topic: WsTopic): topic is ContractPublicTopic => topic.startsWith('markPrice@') || topic.startsWith('funding@');

/** Topics one connection may hold at once: a terminal with several markets side by side needs a few dozen. */
export const MAX_TOPICS_PER_CONNECTION = 100;

/** How often the sessions of signed-in connections are read afresh (another process's revocations, expiry). */
export const SESSION_CHECK_MS = 1_000;
/** Private frames one connection may have held back while its session is checked; past it the reader is cut off. */
const MAX_HELD_FRAMES = 10_000;
/**
 * PostgreSQL: after a revocation's write, when to read a session still seen live again before letting its frames go
 * (a write inside a transaction shows on another connection only once it commits). SQLite needs none: the read
 * waits for the one connection, so it comes after the transaction's end.
 */
const RECHECK_DELAYS_MS = [25, 100, 250, 500] as const;
/** Revocations remembered for sign-ins that raced them; a sign-in that saw more go by is checked regardless. */
const RECENT_REVOCATIONS = 1_024;

export interface WsClient {
  /** Sends one serialised frame. */
  send(text: string): void;
  /** Closes the connection because its session ended (WS_CLOSE_SESSION_ENDED, reason session.expired). */
  endSession(): void;
  /** Cuts the connection off at once (a reader too far behind). */
  cutOff(): void;
  /** The authenticated user, or null. */
  user: number | null;
  /** SHA-256 of the ticket the connection signed in with, or null. */
  session: string | null;
  /** Group key → the last seq sent to this client on it. */
  readonly seqs: Map<string, number>;
  /** Private frames held back while a revocation that may end this session is checked; null when not held. */
  held: string[] | null;
}

/** Whether a revocation may end the session a connection is signed in with. */
function affects(what: SessionsEnding, client: WsClient): boolean {
  return 'tokenHash' in what ? client.session === what.tokenHash : client.user === what.userId;
}

/** Whether a session read afresh no longer lets its connection stay signed in. */
function sessionEnded(state: SessionState | undefined, user: number | null, now: number): boolean {
  return state === undefined || state.revokedAt !== null || state.expiresAt <= now || state.frozen === null || state.frozen !== 0 || state.userId !== user;
}

interface Group {
  readonly prefix: string;
  readonly clients: Set<WsClient>;
  unsubscribe: Unsubscribe | null;
  /** A contract feed's notice that the user's orders or positions (of a market, or any) may have changed. */
  poke: ((symbol?: string) => void) | null;
  /** While the group's source reads its first state (a perpetual's topics); null once it has. */
  ready: Promise<void> | null;
}

/** A subscriber's seq while its topic's source reads its first state: no event is sent to it (emit). */
const PENDING = -1;

export interface WsHubOptions {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly sessionTtlMs: number;
  /** A connection silent for 3 × this is dropped; default WS_HEARTBEAT_MS. */
  readonly heartbeatMs?: number | undefined;
  readonly maxTopics?: number | undefined;
  /** Period of the sessions sweep; default SESSION_CHECK_MS. */
  readonly sessionCheckMs?: number | undefined;
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
  private readonly store: Store;
  private readonly sessions: SessionService;
  private readonly groups = new Map<string, Group>();
  private readonly perp: PerpMarketTopics;
  private tickers: unknown[] = [];
  /** Signed-in connections. */
  private readonly signedIn = new Set<WsClient>();
  /** Revocations announced whose write has not settled yet. */
  private readonly pending = new Set<SessionsEnding>();
  /** How many revocations were ever announced, and the latest of them (for sign-ins racing them). */
  private announced = 0;
  private readonly recent: SessionsEnding[] = [];
  private readonly recheckDelays: readonly number[];
  private readonly stopListening: () => void;
  private readonly sweeper: ReturnType<typeof setInterval>;
  private sweeping = false;
  private closed = false;

  /** Subscriptions over all connections (a topic that n connections hold counts n): the console's health page. */
  get subscriptionCount(): number {
    let n = 0;
    for (const g of this.groups.values()) n += g.clients.size;
    return n;
  }

  constructor(o: WsHubOptions) {
    this.trading = o.trading;
    this.store = o.store;
    this.clock = o.clock;
    this.heartbeatMs = o.heartbeatMs ?? WS_HEARTBEAT_MS;
    this.maxTopics = o.maxTopics ?? MAX_TOPICS_PER_CONNECTION;
    this.sessions = createSessionService(o.store, o.clock, o.sessionTtlMs);
    this.perp = new PerpMarketTopics({ trading: o.trading, store: o.store, clock: o.clock });
    this.recheckDelays = o.store.dialect === 'postgres' ? RECHECK_DELAYS_MS : [];
    this.stopListening = onSessionsEnding((what, phase) => this.onRevocation(what, phase));
    this.sweeper = setInterval(() => void this.sweep(), o.sessionCheckMs ?? SESSION_CHECK_MS);
    this.sweeper.unref();
  }

  /**
   * Signs a connection in with a session ticket (throws the catalogue error the app API would answer). A different
   * user than before loses the old user's private topics.
   */
  async signIn(client: WsClient, ticket: string): Promise<void> {
    const before = this.announced;
    let found;
    try {
      found = await this.sessions.authenticate(ticket);
    } catch (e) {
      this.signOut(client);
      throw e;
    }
    if (client.user !== found.user.id) this.dropPrivate(client);
    client.user = found.user.id;
    client.session = found.tokenHash;
    this.signedIn.add(client);
    // A revocation of this session announced while it was being read may have ended it after the read: hold the
    // private frames and read it again (a revocation still in flight reads it again when it settles).
    const missed = this.announced - before;
    if (missed > 0 && (missed > this.recent.length || this.recent.slice(-missed).some((what) => affects(what, client)))) {
      this.hold(client);
      void this.verify(client);
    }
  }

  /** Forgets a connection's sign-in and its private topics (a failed auth). */
  signOut(client: WsClient): void {
    this.dropPrivate(client);
    this.signedIn.delete(client);
    this.release(client, false);
    client.user = null;
    client.session = null;
  }

  /** How many connections are signed in (for tests and status). */
  get signedInCount(): number {
    return this.signedIn.size;
  }

  /** Reads every signed-in connection's session afresh and closes those whose session ended. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed || this.signedIn.size === 0) return;
    this.sweeping = true;
    try {
      const pairs = [...this.signedIn].map((client) => ({ client, session: client.session }));
      const hashes = [...new Set(pairs.map((p) => p.session).filter((h): h is string => h !== null))];
      const states = new Map((await this.store.sessions.states(hashes)).map((s) => [s.tokenHash, s]));
      const now = this.clock();
      for (const { client, session } of pairs) {
        // Skipped when the connection signed in again (or out) while the sessions were read.
        if (session === null || client.session !== session || !this.signedIn.has(client)) continue;
        if (sessionEnded(states.get(session), client.user, now)) this.end(client);
      }
    } catch {
      // The store is closing or failed; the next sweep tries again (and requests see the same failure).
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Adds `client` to every topic, restarting each one's seq (the next event is 1), or to none: the error code of
   * the first refused topic (unknown market, private without auth, too many topics).
   */
  subscribe(client: WsClient, topics: readonly WsTopic[]): ErrorCode | null {
    const fresh = new Set<string>();
    for (const topic of topics) {
      const symbol = symbolOf(topic);
      if (symbol !== null && !this.knows(topic, symbol)) return 'request.invalid';
      if (isPrivate(topic) && client.user === null) return 'login.user.not.login';
      const key = this.key(client, topic);
      if (!client.seqs.has(key)) fresh.add(key);
    }
    if (client.seqs.size + fresh.size > this.maxTopics) return 'request.invalid';
    for (const topic of topics) this.join(client, topic);
    return null;
  }

  /** The sources of `topics` still reading their first state, settled together; null when none is. */
  whenReady(topics: readonly WsTopic[]): Promise<void> | null {
    const waits = topics.flatMap((topic) => this.groups.get(topic)?.ready ?? []);
    return waits.length === 0 ? null : Promise.all(waits).then(() => undefined);
  }

  /** Sends `client` the events of `topics` from now on (held while their sources read): called right before the ack. */
  admit(client: WsClient, topics: readonly WsTopic[]): void {
    for (const topic of topics) {
      const key = this.key(client, topic);
      if (client.seqs.get(key) === PENDING) client.seqs.set(key, 0);
    }
  }

  unsubscribe(client: WsClient, topic: WsTopic): void {
    if (isPrivate(topic) && client.user === null) return;
    this.leave(client, this.key(client, topic));
  }

  /** Drops a client's private topics (sign-in as someone else, or a failed auth). */
  dropPrivate(client: WsClient): void {
    for (const key of [...client.seqs.keys()]) if (key.includes('#')) this.leave(client, key);
  }

  /** Forgets a closed connection. */
  drop(client: WsClient): void {
    for (const key of [...client.seqs.keys()]) this.leave(client, key);
    this.signedIn.delete(client);
    client.held = null;
  }

  /**
   * A contract route changed something of `user`'s (an order, a close, leverage, margin type or margin) in `symbol`,
   * or in any market: their contractOrders and contractPositions topics read it again. Desk events cover trades
   * and margin; this covers what the desk does not publish (a reduce-only order, a setting).
   */
  contractChanged(user: number, symbol?: string): void {
    if (this.closed) return;
    this.groups.get(`contractOrders#${user}`)?.poke?.(symbol);
    this.groups.get(`contractPositions#${user}`)?.poke?.(symbol);
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
    this.closed = true;
    this.stopListening();
    clearInterval(this.sweeper);
    for (const g of this.groups.values()) g.unsubscribe?.();
    this.groups.clear();
    this.perp.close();
  }

  private onRevocation(what: SessionsEnding, phase: 'ending' | 'settled'): void {
    if (this.closed) return;
    if (phase === 'ending') {
      this.pending.add(what);
      this.announced++;
      this.recent.push(what);
      if (this.recent.length > RECENT_REVOCATIONS) this.recent.shift();
      for (const client of this.signedIn) if (affects(what, client)) this.hold(client);
      return;
    }
    this.pending.delete(what);
    // Held since `ending`: the session is read again, and the connection ended or its frames let go.
    for (const client of this.signedIn) if (client.held !== null && affects(what, client)) void this.verify(client);
  }

  private hold(client: WsClient): void {
    client.held ??= [];
  }

  /** Lets the held frames go (`send`) or discards them. */
  private release(client: WsClient, send: boolean): void {
    const held = client.held;
    client.held = null;
    if (send && held !== null) for (const text of held) client.send(text);
  }

  /** Reads a held connection's session afresh: ends the connection, or lets its frames go. */
  private async verify(client: WsClient): Promise<void> {
    const session = client.session;
    for (let attempt = 0; ; attempt++) {
      if (this.closed || session === null || client.session !== session || client.held === null) return;
      let state: SessionState | undefined;
      try {
        [state] = await this.store.sessions.states([session]);
      } catch {
        // Could not read: treat as ended rather than let a revoked session's frames out.
        if (client.session === session) this.end(client);
        return;
      }
      if (client.session !== session || !this.signedIn.has(client)) return;
      if (sessionEnded(state, client.user, this.clock())) return this.end(client);
      // Another revocation that may end it is still in flight: it reads the session again when it settles.
      for (const what of this.pending) if (affects(what, client)) return;
      const delay = this.recheckDelays[attempt];
      if (delay === undefined) return this.release(client, true);
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }

  /** The session ended: no more private frames (held ones are discarded), and the connection is closed. */
  private end(client: WsClient): void {
    this.signOut(client);
    client.endSession();
  }

  private flushTickers(): void {
    const list = this.tickers;
    this.tickers = [];
    if (list.length > 0) this.emit('tickers', list);
  }

  /** Whether the market a topic names exists: a perpetual for the contract and perp topics, a spot market for the others. */
  private knows(topic: WsTopic, symbol: string): boolean {
    if (isPerpTopic(topic)) return this.perp.knows(symbol);
    if (isContractPublic(topic)) return this.trading.desks.perp.markets().some((m) => m.symbol === symbol);
    return this.trading.market.market(symbol) !== undefined;
  }

  private join(client: WsClient, topic: WsTopic): void {
    const key = this.key(client, topic);
    let group = this.groups.get(key);
    if (group === undefined) {
      const created: Group = { prefix: `{"op":"event","topic":${JSON.stringify(topic)},"seq":`, clients: new Set(), unsubscribe: null, poke: null, ready: null };
      group = created;
      this.groups.set(key, group);
      if (topic === SECONDS_TOPIC) {
        created.unsubscribe = this.trading.bus.subscribe(busTopics.userSeconds(client.user!), (e) => {
          if (e.type === 'seconds.contract') this.emit(key, e.contract);
        });
      } else if (topic === EARN_TOPIC) {
        created.unsubscribe = this.trading.bus.subscribe(busTopics.userEarn(client.user!), (e) => {
          if (e.type === 'earn') this.emit(key, earnUpdate(e));
        });
      } else if (topic === QUANT_TOPIC) {
        created.unsubscribe = this.trading.bus.subscribe(busTopics.userQuant(client.user!), (e) => {
          if (e.type === 'quant') this.emit(key, { type: 'quant', bot: e.bot });
        });
      } else if (topic === CONTENT_TOPIC) {
        created.unsubscribe = contentNotices(this.store, this.clock).subscribe((e) => this.emit(key, e));
      } else if (isPriceRecordTopic(topic)) {
        created.unsubscribe = this.trading.bus.subscribe(busTopics.priceRecord(topic.slice('priceRecord@'.length)), (e) => {
          if (e.type === 'priceRecord') this.emit(key, e.entry);
        });
      } else if (isContractPrivateTopic(topic)) {
        const feeds = { trading: this.trading, store: this.store, clock: this.clock };
        const feed: ContractFeed = contractFeed(topic, feeds, client.user!, (data) => this.emit(key, data));
        created.unsubscribe = () => feed.close();
        created.poke = (symbol) => feed.poke(symbol);
      } else if (isPerpTopic(topic)) {
        const source = this.perp.open(topic, (data) => this.emit(key, data));
        created.unsubscribe = () => source.stop();
        const done = () => {
          created.ready = null;
        };
        created.ready = source.ready.then(done, done);
      } else if (isContractPublic(topic)) {
        const [name, symbol] = topic.split('@') as [string, string];
        const format = name === 'markPrice' ? markPriceEvent : fundingEvent;
        created.unsubscribe = this.trading.bus.subscribe(busTopics.perpMark(symbol), (e) => {
          if (e.type === 'perp.mark') this.emit(key, format(e));
        });
      } else if (isPrivateTopic(topic)) {
        created.unsubscribe = this.trading.bus.subscribe(PRIVATE_BUS[topic](client.user!), (e) => {
          const payload = privatePayload(e);
          if (payload !== null) this.emit(key, payload);
        });
      }
    }
    group.clients.add(client);
    client.seqs.set(key, group.ready === null ? 0 : PENDING);
  }

  private key(client: WsClient, topic: WsTopic): string {
    return isPrivate(topic) ? `${topic}#${client.user}` : topic;
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
      if (client.seqs.get(key) === PENDING) continue;
      const seq = (client.seqs.get(key) ?? 0) + 1;
      client.seqs.set(key, seq);
      const text = group.prefix + seq + tail;
      // Only private groups are held: a connection whose session may be ending gets no private frame until checked.
      const held = client.held;
      if (held === null || !key.includes('#')) client.send(text);
      else if (held.length < MAX_HELD_FRAMES) held.push(text);
      else client.cutOff();
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
