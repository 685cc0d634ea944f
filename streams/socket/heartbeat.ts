// Heartbeat: a ping on every open and then every interval; a pong that doesn't come back in time means the socket
// is dead even if the browser hasn't noticed (sleeping laptop, silent proxy), so it is dropped and reconnected.
// Each round trip is also a server-clock sample.
import type { Subscription } from 'rxjs';
import { WS_HEARTBEAT_MS } from '../contract.ts';
import { globalTimers, type Timers } from '../timers.ts';
import type { ClockSample } from '../reducers/server-clock.ts';
import type { Connection } from './connection.ts';

export interface HeartbeatOptions {
  intervalMs?: number;
  /** How long a ping may go unanswered. */
  timeoutMs?: number;
  timers?: Timers;
  onSample?: (sample: ClockSample) => void;
}

export function setUpHeartbeat(connection: Connection, options: HeartbeatOptions = {}): () => void {
  const timers = options.timers ?? globalTimers;
  const intervalMs = options.intervalMs ?? WS_HEARTBEAT_MS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let nextId = 1;
  let outstanding: { id: number; sentAt: number } | null = null;
  let interval: unknown = null;
  let deadline: unknown = null;

  const stop = () => {
    if (interval !== null) timers.clearInterval(interval);
    if (deadline !== null) timers.clearTimeout(deadline);
    interval = deadline = outstanding = null;
  };

  const ping = () => {
    // One ping in flight at a time: its deadline decides, a second ping would only blur the round trip.
    if (outstanding) return;
    const id = nextId++;
    const sentAt = timers.now();
    if (!connection.send({ op: 'ping', id })) return;
    outstanding = { id, sentAt };
    deadline = timers.setTimeout(() => {
      stop();
      connection.reconnect();
    }, timeoutMs);
  };

  const subscriptions: Subscription[] = [
    connection.status$.subscribe((status) => {
      stop();
      if (status !== 'open') return;
      ping();
      interval = timers.setInterval(ping, intervalMs);
    }),
    connection.frames$.subscribe((frame) => {
      if (frame.op !== 'pong' || !outstanding) return;
      // A pong without an id answers the one ping in flight.
      if (frame.id !== undefined && frame.id !== outstanding.id) return;
      const { sentAt } = outstanding;
      outstanding = null;
      if (deadline !== null) timers.clearTimeout(deadline);
      deadline = null;
      options.onSample?.({ sentAt, receivedAt: timers.now(), serverTime: frame.time });
    }),
  ];

  return () => {
    stop();
    for (const s of subscriptions) s.unsubscribe();
  };
}
