// Which users' events a desk process builds (issue 26). In one process the bus knows whether anybody listens to a
// topic (`hasSubscribers`), and a desk builds no event of a user nobody watches. Across processes a desk can't see
// the gateways' subscriptions, so it built every user's events, most of them for nobody: about 12 % of the cluster's
// CPU per order in the gateways bench. Gateways now say which users they watch:
// - a gateway's bus (`watchingBus`) counts its subscriptions per user; the first one of a user sends `$watch` for that
//   user to every desk at once, on the same NATS connection and subject as the reads that follow it (the snapshot a
//   stream starts from), so the desk has the interest before it answers them: the events after the snapshot are built;
// - every RENEW_MS the gateway sends its whole set again; a desk keeps a user watched for WATCH_TTL_MS after the last
//   word for it, so a gateway that dies or stops watching costs nothing after that;
// - a desk process that becomes active (a start, a takeover) builds every user's events for GRACE_MS first, by which
//   time every gateway's renewal has told it what they watch.
// Market topics are untouched: anybody may listen to them. The one that carries every user's order steps
// (`spot.<SYMBOL>.order`, internal) is built only while somebody watches every user.
import { performance } from 'node:perf_hooks';
import type { Bus, Unsubscribe } from '../bus/index.ts';

/** How often a gateway sends the users it watches again. */
export const RENEW_MS = 2_000;
/** How long a desk keeps a user watched after the last word for it: several renewals, so a late one loses nothing. */
export const WATCH_TTL_MS = 15_000;
/** How long a desk that just became active builds every user's events. */
export const GRACE_MS = 5_000;
/** Users per `$watch` message (a few bytes each, well inside NATS's 1 MB). */
export const USERS_PER_WATCH = 20_000;
/** The method name of a watch message on a desk's query subject (not a desk method: `$` starts none). */
export const WATCH_METHOD = '$watch';

/**
 * Could `pattern` match `spot.<SYMBOL>.order` (events.ts `topics.marketOrders`)? That market topic carries every
 * user's order steps (internal: nothing public forwards it), so it is built only while somebody watches all users.
 */
function coversMarketOrders(pattern: string): boolean {
  const tokens = pattern.split('.');
  const want = ['spot', null, 'order'];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '>') return true;
    if (i >= want.length) return false;
    if (t !== '*' && want[i] !== null && t !== want[i]) return false;
  }
  return tokens.length === want.length;
}

/**
 * A user topic's user id (`user.<id>.<kind>`); 'all' for a pattern over every user and for a topic that carries
 * every user's events (`spot.<SYMBOL>.order`); null for any other topic.
 */
export function topicUser(topic: string): number | 'all' | null {
  if (!topic.startsWith('user.')) return topic === '>' || topic.startsWith('*.') || coversMarketOrders(topic) ? 'all' : null;
  const end = topic.indexOf('.', 5);
  const id = topic.slice(5, end < 0 ? undefined : end);
  if (id === '*' || id === '>') return 'all';
  const user = Number(id);
  return Number.isSafeInteger(user) && user > 0 ? user : null;
}

/** A desk process's record of the users the gateways watch. */
export class Interest {
  private readonly until = new Map<number, number>();
  private allUntil = 0;
  private sweptAt = 0;
  /** Every user's events until then: forever until the process serves (`activate`). */
  private graceUntil = Number.POSITIVE_INFINITY;
  private readonly now: () => number;
  private readonly graceMs: number;

  constructor(o: { readonly now?: () => number; readonly graceMs?: number } = {}) {
    this.now = o.now ?? (() => performance.now());
    this.graceMs = o.graceMs ?? GRACE_MS;
  }

  /** The process serves from now on: after the grace, only watched users' events are built. */
  activate(): void {
    this.graceUntil = this.now() + this.graceMs;
  }

  /** A gateway watches `users` (or every user) for the next `ttlMs`. */
  watch(users: readonly number[] | 'all', ttlMs: number): void {
    const now = this.now();
    // Users nobody renewed leave at most a time to live after their expiry, asked about or not.
    if (now - this.sweptAt >= WATCH_TTL_MS) {
      this.sweptAt = now;
      for (const [user, until] of this.until) if (until < now) this.until.delete(user);
    }
    const until = now + Math.min(Math.max(ttlMs, 0), 10 * WATCH_TTL_MS);
    if (users === 'all') {
      this.allUntil = Math.max(this.allUntil, until);
      return;
    }
    for (const user of users) if ((this.until.get(user) ?? 0) < until) this.until.set(user, until);
  }

  /** Does anybody watch this user now? */
  wants(user: number): boolean {
    const now = this.now();
    if (now < this.graceUntil || now < this.allUntil) return true;
    const until = this.until.get(user);
    if (until === undefined) return false;
    if (until >= now) return true;
    this.until.delete(user);
    return false;
  }

  /** Does anybody watch every user now (a start's grace included)? */
  wantsAll(): boolean {
    const now = this.now();
    return now < this.graceUntil || now < this.allUntil;
  }

  /** Users held, lapsed ones not yet let go included (what the record costs in memory). */
  get kept(): number {
    return this.until.size;
  }

  /** Users watched now (the operator's figure and the tests'). */
  get watched(): number {
    const now = this.now();
    let n = 0;
    for (const [user, until] of this.until) {
      if (until >= now) n++;
      else this.until.delete(user);
    }
    return n;
  }
}

/** `bus`'s flush (the NATS bus has one: market/live.ts waits on it), for a bus that wraps it. */
function flushOf<E>(bus: Bus<E>): { flush?: () => Promise<void> } {
  const flush = (bus as Partial<Record<'flush', unknown>>).flush;
  return typeof flush === 'function' ? { flush: () => (flush as () => Promise<void>).call(bus) } : {};
}

/** A desk process's bus: a user topic has subscribers while a gateway watches the user; any other, as `bus` says. */
export function interestBus<E>(bus: Bus<E>, interest: Interest): Bus<E> {
  return {
    ...flushOf(bus),
    publish: (topic, event) => bus.publish(topic, event),
    hasSubscribers: (topic) => {
      const user = topicUser(topic);
      if (user === null) return bus.hasSubscribers(topic);
      return (user === 'all' ? interest.wantsAll() : interest.wants(user)) && bus.hasSubscribers(topic);
    },
    subscribe: (pattern, handler) => bus.subscribe(pattern, handler),
    close: () => bus.close(),
  };
}

/**
 * The payload of a `$watch` message, checked: the users (whole numbers above 0) or 'all', and the time to live. Null
 * for anything else (ignored: a watch message is never answered).
 */
export function parseWatch(payload: unknown): { readonly users: readonly number[] | 'all'; readonly ttlMs: number } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { m, a } = payload as { m?: unknown; a?: unknown };
  if (m !== WATCH_METHOD || !Array.isArray(a) || a.length !== 2) return null;
  const [users, ttlMs] = a as [unknown, unknown];
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs < 0) return null;
  if (users === 'all') return { users, ttlMs };
  if (!Array.isArray(users) || users.length > USERS_PER_WATCH || !users.every((u) => Number.isSafeInteger(u) && (u as number) > 0)) return null;
  return { users: users as number[], ttlMs };
}

export interface WatchingBus<E> extends Bus<E> {
  /** Users with a subscription now. */
  readonly watched: number;
  /** Stops the renewals (the bus itself is closed by close()). */
  stopWatching(): void;
}

/**
 * A gateway's bus: `bus`, telling the desks (`send`) which users it has subscriptions for. `send` must go out in
 * order with the reads that follow a subscription (desk-client.ts `watch`: the same connection and subjects).
 */
export function watchingBus<E>(
  bus: Bus<E>,
  send: (users: readonly number[] | 'all', ttlMs: number) => void,
  o: { readonly renewMs?: number; readonly ttlMs?: number } = {},
): WatchingBus<E> {
  const counts = new Map<number, number>();
  const ttl = o.ttlMs ?? WATCH_TTL_MS;
  let all = 0;
  const renew = () => {
    if (all > 0) send('all', ttl);
    const users = [...counts.keys()];
    for (let i = 0; i < users.length; i += USERS_PER_WATCH) send(users.slice(i, i + USERS_PER_WATCH), ttl);
  };
  const timer = setInterval(() => {
    try {
      renew();
    } catch {
      // The connection is closing: the desks forget this gateway's users after their time to live.
    }
  }, o.renewMs ?? RENEW_MS);
  timer.unref();
  return {
    ...flushOf(bus),
    publish: (topic, event) => bus.publish(topic, event),
    hasSubscribers: (topic) => bus.hasSubscribers(topic),
    subscribe(pattern, handler): Unsubscribe {
      const user = topicUser(pattern);
      if (user === 'all') {
        if (all++ === 0) send('all', ttl);
      } else if (user !== null) {
        const n = counts.get(user) ?? 0;
        counts.set(user, n + 1);
        if (n === 0) send([user], ttl);
      }
      const unsubscribe = bus.subscribe(pattern, handler);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        unsubscribe();
        if (user === 'all') all--;
        else if (user !== null) {
          const n = (counts.get(user) ?? 1) - 1;
          if (n <= 0) counts.delete(user);
          else counts.set(user, n);
        }
      };
    },
    close: () => {
      clearInterval(timer);
      return bus.close();
    },
    get watched() {
      return counts.size;
    },
    stopWatching: () => clearInterval(timer),
  };
}
