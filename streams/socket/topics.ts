// The topic hub: one multiplexed socket shared by every topic. A topic is state (who wants it), not a message:
// it is (re)subscribed on every open, private ones after the auth ack; events are routed by exact topic, checked
// for sequence (duplicates dropped, a gap re-subscribes), and the server unsubscribe waits a few seconds after the
// last subscriber leaves so a remounting panel doesn't churn subscriptions.
//
// When the server closes the socket because the session that signed it in ended (close code
// WS_CLOSE_SESSION_ENDED, reason `session.expired`: logout, revocation, password reset, expiry), the hub forgets
// that ticket for good (the private pipelines go idle, and a later setTicket with it is ignored), tells the app
// (onSessionEnded: the session-expired alert), and the reconnecting socket comes back with public topics only.
import { BehaviorSubject, Observable, Subject, share, timer, type SchedulerLike, type Subscription } from 'rxjs';
import { WS_CLOSE_SESSION_ENDED } from '../contract.ts';
import type { StreamError } from '../loadable.ts';
import { globalTimers, type Timers } from '../timers.ts';
import type { Connection, ConnectionStatus, SocketClose } from './connection.ts';
import { isPrivateStreamTopic as isPrivateTopic, type ServerFrame, type StreamTopic as Topic } from './protocol.ts';
import { checkSeq } from './sequence.ts';

/**
 * What a topic's subscribers see. `subscribed`: the server acknowledged a (re)subscription and a fresh, gap-free
 * run of events starts; anything derived from earlier events (a depth book) must be rebuilt. `interrupted`: the
 * run broke (socket down, sequence gap); a `subscribed` follows when it resumes.
 */
export type TopicMessage =
  | { readonly kind: 'subscribed' }
  | { readonly kind: 'event'; readonly data: unknown }
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'error'; readonly error: StreamError };

export type AuthState = 'anonymous' | 'authenticating' | 'authenticated' | 'rejected';

export interface TopicHubOptions {
  /** Delay between the last subscriber leaving and the server unsubscribe. */
  teardownMs?: number;
  /** Scheduler of that delay (tests may pass a virtual one; fake timers work with the default). */
  scheduler?: SchedulerLike;
  ticket?: string | null;
  /** A refused subscribe (rate limit, server hiccup) is tried again after this long while someone still wants it. */
  retryMs?: number;
  timers?: Timers;
  /** The server closed the socket because its session ended; called once per ended ticket. */
  onSessionEnded?: () => void;
}

export interface TopicHub {
  topic$(topic: Topic): Observable<TopicMessage>;
  readonly auth$: Observable<AuthState>;
  readonly ticket$: Observable<string | null>;
  /** The session ticket for private topics; null signs the socket out. */
  setTicket(ticket: string | null): void;
  close(): void;
}

interface TopicState {
  readonly topic: Topic;
  readonly out: Subject<TopicMessage>;
  /** Sequence baseline of the current run; null until its first event. */
  last: number | null;
  /** Id of the subscribe request awaiting its ack. */
  pending: number | null;
  /** Acknowledged: events are delivered. */
  live: boolean;
  retry: unknown;
}

type Request = { readonly op: 'subscribe'; readonly topics: readonly Topic[] } | { readonly op: 'auth' };

const INTERRUPTED: TopicMessage = { kind: 'interrupted' };
const SUBSCRIBED: TopicMessage = { kind: 'subscribed' };

export function createTopicHub(connection: Connection, options: TopicHubOptions = {}): TopicHub {
  const teardownMs = options.teardownMs ?? 2_500;
  const retryMs = options.retryMs ?? 5_000;
  const timers = options.timers ?? globalTimers;
  const states = new Map<Topic, TopicState>();
  const requests = new Map<number, Request>();
  const cache = new Map<Topic, Observable<TopicMessage>>();
  const ticket$ = new BehaviorSubject<string | null>(options.ticket ?? null);
  const auth$ = new BehaviorSubject<AuthState>(ticket$.value ? 'authenticating' : 'anonymous');
  /** Tickets whose session the server said has ended: never sent again. */
  const ended = new Set<string>();
  let nextId = 1;

  const isOpen = () => connection.status === 'open';
  const allowed = (s: TopicState) => !isPrivateTopic(s.topic) || auth$.value === 'authenticated';

  function subscribe(candidates: Iterable<TopicState>): void {
    if (!isOpen()) return;
    const batch = [...candidates].filter((s) => s.pending === null && !s.live && allowed(s));
    if (batch.length === 0) return;
    const id = nextId++;
    const topics = batch.map((s) => s.topic);
    if (!connection.send({ op: 'subscribe', id, topics })) return;
    requests.set(id, { op: 'subscribe', topics });
    for (const s of batch) {
      s.pending = id;
      s.last = null;
    }
  }

  function unsubscribe(topic: Topic): void {
    if (isOpen()) connection.send({ op: 'unsubscribe', id: nextId++, topics: [topic] });
  }

  function authenticate(): void {
    const ticket = ticket$.value;
    if (ticket === null || !isOpen()) return;
    const id = nextId++;
    if (!connection.send({ op: 'auth', id, ticket })) return;
    requests.set(id, { op: 'auth' });
    auth$.next('authenticating');
  }

  function onStatus(status: ConnectionStatus): void {
    requests.clear();
    for (const s of states.values()) {
      if (s.live || s.pending !== null) s.out.next(INTERRUPTED);
      s.live = false;
      s.pending = null;
      s.last = null;
    }
    auth$.next(ticket$.value ? 'authenticating' : 'anonymous');
    if (status !== 'open') return;
    authenticate();
    subscribe(states.values());
  }

  function onClose(close: SocketClose): void {
    const ticket = ticket$.value;
    if (close.code !== WS_CLOSE_SESSION_ENDED || ticket === null) return;
    ended.add(ticket);
    // Before the status moves on: the reopened socket must not authenticate with the dead ticket.
    ticket$.next(null);
    const error: TopicMessage = { kind: 'error', error: { code: 'login.session.expired', message: close.reason || 'session.expired' } };
    for (const s of states.values()) if (isPrivateTopic(s.topic)) s.out.next(error);
    options.onSessionEnded?.();
  }

  function onFrame(frame: ServerFrame): void {
    switch (frame.op) {
      case 'event': {
        const s = states.get(frame.topic);
        if (!s || !s.live) return;
        const verdict = checkSeq(s.last, frame.seq, frame.first);
        if (verdict === 'stale') return;
        if (verdict === 'gap') {
          // A lost event can't be recovered in place: start a fresh run and let consumers rebuild.
          s.live = false;
          s.out.next(INTERRUPTED);
          unsubscribe(s.topic);
          subscribe([s]);
          return;
        }
        s.last = frame.seq;
        s.out.next({ kind: 'event', data: frame.data });
        return;
      }
      case 'ack': {
        const request = requests.get(frame.id);
        requests.delete(frame.id);
        if (request?.op === 'auth') {
          auth$.next('authenticated');
          subscribe(states.values());
        } else if (request?.op === 'subscribe') {
          for (const topic of request.topics) {
            const s = states.get(topic);
            if (!s || s.pending !== frame.id) continue;
            s.pending = null;
            s.live = true;
            s.last = null;
            s.out.next(SUBSCRIBED);
          }
        }
        return;
      }
      case 'error': {
        if (frame.id === undefined) return;
        const request = requests.get(frame.id);
        requests.delete(frame.id);
        const error: TopicMessage = { kind: 'error', error: { code: frame.code, message: frame.msg } };
        if (request?.op === 'auth') {
          auth$.next('rejected');
          for (const s of states.values()) if (isPrivateTopic(s.topic)) s.out.next(error);
        } else if (request?.op === 'subscribe') {
          for (const topic of request.topics) {
            const s = states.get(topic);
            if (!s || s.pending !== frame.id) continue;
            s.pending = null;
            s.out.next(error);
            if (s.retry === null) {
              s.retry = timers.setTimeout(() => {
                s.retry = null;
                if (states.get(topic) === s) subscribe([s]);
              }, retryMs);
            }
          }
        }
        return;
      }
      case 'pong':
        return;
    }
  }

  function connect(topic: Topic): Observable<TopicMessage> {
    const shared = new Observable<TopicMessage>((subscriber) => {
      const state: TopicState = { topic, out: new Subject(), last: null, pending: null, live: false, retry: null };
      states.set(topic, state);
      const inner = state.out.subscribe(subscriber);
      subscribe([state]);
      return () => {
        inner.unsubscribe();
        if (state.retry !== null) timers.clearTimeout(state.retry);
        if (states.get(topic) === state) states.delete(topic);
        if (state.live || state.pending !== null) unsubscribe(topic);
      };
    }).pipe(share({ resetOnRefCountZero: () => timer(teardownMs, options.scheduler) }));
    // A subscriber joining a live run missed its `subscribed`; replay it so it rebuilds from the next event.
    return new Observable<TopicMessage>((subscriber) => {
      const inner = shared.subscribe(subscriber);
      if (states.get(topic)?.live) subscriber.next(SUBSCRIBED);
      return inner;
    });
  }

  const subscriptions: Subscription[] = [
    connection.closes$.subscribe(onClose),
    connection.status$.subscribe(onStatus),
    connection.frames$.subscribe(onFrame),
  ];

  return {
    topic$(topic) {
      let observable = cache.get(topic);
      if (!observable) cache.set(topic, (observable = connect(topic)));
      return observable;
    },
    auth$: auth$.asObservable(),
    ticket$: ticket$.asObservable(),
    setTicket(next) {
      // A ticket whose session ended stays dead: the app still holds it until the user signs in again.
      const ticket = next !== null && ended.has(next) ? null : next;
      const previous = ticket$.value;
      if (ticket === previous) return;
      ticket$.next(ticket);
      if (!isOpen()) {
        auth$.next(ticket ? 'authenticating' : 'anonymous');
        return;
      }
      // The protocol has no sign-out frame: a new socket is the only way to drop the old identity server-side.
      if (previous !== null) connection.reconnect();
      else authenticate();
    },
    close() {
      for (const s of subscriptions) s.unsubscribe();
      for (const s of states.values()) {
        if (s.retry !== null) timers.clearTimeout(s.retry);
        s.out.complete();
      }
      states.clear();
      requests.clear();
      auth$.complete();
      ticket$.complete();
    },
  };
}
