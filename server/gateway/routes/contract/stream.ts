// What the contract WebSocket topics carry, and where it comes from (ws-hub.ts owns the groups and the sending).
//
// markPrice@SYMBOL and funding@SYMBOL: each perp.<SYMBOL>.mark event of the mark job, as Binance's markPriceUpdate
// and as a funding countdown.
//
// contractPositions (one feed per user): a position event of the desk (user.<id>.position: a trade, a margin
// change, a liquidation) or a notice from the contract routes (leverage, margin type, a close) names a market; the
// feed reads the user's positions at that moment (risk figures at the current mark) and sends that market's
// position, or null when it is flat. An update equal to the last one sent for the market is not sent again.
//
// contractOrders (one feed per user): the desk publishes no per-order events for perpetuals, so the feed compares.
// It keeps the user's open orders as last sent; on a position event, a contract balance event (entrust margin held
// or released) or a notice from the routes, it reads the open orders again (desk memory) and the orders that ended
// lately (store), and sends every order whose state changed: new and partly filled ones, those that left the book in
// their final state, and those that came and went in between (a market order filled at once). Reads of one feed run
// one at a time; notices that arrive meanwhile make one more read. Conditional orders are not orders here: they have
// their own topic.
//
// contractConditionals (one feed per user): each user.<id>.perpOrder event of a conditional order, read back from
// the store and sent as ContractConditionalItem (conditionals.ts).
//
// contractAccount (one feed per user): ContractAccountItem after each commit that changed the user's contract
// balance (user.<id>.balance of the contract wallet), when it differs from the last one sent.
import type { Unsubscribe } from '../../../bus/index.ts';
import type { Clock } from '../../../clock.ts';
import type {
  ContractAccountItem, ContractConditionalItem, ContractOrderItem, ContractPositionUpdate, ContractPrivateTopic, FundingCountdownEvent, MarkPriceEvent,
} from '../../../contract/api.ts';
import { topics, type DeskEvent } from '../../../desks/index.ts';
import { formatDecimal, parseDecimal } from '../../../kernel/index.ts';
import type { Store } from '../../../store/index.ts';
import type { PerpOrder } from '../../../store/perp.ts';
import type { Trading } from '../../trading.ts';
import { conditionalItems } from './conditionals.ts';
import { accountItem, dec, orderItem, positionExtras, positionItem } from './views.ts';

type MarkEvent = Extract<DeskEvent, { type: 'perp.mark' }>;

/** Signed decimal text of the bus → minor units (the mark job formats them; a bad one is a bug). */
function minor(text: string): bigint {
  const negative = text.startsWith('-');
  const parsed = parseDecimal(negative ? text.slice(1) : text);
  if (!parsed.ok) throw new RangeError(`not a decimal on the bus: ${text}`);
  return negative ? -parsed.value : parsed.value;
}
const fixed = (text: string): string => formatDecimal(minor(text), 8);

export function markPriceEvent(e: MarkEvent): MarkPriceEvent {
  return { e: 'markPriceUpdate', E: e.time, s: e.symbol, p: fixed(e.mark), i: e.index === null ? null : fixed(e.index), r: fixed(e.fundingRate), T: e.nextFundingTime };
}

export function fundingEvent(e: MarkEvent): FundingCountdownEvent {
  return {
    symbol: e.symbol, fundingRate: dec(minor(e.fundingRate) * 100n), nextFundingTime: e.nextFundingTime,
    countdown: Math.max(0, e.nextFundingTime - e.time), time: e.time,
  };
}

export interface ContractFeedDeps {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
}

/** A user's feed of one private contract topic; `poke` says something of the market (or any) may have changed. */
export interface ContractFeed {
  poke(symbol?: string): void;
  close(): void;
}

/** Runs `work` now, or once more after the run in progress; never two at once. Failures end that run quietly. */
function serial(work: () => Promise<void>): { kick(): void; stop(): void } {
  let running = false;
  let again = false;
  let stopped = false;
  const loop = async () => {
    running = true;
    try {
      while (again && !stopped) {
        again = false;
        // A stopped desk or a closing store: this read is lost; the next notice tries again.
        await work().catch(() => undefined);
      }
    } finally {
      running = false;
    }
  };
  return {
    kick() {
      if (stopped) return;
      again = true;
      if (!running) void loop();
    },
    stop() {
      stopped = true;
    },
  };
}

export function positionsFeed(d: ContractFeedDeps, user: number, emit: (update: ContractPositionUpdate) => void): ContractFeed {
  const perp = d.trading.desks.perp;
  const dirty = new Set<string>();
  let everything = false;
  /** Per market: what was last sent (without its time), to leave out repeats; and the markets last sent open. */
  const last = new Map<string, string>();
  const held = new Set<string>();

  /** Every market's position and settings now, as the update would carry them (without its time). */
  const read = async () => {
    const [risks, settings, waiting] = await Promise.all([perp.positions(user), perp.settings(user), perp.conditionals(user)]);
    const extras = positionExtras(waiting);
    const markets = new Map(perp.markets().map((m) => [m.symbol, m]));
    const out = new Map<string, Omit<ContractPositionUpdate, 'time'>>();
    for (const setting of settings) {
      const pm = markets.get(setting.symbol);
      if (pm === undefined) continue;
      const risk = risks.find((p) => p.symbol === setting.symbol && p.lots !== 0);
      out.set(setting.symbol, {
        symbol: setting.symbol,
        leverage: risk?.leverage ?? setting.leverage,
        marginType: risk?.mode ?? setting.mode,
        position: risk === undefined ? null : positionItem(risk, pm, extras(setting.symbol)),
      });
    }
    return out;
  };
  const remember = (symbol: string, body: Omit<ContractPositionUpdate, 'time'>): boolean => {
    const text = JSON.stringify(body);
    if (last.get(symbol) === text) return false;
    last.set(symbol, text);
    if (body.position === null) held.delete(symbol);
    else held.add(symbol);
    return true;
  };
  // The state when the topic was joined, asked for now (sequenced before the client's next command): the first
  // update is the first change from it.
  const initial = read().then(
    (now) => {
      for (const [symbol, body] of now) remember(symbol, body);
    },
    () => undefined,
  );

  const run = serial(async () => {
    await initial;
    const symbols = everything ? null : [...dirty];
    everything = false;
    dirty.clear();
    const now = await read();
    // Everything: the markets with a position now, and those last sent with one (they may have closed).
    const targets = symbols ?? [...new Set([...[...now.values()].filter((b) => b.position !== null).map((b) => b.symbol), ...held])];
    for (const symbol of targets) {
      const body = now.get(symbol);
      if (body !== undefined && remember(symbol, body)) emit({ ...body, time: d.clock() });
    }
  });

  const poke = (symbol?: string) => {
    if (symbol === undefined) everything = true;
    else dirty.add(symbol);
    run.kick();
  };
  const unsubscribe: Unsubscribe = d.trading.bus.subscribe(topics.userPositions(user), (e) => {
    if (e.type === 'perp.position') poke(e.symbol);
  });
  return {
    poke,
    close() {
      run.stop();
      unsubscribe();
    },
  };
}

/** Orders that ended this long before a read are still looked for by the next one (times are the desk's clock). */
const ENDED_SLACK_MS = 5_000;
/** The most ended orders one read takes from the store. */
const ENDED_LIMIT = 200;

const OPEN: ReadonlySet<PerpOrder['status']> = new Set(['new', 'partially_filled']);
const signature = (o: PerpOrder): string => `${o.status}:${o.filledQty}:${o.openQty}:${o.fee}:${o.updatedAt}`;

export function ordersFeed(d: ContractFeedDeps, user: number, emit: (order: ContractOrderItem) => void): ContractFeed {
  const perp = d.trading.desks.perp;
  /** Open orders as last sent (or as they were when the feed began), by id. */
  const sent = new Map<number, string>();
  /** Orders sent in their final state, by id, with their order time (forgotten once out of the ended window). */
  const finished = new Map<number, number>();
  let since = d.clock();
  // Asked for now, so it is sequenced before any command the client sends after its subscription is acknowledged.
  const initial = perp.openOrders(user).then(
    (rows) => {
      for (const r of rows) sent.set(r.id, signature(r));
    },
    () => undefined,
  );
  const item = (o: PerpOrder) => orderItem(o, perp.markets().find((m) => m.symbol === o.symbol));

  const run = serial(async () => {
    await initial;
    const now = d.clock();
    const open = await perp.openOrders(user);
    const ended = await d.store.perp.orderHistory({ user, open: false, conditional: false, from: since - ENDED_SLACK_MS, pageIndex: 1, pageSize: ENDED_LIMIT });
    since = now;
    const openIds = new Set<number>();
    for (const o of open) {
      openIds.add(o.id);
      if (finished.has(o.id)) continue;
      const sig = signature(o);
      if (sent.get(o.id) === sig) continue;
      sent.set(o.id, sig);
      emit(item(o));
    }
    const endedById = new Map(ended.list.map((o) => [o.id, o]));
    for (const id of [...sent.keys()]) {
      if (openIds.has(id)) continue;
      const row = endedById.get(id) ?? (await d.store.perp.order(user, id));
      // Not in the store in its final state yet (its batch is committing): the notice after the commit reads it.
      if (row === undefined || OPEN.has(row.status)) continue;
      sent.delete(id);
      finished.set(id, row.createdAt);
      emit(item(row));
    }
    // Orders that came and went between two reads, oldest first.
    for (const o of [...ended.list].reverse()) {
      if (finished.has(o.id) || sent.has(o.id)) continue;
      finished.set(o.id, o.createdAt);
      emit(item(o));
    }
    for (const [id, created] of finished) if (created < since - ENDED_SLACK_MS) finished.delete(id);
  });

  const unsubscribe = [
    d.trading.bus.subscribe(topics.userPositions(user), () => run.kick()),
    d.trading.bus.subscribe(topics.userBalances(user), (e) => {
      if (e.type === 'balance' && e.wallet === 'contract') run.kick();
    }),
  ];
  return {
    poke: () => run.kick(),
    close() {
      run.stop();
      for (const u of unsubscribe) u();
    },
  };
}

/**
 * contractConditionals: each user.<id>.perpOrder event of a conditional order (placed, cancelled, fired, dropped
 * with its position) is read back from the store (committed before the event) and sent as the app's item, the
 * fired ones with the order they placed; a state already sent is not sent again.
 */
export function conditionalsFeed(d: ContractFeedDeps, user: number, emit: (item: ContractConditionalItem) => void): ContractFeed {
  const pending = new Set<number>();
  const sent = new Map<number, string>();
  const run = serial(async () => {
    const ids = [...pending].sort((a, b) => a - b);
    pending.clear();
    let items: ContractConditionalItem[];
    try {
      const rows = (await Promise.all(ids.map((id) => d.store.perp.order(user, id)))).flatMap((o) => (o === undefined ? [] : [o]));
      items = await conditionalItems(d, user, rows);
    } catch (error) {
      // Read again with the next notice.
      for (const id of ids) pending.add(id);
      throw error;
    }
    for (const item of items) {
      const text = JSON.stringify(item);
      if (sent.get(item.conditionalNo) === text) continue;
      sent.set(item.conditionalNo, text);
      // The list of ended ones is not kept: each is sent once in its final state.
      if (item.status !== 'waiting') sent.delete(item.conditionalNo);
      emit(item);
    }
  });
  const unsubscribe = d.trading.bus.subscribe(topics.userPerpOrders(user), (e) => {
    if (e.type !== 'perp.order' || e.order.triggerPrice === null) return;
    pending.add(e.order.id);
    run.kick();
  });
  return {
    poke: () => undefined,
    close() {
      run.stop();
      unsubscribe();
    },
  };
}

/**
 * contractAccount: after every commit that changed the user's contract balance (fills, funding, transfers, margins
 * held or released, liquidation, an operator's adjustment: user.<id>.balance of the contract wallet), or a notice
 * from the routes, the account is read from the desk and sent when it differs from the last one sent.
 */
export function accountFeed(d: ContractFeedDeps, user: number, emit: (account: ContractAccountItem) => void): ContractFeed {
  const perp = d.trading.desks.perp;
  let last: string | null = null;
  const remember = (a: ContractAccountItem): boolean => {
    const text = JSON.stringify({ ...a, time: 0 });
    if (text === last) return false;
    last = text;
    return true;
  };
  // The state when the topic was joined: the first update is the first change from it.
  const initial = perp.portfolio(user).then((p) => void remember(accountItem(p.account)), () => undefined);
  const run = serial(async () => {
    await initial;
    const item = accountItem((await perp.portfolio(user)).account);
    if (remember(item)) emit(item);
  });
  const unsubscribe = d.trading.bus.subscribe(topics.userBalances(user), (e) => {
    if (e.type === 'balance' && e.wallet === 'contract') run.kick();
  });
  return {
    poke: () => run.kick(),
    close() {
      run.stop();
      unsubscribe();
    },
  };
}

/** The feed of one private contract topic for a user. */
export function contractFeed(topic: ContractPrivateTopic, d: ContractFeedDeps, user: number, emit: (data: unknown) => void): ContractFeed {
  switch (topic) {
    case 'contractOrders':
      return ordersFeed(d, user, emit);
    case 'contractPositions':
      return positionsFeed(d, user, emit);
    case 'contractConditionals':
      return conditionalsFeed(d, user, emit);
    case 'contractAccount':
      return accountFeed(d, user, emit);
  }
}
