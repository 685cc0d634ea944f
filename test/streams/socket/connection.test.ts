import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnection, type Connection, type ConnectionStatus } from '../../../streams/socket/connection.ts';
import { setUpHeartbeat } from '../../../streams/socket/heartbeat.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from '../support.ts';

let server: FakeWsServer;
let connection: Connection | null = null;
const statuses: ConnectionStatus[] = [];

function connect(options: Partial<Parameters<typeof createConnection>[0]> = {}): Connection {
  connection = createConnection({ url: WS_URL, WebSocket: MockSocket, random: () => 0.5, jitterMs: 1_000, minReconnectMs: 1_000, maxReconnectMs: 8_000, growFactor: 2, ...options });
  connection.status$.subscribe((s) => statuses.push(s));
  return connection;
}

beforeEach(() => {
  vi.useFakeTimers();
  statuses.length = 0;
  server = new FakeWsServer().start();
});
afterEach(() => {
  connection?.close();
  connection = null;
  server.stop();
  vi.useRealTimers();
});

describe('connection', () => {
  it('opens, and refuses to send while down instead of queueing', async () => {
    const c = connect();
    expect(c.send({ op: 'ping', id: 1 })).toBe(false);
    await advance(10);
    expect(c.status).toBe('open');
    expect(c.send({ op: 'ping', id: 2 })).toBe(true);
    await advance(10);
    // The refused ping never reaches the server, even after the socket opened.
    expect(server.frames('ping')).toEqual([{ op: 'ping', id: 2 }]);
  });

  it('reconnects with growing, jittered backoff while the server is away', async () => {
    const c = connect();
    await advance(10);
    server.stop();
    expect(c.status).toBe('reconnecting');
    expect(c.send({ op: 'ping', id: 1 })).toBe(false);

    // Attempt 1 waits min delay 1000 + jitter 500; it fails (no server), attempt 2 waits 2000 + 500.
    const started = server.connections;
    await advance(1_400);
    server.start();
    await advance(200);
    expect(c.status).toBe('open');
    expect(server.connections).toBe(started + 1);
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('backs off longer after each failed attempt', async () => {
    const c = connect();
    await advance(10);
    server.stop();
    // attempt 1 at ~1500 fails, attempt 2 at +2500 fails, attempt 3 would be at +4500.
    await advance(1_510 + 2_510);
    server.start();
    await advance(4_000);
    expect(c.status).toBe('reconnecting');
    await advance(600);
    expect(c.status).toBe('open');
  });

  it('treats a missing pong as a dead socket and reconnects', async () => {
    const c = connect();
    const stop = setUpHeartbeat(c, { intervalMs: 15_000, timeoutMs: 5_000 });
    await advance(10);
    expect(server.frames('ping')).toHaveLength(1);
    await advance(15_000);
    expect(server.frames('ping')).toHaveLength(2);
    expect(server.connections).toBe(1);

    server.autoPong = false;
    await advance(15_000); // third ping, unanswered
    await advance(5_000); // its deadline
    expect(statuses).toContain('reconnecting');
    await advance(1_000); // reconnect immediately plus jitter
    expect(server.connections).toBe(2);
    expect(c.status).toBe('open');
    stop();
  });

  it('reports round trips as clock samples', async () => {
    const samples: number[] = [];
    server.serverTime = () => Date.now() + 7_000;
    const c = connect();
    const stop = setUpHeartbeat(c, { onSample: (s) => samples.push(s.serverTime - s.receivedAt) });
    await advance(50);
    expect(samples).toHaveLength(1);
    expect(samples[0]).toBeGreaterThanOrEqual(6_900);
    stop();
  });
});
