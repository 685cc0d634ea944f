// The contract atoms as a panel reads them: one atom per position row, notified only when that row's figures move.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { asyncScheduler } from 'rxjs';
import type { ContractAccountItem, ContractMarketItem, ContractPositionItem } from '../../streams/contract.ts';
import { contractPositionAtom, contractPositionSymbolsAtom, setStreamsTicket, setUpStreams } from '../../streams/index.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

const bracket = { bracket: 1, notionalFloor: '0', notionalCap: '1000000', maxLeverage: 100, maintenanceMarginRate: '0.5', maintenanceAmount: '0' };
const market = (symbol: string): ContractMarketItem =>
  ({ symbol, multiplier: '0.001', tickSize: '0.01', markPrice: null, indexPrice: null, fundingRate: null, nextFundingTime: null, brackets: [bracket] }) as unknown as ContractMarketItem;
const position = (symbol: string, marginType: 'cross' | 'isolated'): ContractPositionItem =>
  ({
    symbol, direction: 'long', quantity: '1', leverage: 10, marginType, entryNotional: '100', margin: '10', markPrice: '100', notional: '100',
    unrealizedPnl: '0', profitRate: '0', maintenanceMargin: '0.5', marginRatio: '5', liquidationPrice: '90.45226131',
  }) as ContractPositionItem;
const account = { walletBalance: '20', crossWalletBalance: '10', time: 1 } as ContractAccountItem;

let server: FakeWsServer;
let cleanup: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
  cleanup = setUpStreams({
    url: WS_URL, WebSocket: MockSocket, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0 },
    loadContractMarkets: async () => [market('AAAUSDT'), market('BBBUSDT')],
    loadContractPositions: async () => ({ positions: [position('AAAUSDT', 'isolated'), position('BBBUSDT', 'isolated')], settings: [], account }),
  });
});
afterEach(() => {
  cleanup();
  setStreamsTicket(null);
  server.stop();
  vi.useRealTimers();
});

describe('contract atoms', () => {
  it("repaint only the row whose market ticked; the symbols' atom stays", async () => {
    const store = createStore();
    const calls = { a: 0, b: 0, symbols: 0 };
    const offs = [
      store.sub(contractPositionAtom('AAAUSDT'), () => (calls.a += 1)),
      store.sub(contractPositionAtom('BBBUSDT'), () => (calls.b += 1)),
      store.sub(contractPositionSymbolsAtom(), () => (calls.symbols += 1)),
    ];
    setStreamsTicket('t-1');
    await advance(100);
    expect(store.get(contractPositionAtom('AAAUSDT'))?.unrealizedPnl).toBe('0');
    const before = { ...calls };
    server.event('markPrice@AAAUSDT', 1, { e: 'markPriceUpdate', E: 10, s: 'AAAUSDT', p: '101.00000000', i: null, r: '0', T: 0 });
    await advance(20);
    expect(store.get(contractPositionAtom('AAAUSDT'))?.unrealizedPnl).toBe('1');
    expect(calls).toEqual({ a: before.a + 1, b: before.b, symbols: before.symbols });
    for (const off of offs) off();
  });
});
