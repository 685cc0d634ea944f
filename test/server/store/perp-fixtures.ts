// Rows of the perp store's tests: an order, a position and a trade with every field set (overridable), and one desk
// commit with a journal entry and perp rows under the tests' lease; and a fresh store for each test, that lease held.
import { afterEach, beforeEach, expect } from 'vitest';
import type { DeskWrites } from '../../../server/store/desk-writes.ts';
import type { Store } from '../../../server/store/index.ts';
import type { PerpOrder, PerpPosition, PerpTrade, PerpWrites } from '../../../server/store/perp.ts';
import { openStore, type DialectName, type TestStore } from '../dialects.ts';

export const NOW = Date.UTC(2026, 0, 15);
export const DESK = 'perp';
/** Past 2^53: exact only if the value never passes through a double. */
export const HUGE = 9_000_000_000_000_000_123n;

export const EMPTY: PerpWrites = { orders: [], positions: [], trades: [], funding: [], liquidations: [], marks: [] };

export function order(id: number, over: Partial<PerpOrder> = {}): PerpOrder {
  return {
    id, user: 7, symbol: 'BTCUSDT', clientOrderId: null, side: 'buy', kind: 'limit', origin: 'user', tif: 'GTC', postOnly: false,
    reduceOnly: false, leverage: 20, mode: 'cross', price: 6_000_000_000_000n, qty: 100_000n, openQty: 100_000n, filledQty: 0n,
    filledQuote: 0n, fee: 0n, realizedPnl: 0n, status: 'new', closeCode: null, priority: id, createdAt: NOW + id, updatedAt: NOW + id,
    closedAt: null, triggerPrice: null, workingType: null, closePosition: false, openLoss: 0n, makerPpm: 200, takerPpm: 500, ...over,
  };
}

export function position(user: number, symbol: string, over: Partial<PerpPosition> = {}): PerpPosition {
  return { user, symbol, leverage: 20, mode: 'cross', size: 100_000n, cost: 6_000_000_000n, margin: 300_000_000n, orderMargin: 0n, owed: 0n, updatedAt: NOW, ...over };
}

export function trade(symbol: string, tradeNo: number, over: Partial<PerpTrade> = {}): PerpTrade {
  return {
    symbol, tradeNo, price: 6_000_000_000_000n, qty: 1_000n, quote: 60_000_000n, takerSide: 'buy', takerOrder: 1, makerOrder: 2, takerUser: 7,
    makerUser: 8, takerFee: 30_000n, makerFee: 12_000n, takerPnl: 0n, makerPnl: -5_000_000n, via: 'book', time: NOW + tradeNo, ...over,
  };
}

/** One desk commit: a journal entry and the perp rows, under the test's lease. */
export function commit(seq: number, perp: PerpWrites | null, now = NOW): DeskWrites {
  return {
    lease: { desk: DESK, holder: 'test', now, ttlMs: 600_000 },
    ledger: {
      desk: DESK, now,
      entries: [{ seq, reason: 'perp.trade', ref: `perp:trade:${seq}`, time: now, lines: [
        { account: 'user:7:contract:available', asset: 'USDT', amount: -10n },
        { account: 'system:fee-income', asset: 'USDT', amount: 10n },
      ] }],
      balances: [],
      system: [],
    },
    records: [], transfersOut: [], transfersIn: [], spot: null, perp,
  };
}


/** A fresh store for each test (handed to `use`), with the tests' desk lease held; disposed after it. */
export function leasedStore(dialect: DialectName, use: (store: Store) => void): void {
  let t: TestStore;
  beforeEach(async () => {
    t = await openStore(dialect);
    use(t.store);
    expect(await t.store.leases.acquire(DESK, 'test', NOW, 600_000)).toBe(true);
  });
  afterEach(async () => t.dispose());
}
