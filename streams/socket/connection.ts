// The tab's one WebSocket: reconnecting-websocket with jittered exponential backoff, frames checked at the edge (in the
// socket worker, where the socket lives in one: worker-socket.ts), and a send that refuses while the socket is down.
// Nothing is queued: subscriptions are state that the topic hub re-sends on every open, and a command held across a
// reconnect would reach the server stale.
import ReconnectingWebSocket from 'reconnecting-websocket';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { globalTimers, type Timers } from '../timers.ts';
import { parseServerFrames } from './frames.ts';
import type { ClientFrame, ServerFrame } from './protocol.ts';
import { pageWebSocket } from './worker-socket.ts';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** How a socket closed: its close code and reason (4001 `session.expired`: the session that signed it in ended). */
export interface SocketClose {
  readonly code: number;
  readonly reason: string;
}

export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => object;

/** A message event of the worker's socket (worker-socket.ts): frames the worker has checked. */
export interface ParsedMessage {
  readonly type: 'message';
  readonly data: '';
  readonly frames: readonly ServerFrame[];
}

export interface ConnectionOptions {
  /** A function is read before every attempt, so a changed language or host applies on the next connect. */
  url: string | (() => string);
  /** Defaults to the browser's WebSocket, held in a worker where one can be (worker-socket.ts); tests pass mock-socket's. */
  WebSocket?: WebSocketConstructor;
  timers?: Timers;
  /** [0, 1); tests pin it. */
  random?: () => number;
  minReconnectMs?: number;
  maxReconnectMs?: number;
  growFactor?: number;
  /** Up to this much random delay is added to every reconnect, so a restarted server isn't hit by every tab at once. */
  jitterMs?: number;
  connectTimeoutMs?: number;
}

export interface Connection {
  readonly status$: Observable<ConnectionStatus>;
  readonly status: ConnectionStatus;
  readonly frames$: Observable<ServerFrame>;
  /** Every close of the current socket, emitted before the status moves on (so a listener that changes what the
   *  next socket sends, the topic hub dropping a dead ticket, does so before the reconnect). */
  readonly closes$: Observable<SocketClose>;
  /** Sends when open; returns false (and drops the frame) otherwise. */
  send(frame: ClientFrame): boolean;
  /** Drops the current socket and connects again (a dead heartbeat, a changed identity). */
  reconnect(): void;
  close(): void;
}

export function createConnection(options: ConnectionOptions): Connection {
  const timers = options.timers ?? globalTimers;
  const random = options.random ?? Math.random;
  const jitterMs = options.jitterMs ?? 1_000;
  const status$ = new BehaviorSubject<ConnectionStatus>('connecting');
  const frames$ = new Subject<ServerFrame>();
  const closes$ = new Subject<SocketClose>();
  const resolveUrl = () => (typeof options.url === 'function' ? options.url() : options.url);
  let attempts = 0;

  // The library's backoff has no jitter; waiting a random moment inside the URL lookup adds it without a fork.
  const url = (): Promise<string> => {
    attempts += 1;
    if (attempts === 1) return Promise.resolve(resolveUrl());
    return new Promise((resolve) => timers.setTimeout(() => resolve(resolveUrl()), Math.floor(random() * jitterMs)));
  };

  const socket = new ReconnectingWebSocket(url, [], {
    WebSocket: options.WebSocket ?? pageWebSocket(),
    maxEnqueuedMessages: 0,
    minReconnectionDelay: options.minReconnectMs ?? 1_000,
    maxReconnectionDelay: options.maxReconnectMs ?? 30_000,
    reconnectionDelayGrowFactor: options.growFactor ?? 1.6,
    connectionTimeout: options.connectTimeoutMs ?? 4_000,
    minUptime: 5_000,
  });
  let closed = false;

  socket.addEventListener('open', () => status$.next('open'));
  socket.addEventListener('close', (event: { code?: unknown; reason?: unknown }) => {
    if (!closed) closes$.next({ code: typeof event.code === 'number' ? event.code : 0, reason: typeof event.reason === 'string' ? event.reason : '' });
    if (status$.value !== 'closed') status$.next(closed ? 'closed' : 'reconnecting');
  });
  socket.addEventListener('message', (event: MessageEvent | ParsedMessage) => {
    const parsed = 'frames' in event ? event.frames : typeof event.data === 'string' ? parseServerFrames(event.data) : null;
    if (parsed === null) return;
    for (let i = 0; i < parsed.length; i++) frames$.next(parsed[i]!);
  });

  return {
    status$: status$.asObservable(),
    get status() {
      return status$.value;
    },
    frames$: frames$.asObservable(),
    closes$: closes$.asObservable(),
    send(frame) {
      if (closed || status$.value !== 'open' || socket.readyState !== socket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    reconnect() {
      if (closed) return;
      socket.reconnect();
    },
    close() {
      if (closed) return;
      closed = true;
      socket.close();
      status$.next('closed');
      status$.complete();
      frames$.complete();
      closes$.complete();
    },
  };
}
