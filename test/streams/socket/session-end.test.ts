// The socket's side of session expiry: when the server closes the socket with WS_CLOSE_SESSION_ENDED (4001,
// `session.expired`), the layer tells the app once, drops the ticket for good (no auth frame with it again, even if
// the app hands it back), and the reconnected socket carries the public topics only. Other closes change nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from 'rxjs';
import { createConnection, type Connection } from '../../../streams/socket/connection.ts';
import { createTopicHub, type AuthState, type TopicHub, type TopicMessage } from '../../../streams/socket/topics.ts';
import { WS_CLOSE_SESSION_ENDED, type Topic } from '../../../streams/contract.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from '../support.ts';

let server: FakeWsServer;
let connection: Connection;
let hub: TopicHub;
let ended: number;
let subscriptions: Subscription[];

function listen(topic: Topic): TopicMessage[] {
  const seen: TopicMessage[] = [];
  subscriptions.push(hub.topic$(topic).subscribe((m) => seen.push(m)));
  return seen;
}
const kinds = (seen: TopicMessage[]) => seen.map((m) => m.kind);
const closeFromServer = (code: number, reason: string) => server.client?.close({ code, reason, wasClean: true });

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
  connection = createConnection({ url: WS_URL, WebSocket: MockSocket, random: () => 0, minReconnectMs: 1_000 });
  ended = 0;
  hub = createTopicHub(connection, { teardownMs: 3_000, ticket: 't-1', onSessionEnded: () => (ended += 1) });
  subscriptions = [];
});
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  hub.close();
  connection.close();
  server.stop();
  vi.useRealTimers();
});

describe('a socket closed because its session ended', () => {
  it('reports the close, and the next socket carries public topics without the dead ticket', async () => {
    const orders = listen('orders');
    listen('trade@BTCUSDT');
    await advance(50);
    expect(server.frames('auth', 1)).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 't-1' }]);
    expect(server.topics('subscribe', 1).sort()).toEqual(['orders', 'trade@BTCUSDT']);
    let ticket: string | null = 'unset';
    subscriptions.push(hub.ticket$.subscribe((t) => (ticket = t)));
    let auth: AuthState = 'authenticating';
    subscriptions.push(hub.auth$.subscribe((a) => (auth = a)));

    closeFromServer(WS_CLOSE_SESSION_ENDED, 'session.expired');
    await advance(50);
    expect(ended).toBe(1);
    expect(ticket).toBeNull();
    expect(auth).toBe('anonymous');
    expect(orders).toContainEqual({ kind: 'error', error: { code: 'login.session.expired', message: 'session.expired' } });

    // reconnecting-websocket comes back after its delay: public topics again, no auth, no private topic.
    await advance(2_000);
    expect(server.connections).toBe(2);
    expect(server.frames('auth', 2)).toEqual([]);
    expect(server.topics('subscribe', 2)).toEqual(['trade@BTCUSDT']);
    expect(ended).toBe(1);
    expect(kinds(orders)).not.toContain('event');
  });

  it('never sends the ended ticket again, even when the app hands it back; a new ticket signs in', async () => {
    listen('orders');
    await advance(50);
    closeFromServer(WS_CLOSE_SESSION_ENDED, 'session.expired');
    await advance(2_000);
    expect(server.connections).toBe(2);
    hub.setTicket('t-1');
    await advance(2_000);
    expect(server.frames('auth').filter((f) => f.op === 'auth' && f.ticket === 't-1')).toHaveLength(1);
    hub.setTicket('t-2');
    await advance(50);
    expect(server.frames('auth', 2)).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 't-2' }]);
    expect(server.topics('subscribe', 2)).toContain('orders');
  });

  it('treats any other close as a dropped connection: same ticket after the reconnect, no report', async () => {
    listen('orders');
    await advance(50);
    closeFromServer(1011, 'server restart');
    await advance(2_000);
    expect(server.connections).toBe(2);
    expect(ended).toBe(0);
    expect(server.frames('auth', 2)).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 't-1' }]);
    expect(server.topics('subscribe', 2)).toEqual(['orders']);
  });

  it('ignores a session close on a socket that carries no ticket', async () => {
    hub.setTicket(null);
    listen('trade@BTCUSDT');
    await advance(2_000);
    const before = server.connections;
    closeFromServer(WS_CLOSE_SESSION_ENDED, 'session.expired');
    await advance(2_000);
    expect(ended).toBe(0);
    expect(server.connections).toBe(before + 1);
    expect(server.topics('subscribe', before + 1)).toEqual(['trade@BTCUSDT']);
  });
});
