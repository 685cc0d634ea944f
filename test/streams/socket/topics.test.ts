import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from 'rxjs';
import { createConnection, type Connection } from '../../../streams/socket/connection.ts';
import { createTopicHub, type TopicHub, type TopicMessage } from '../../../streams/socket/topics.ts';
import type { Topic } from '../../../streams/contract.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from '../support.ts';

let server: FakeWsServer;
let connection: Connection;
let hub: TopicHub;
let subscriptions: Subscription[];

function listen(topic: Topic): TopicMessage[] {
  const seen: TopicMessage[] = [];
  subscriptions.push(hub.topic$(topic).subscribe((m) => seen.push(m)));
  return seen;
}
const events = (seen: TopicMessage[]) => seen.flatMap((m) => (m.kind === 'event' ? [m.data] : []));
const kinds = (seen: TopicMessage[]) => seen.map((m) => m.kind);
function lastId(op: 'subscribe' | 'auth'): number {
  const frame = server.frames(op).at(-1);
  if (!frame || frame.op !== op) throw new Error(`no ${op} frame`);
  return frame.id;
}

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
  connection = createConnection({ url: WS_URL, WebSocket: MockSocket, random: () => 0, minReconnectMs: 1_000 });
  hub = createTopicHub(connection, { teardownMs: 3_000 });
  subscriptions = [];
});
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  hub.close();
  connection.close();
  server.stop();
  vi.useRealTimers();
});

describe('topic hub', () => {
  it('subscribes on open, signals the fresh run on ack, and delivers events', async () => {
    const seen = listen('trade@BTCUSDT');
    await advance(10);
    expect(server.topics('subscribe')).toEqual(['trade@BTCUSDT']);
    server.event('trade@BTCUSDT', 1, 'a');
    server.event('trade@BTCUSDT', 2, 'b');
    await advance(10);
    expect(kinds(seen)).toEqual(['subscribed', 'event', 'event']);
    expect(events(seen)).toEqual(['a', 'b']);
  });

  it('resubscribes every active topic on each reopen, and drops none', async () => {
    listen('trade@BTCUSDT');
    const depth = listen('depth@ETHUSDT');
    await advance(10);
    server.stop();
    await advance(10);
    expect(kinds(depth)).toEqual(['subscribed', 'interrupted']);
    server.start();
    await advance(2_000);
    expect(server.connections).toBe(2);
    expect(server.topics('subscribe', 2).sort()).toEqual(['depth@ETHUSDT', 'trade@BTCUSDT']);
    expect(kinds(depth)).toEqual(['subscribed', 'interrupted', 'subscribed']);
  });

  it('does not replay frames refused while the socket was down', async () => {
    await advance(10);
    server.stop();
    await advance(10);
    // Interest registered and withdrawn while down: nothing to send, nothing queued.
    const s = hub.topic$('ticker@BTCUSDT').subscribe();
    s.unsubscribe();
    expect(connection.send({ op: 'ping', id: 99 })).toBe(false);
    await advance(3_000); // teardown delay passes while down
    listen('trade@BTCUSDT');
    server.start();
    await advance(6_000);
    expect(server.connections).toBe(2);
    expect(server.frames(undefined, 2)).toEqual([{ op: 'subscribe', id: expect.any(Number), topics: ['trade@BTCUSDT'] }]);
  });

  it('drops duplicate and late frames (seq <= last)', async () => {
    const seen = listen('trade@BTCUSDT');
    await advance(10);
    for (const seq of [5, 6, 6, 4, 7]) server.event('trade@BTCUSDT', seq, seq);
    await advance(10);
    expect(events(seen)).toEqual([5, 6, 7]);
    expect(server.topics('subscribe')).toHaveLength(1);
  });

  it('resubscribes a topic on a sequence gap, ignoring the old run until the new ack', async () => {
    const seen = listen('depth@BTCUSDT');
    const other = listen('trade@BTCUSDT');
    await advance(10);
    server.autoAck = false;
    server.event('depth@BTCUSDT', 1, 'one');
    server.event('depth@BTCUSDT', 3, 'three'); // 2 was lost
    server.event('depth@BTCUSDT', 4, 'four'); // still the broken run: not delivered
    server.event('trade@BTCUSDT', 1, 't');
    await advance(10);
    expect(server.topics('unsubscribe')).toEqual(['depth@BTCUSDT']);
    expect(server.topics('subscribe').filter((t) => t === 'depth@BTCUSDT')).toHaveLength(2);
    expect(kinds(seen)).toEqual(['subscribed', 'event', 'interrupted']);
    expect(events(other)).toEqual(['t']); // other topics are untouched

    server.send({ op: 'ack', id: lastId('subscribe') });
    server.event('depth@BTCUSDT', 1, 'fresh'); // a new run may restart its numbering
    await advance(10);
    expect(kinds(seen)).toEqual(['subscribed', 'event', 'interrupted', 'subscribed', 'event']);
    expect(events(seen)).toEqual(['one', 'fresh']);
  });

  it('unsubscribes only after the teardown delay; a resubscribe within it cancels', async () => {
    const send = vi.spyOn(connection, 'send');
    const unsubscribes = () => send.mock.calls.filter(([f]) => f.op === 'unsubscribe').map(([f]) => f);
    const first = hub.topic$('kline@BTCUSDT@1m').subscribe();
    await advance(20);
    first.unsubscribe();
    await advance(2_000);
    const again = hub.topic$('kline@BTCUSDT@1m').subscribe();
    await advance(5_000);
    expect(unsubscribes()).toEqual([]);
    expect(server.topics('subscribe')).toEqual(['kline@BTCUSDT@1m']);
    again.unsubscribe();
    await advance(2_999);
    expect(unsubscribes()).toEqual([]);
    await advance(1);
    expect(unsubscribes()).toEqual([{ op: 'unsubscribe', id: expect.any(Number), topics: ['kline@BTCUSDT@1m'] }]);
    await advance(10);
    expect(server.topics('unsubscribe')).toEqual(['kline@BTCUSDT@1m']);
  });

  it('reports a refused subscribe as an error value and tries again later', async () => {
    server.autoAck = false;
    const seen = listen('ticker@BTCUSDT');
    await advance(20);
    server.send({ op: 'error', id: lastId('subscribe'), code: 'rate.limited', msg: 'slow down' });
    await advance(10);
    expect(seen).toEqual([{ kind: 'error', error: { code: 'rate.limited', message: 'slow down' } }]);
    server.autoAck = true;
    await advance(5_000);
    expect(server.topics('subscribe')).toEqual(['ticker@BTCUSDT', 'ticker@BTCUSDT']);
    expect(kinds(seen)).toEqual(['error', 'subscribed']);
  });

  it('replays `subscribed` to a subscriber joining a live run', async () => {
    listen('depth@BTCUSDT');
    await advance(10);
    const late = listen('depth@BTCUSDT');
    expect(kinds(late)).toEqual(['subscribed']);
    expect(server.topics('subscribe')).toHaveLength(1);
  });

  it('authenticates on open with the current ticket and subscribes private topics after the ack', async () => {
    hub.setTicket('t-1');
    const orders = listen('orders');
    listen('trade@BTCUSDT');
    await advance(50);
    expect(server.frames('auth')).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 't-1' }]);
    const [auth] = server.received.filter((r) => r.frame.op === 'auth').map((r) => server.received.indexOf(r));
    const ordersSub = server.received.findIndex((r) => r.frame.op === 'subscribe' && r.frame.topics.includes('orders'));
    expect(ordersSub).toBeGreaterThan(auth ?? Infinity);
    expect(kinds(orders)).toEqual(['subscribed']);

    // Reconnect: auth again with the ticket current at that time.
    hub.setTicket('t-2'); // a changed identity needs a new socket
    await advance(2_000);
    expect(server.connections).toBe(2);
    expect(server.frames('auth', 2)).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 't-2' }]);
    expect(server.topics('subscribe', 2).sort()).toEqual(['orders', 'trade@BTCUSDT']);
  });

  it('keeps private topics unsubscribed without a ticket and reports a rejected auth as an error', async () => {
    const orders = listen('orders');
    await advance(50);
    expect(server.topics('subscribe')).toEqual([]);
    server.autoAck = false;
    hub.setTicket('bad');
    await advance(50);
    server.send({ op: 'error', id: lastId('auth'), code: 'login.session.expired', msg: 'expired' });
    await advance(50);
    expect(orders).toEqual([{ kind: 'error', error: { code: 'login.session.expired', message: 'expired' } }]);
    expect(server.topics('subscribe')).toEqual([]);
  });
});
