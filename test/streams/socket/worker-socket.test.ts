import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from 'rxjs';
import { createConnection, type Connection } from '../../../streams/socket/connection.ts';
import type { ServerFrame } from '../../../streams/socket/protocol.ts';
import { createTopicHub, type TopicHub, type TopicMessage } from '../../../streams/socket/topics.ts';
import type { SocketCommand, SocketReport } from '../../../streams/socket/worker-protocol.ts';
import { workerWebSocket, type SocketWorker } from '../../../streams/socket/worker-socket.ts';
import { advance, MockSocket, WS_URL } from '../support.ts';

/** The page's side of the socket worker, with the worker played by the test. */
class FakeWorker implements SocketWorker {
  readonly commands: SocketCommand[] = [];
  private readonly listeners: Array<(e: MessageEvent<SocketReport>) => void> = [];
  postMessage(command: SocketCommand): void {
    this.commands.push(command);
  }
  addEventListener(type: 'message' | 'error', listener: ((e: MessageEvent<SocketReport>) => void) | (() => void)): void {
    if (type === 'message') this.listeners.push(listener as (e: MessageEvent<SocketReport>) => void);
  }
  report(r: SocketReport): void {
    for (const l of this.listeners) l({ data: r } as MessageEvent<SocketReport>);
  }
  frames(id: number, frames: ServerFrame[]): void {
    this.report({ id, type: 'frames', json: new TextEncoder().encode(JSON.stringify(frames)), messages: 1 });
  }
  /** The frames the page sent on socket `id`. */
  sent(id: number): Array<{ op: string; id: number; topics?: string[] }> {
    return this.commands.flatMap((c) => (c.op === 'send' && c.id === id ? [JSON.parse(c.data) as { op: string; id: number; topics?: string[] }] : []));
  }
}

let worker: FakeWorker;
let connection: Connection;
let hub: TopicHub;
let subscriptions: Subscription[];

beforeEach(() => {
  vi.useFakeTimers();
  worker = new FakeWorker();
  connection = createConnection({ url: WS_URL, WebSocket: workerWebSocket(worker, MockSocket), random: () => 0 });
  hub = createTopicHub(connection, { teardownMs: 3_000 });
  subscriptions = [];
});
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  hub.close();
  connection.close();
  vi.useRealTimers();
});

/** Opens the socket the connection asked the worker for and acks the page's subscribe; returns the socket's id. */
async function opened(): Promise<number> {
  await advance(10);
  const open = worker.commands.find((c) => c.op === 'open');
  if (!open) throw new Error('no open');
  worker.report({ id: open.id, type: 'open', protocol: '', extensions: '' });
  await advance(10);
  const subscribe = worker.sent(open.id).find((f) => f.op === 'subscribe');
  if (!subscribe) throw new Error('no subscribe');
  worker.frames(open.id, [{ op: 'ack', id: subscribe.id }]);
  return open.id;
}

describe('the worker\'s socket', () => {
  it('hands the topics the frames the worker parsed, a merged run checked from its first event', async () => {
    const seen: TopicMessage[] = [];
    subscriptions.push(hub.topic$('depth@BTCUSDT').subscribe((m) => seen.push(m)));
    const id = await opened();
    worker.frames(id, [
      { op: 'event', topic: 'depth@BTCUSDT', seq: 4, data: 'a' },
      { op: 'event', topic: 'depth@BTCUSDT', seq: 7, first: 5, data: '5-7' },
      { op: 'event', topic: 'depth@BTCUSDT', seq: 7, first: 6, data: 'stale' },
      { op: 'event', topic: 'depth@BTCUSDT', seq: 8, data: '8' },
    ]);
    expect(seen.map((m) => (m.kind === 'event' ? m.data : m.kind))).toEqual(['subscribed', 'a', '5-7', '8']);
    // A run whose first does not follow on is a gap: the topic starts afresh.
    worker.frames(id, [{ op: 'event', topic: 'depth@BTCUSDT', seq: 12, first: 10, data: 'after a loss' }]);
    expect(seen.at(-1)).toEqual({ kind: 'interrupted' });
    expect(worker.sent(id).map((f) => f.op)).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
  });
});
