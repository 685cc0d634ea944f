// The stream runtime hands the server's session close (WS_CLOSE_SESSION_ENDED) to the app through onSessionEnded,
// once, and the private lists go idle (their ticket is gone) while the socket comes back for public topics.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asyncScheduler, firstValueFrom } from 'rxjs';
import { createStreams } from '../../streams/runtime.ts';
import type { MarketRest } from '../../streams/rest/market.ts';
import type { Ticker24h } from '../../streams/contract.ts';
import { WS_CLOSE_SESSION_ENDED } from '../../streams/contract.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

let server: FakeWsServer;
const rest: MarketRest = {
  depth: async () => ({ lastUpdateId: 1, bids: [], asks: [] }),
  trades: async () => [],
  klines: async () => [],
  tickers: async () => [],
  ticker: async (symbol) => ({ symbol }) as Ticker24h,
};

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
});
afterEach(() => {
  server.stop();
  vi.useRealTimers();
});

describe('the stream runtime', () => {
  it('hands the session close to the app through onSessionEnded and idles the private lists', async () => {
    let calls = 0;
    const streams = createStreams({
      url: WS_URL,
      WebSocket: MockSocket,
      ticket: 't-9',
      onSessionEnded: () => (calls += 1),
      rest,
      teardownMs: 2_000,
      loadOrders: () => Promise.resolve([]),
      frameScheduler: asyncScheduler,
      reconnect: { random: () => 0, minReconnectMs: 1_000 },
    });
    try {
      const statuses: string[] = [];
      const sub = streams.orders$().subscribe((l) => statuses.push(l.status));
      await advance(100);
      expect(server.frames('auth', 1)).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 't-9' }]);
      server.client?.close({ code: WS_CLOSE_SESSION_ENDED, reason: 'session.expired', wasClean: true });
      await advance(2_000);
      expect(calls).toBe(1);
      expect(await firstValueFrom(streams.auth$)).toBe('anonymous');
      expect(statuses.at(-1)).toBe('idle');
      expect(server.frames('auth', 2)).toEqual([]);
      sub.unsubscribe();
    } finally {
      streams.close();
    }
  });
});
