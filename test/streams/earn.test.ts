// The wealth and mining orders in the stream layer: the parsers (exact decimals, known statuses, the `earn` event
// shape), the reducer (forward-only: active → ended, payments only add up; one entry per kind and id; a fresh run's
// seed dropping an active order it leaves out), and the runtime's `earn` topic over a socket (private, seeded, live,
// re-seeded after a reconnect with nothing counted twice).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { asyncScheduler } from 'rxjs';
import type { EarnOrderItem, Topic } from '../../streams/contract.ts';
import { earnOrdersAtom, setStreamsTicket, setUpStreams, type EarnViews } from '../../streams/index.ts';
import { parseEarnEvent, parseEarnOrder, parseEarnProduct } from '../../streams/parse/earn.ts';
import { earnViews, freshEarnRun, mergeEarn, noEarnOrders, seedEarn } from '../../streams/reducers/earn.ts';
import type { EarnSeed } from '../../streams/reducers/earn.ts';
import { isPrivateStreamTopic, isStreamTopic } from '../../streams/socket/protocol.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

const order = (id: number, extra: Partial<EarnOrderItem> = {}): EarnOrderItem => ({
  id, kind: 'mining', productId: 5, name: 'USDT pool 30 days', asset: 'USDT', incomeAsset: 'USDT', principal: '1000', rate: '0.0002', termDays: 30,
  incomeRelease: 'daily', rebateType: 'end', totalIncome: '6', paidIncome: '0', paidPrincipal: '0', periodsPaid: 0, periods: 30, status: 'purchasing',
  purchasedAt: 1_000 + id, startAt: 86_400_000, endAt: 31 * 86_400_000, returnAt: 31 * 86_400_000 + 3_600_000, nextPayoutAt: 2 * 86_400_000 + 3_600_000,
  closedAt: null, clientId: null, ...extra,
});
const ids = (list: readonly EarnOrderItem[]) => list.map((o) => `${o.kind}:${o.id}`);

describe('earn parsers', () => {
  it('read an order and its event, and refuse a bad one', () => {
    expect(parseEarnOrder(order(1))?.principal).toBe('1000');
    expect(parseEarnEvent({ type: 'earn', order: order(2) })?.id).toBe(2);
    expect(parseEarnOrder({ ...order(1), principal: '-1' })).toBeNull();
    expect(parseEarnOrder({ ...order(1), principal: '1e3' })).toBeNull();
    expect(parseEarnOrder({ ...order(1), paidIncome: '0.000000001' })).toBeNull();
    expect(parseEarnOrder({ ...order(1), status: 'won' })).toBeNull();
    expect(parseEarnOrder({ ...order(1), kind: 'stake' })).toBeNull();
    expect(parseEarnEvent({ type: 'earn', order: { ...order(1), startAt: 'soon' } })).toBeNull();
  });

  it('read a product with or without what the user holds', () => {
    const product = {
      id: 3, kind: 'wealth', name: 'USDT 7-day fixed', asset: 'USDT', incomeAsset: 'USDT', termDays: 7, rate: '0.025', annualRate: '0.025',
      dailyRate: '0.00006849', monthlyRate: '0.00205479', minAmount: '10', maxAmount: '50000', quota: '2000000', remaining: '1999000',
      incomeRelease: 'end', rebateType: 'end', status: 'open', funded: true, capacity: '1999000', held: null, sortOrder: 1, createdAt: 5,
    };
    expect(parseEarnProduct(product)?.held).toBeNull();
    expect(parseEarnProduct({ ...product, held: '1000' })?.held).toBe('1000');
    expect(parseEarnProduct({ ...product, funded: 'yes' })).toBeNull();
    expect(parseEarnProduct({ ...product, termDays: 0 })).toBeNull();
  });

  it('know the earn topic: private', () => {
    expect(isStreamTopic('earn')).toBe(true);
    expect(isPrivateStreamTopic('earn')).toBe(true);
    expect(isStreamTopic('earnings')).toBe(false);
  });
});

describe('earn reducer', () => {
  it('keeps one entry per kind and id and never moves an order back', () => {
    let s = mergeEarn(noEarnOrders, [order(1), order(1, { kind: 'wealth', incomeRelease: 'end' })]);
    expect(s.entries.size).toBe(2);
    s = mergeEarn(s, [order(1, { status: 'in_progress', periodsPaid: 2, paidIncome: '0.4' })]);
    // A replayed copy behind it (fewer payments, or purchasing again) changes nothing.
    const held = s;
    s = mergeEarn(s, [order(1, { status: 'in_progress', periodsPaid: 1, paidIncome: '0.2' }), order(1, { status: 'purchasing', periodsPaid: 2 })]);
    expect(s).toBe(held);
    s = mergeEarn(s, [order(1, { status: 'settled', periodsPaid: 30, paidIncome: '6', closedAt: 9 })]);
    s = mergeEarn(s, [order(1, { status: 'in_progress', periodsPaid: 29 })]);
    const views = earnViews(s);
    expect(views.mining[0]?.status).toBe('settled');
    expect(views.wealth[0]?.status).toBe('purchasing');
  });

  it('drops, on a fresh run, an active order the seed leaves out and no event of the run touched', () => {
    let s = mergeEarn(noEarnOrders, [order(1), order(2), order(3, { status: 'settled', periodsPaid: 30 })]);
    s = freshEarnRun(s);
    s = mergeEarn(s, [order(2, { status: 'in_progress', periodsPaid: 1 })]);
    s = seedEarn(s, { active: [], ended: [] });
    expect(ids(earnViews(s).mining)).toEqual(['mining:3', 'mining:2']);
  });

  it('lists newest first and keeps an unchanged list the same array', () => {
    const s = mergeEarn(noEarnOrders, [order(1), order(3), order(2)]);
    const first = earnViews(s);
    expect(ids(first.mining)).toEqual(['mining:3', 'mining:2', 'mining:1']);
    const again = earnViews(mergeEarn(s, [order(9, { kind: 'wealth' })]), first);
    expect(again.mining).toBe(first.mining);
    expect(ids(again.wealth)).toEqual(['wealth:9']);
  });
});

describe('earn orders over the socket', () => {
  let server: FakeWsServer;
  let cleanup: () => void;
  let seedReads = 0;
  let seed: EarnSeed;
  beforeEach(() => {
    vi.useFakeTimers();
    server = new FakeWsServer().start();
    seedReads = 0;
    seed = { active: [order(1), order(2, { kind: 'wealth', incomeRelease: 'end' })], ended: [order(3, { status: 'settled', periodsPaid: 30, paidIncome: '6' })] };
    cleanup = setUpStreams({
      url: WS_URL, WebSocket: MockSocket, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0, minReconnectMs: 100, maxReconnectMs: 100 },
      loadEarnOrders: async () => (seedReads++, structuredClone(seed)),
      loadSecondsConfig: async () => [],
    });
  });
  afterEach(() => {
    cleanup();
    setStreamsTicket(null);
    server.stop();
    vi.useRealTimers();
  });

  it('idle signed out; seed, then events; a reconnect re-reads the seed and nothing is counted twice', async () => {
    const store = createStore();
    const off = store.sub(earnOrdersAtom(), () => undefined);
    const views = (): EarnViews | undefined => {
      const l = store.get(earnOrdersAtom());
      return l.status === 'success' ? l.data : undefined;
    };
    expect(store.get(earnOrdersAtom()).status).toBe('idle');
    setStreamsTicket('t-1');
    await advance(200);
    expect(server.topics('subscribe')).toContain('earn');
    expect([ids(views()!.wealth), ids(views()!.mining)]).toEqual([['wealth:2'], ['mining:3', 'mining:1']]);

    // A payment of order 1; a new order; the first payment's event again changes nothing.
    server.event('earn' as Topic, 1, { type: 'earn', order: order(1, { status: 'in_progress', periodsPaid: 1, paidIncome: '0.2' }) });
    server.event('earn' as Topic, 2, { type: 'earn', order: order(4) });
    server.event('earn' as Topic, 3, { type: 'earn', order: order(1, { status: 'purchasing' }) });
    await advance(20);
    const mining = views()!.mining;
    expect(ids(mining)).toEqual(['mining:4', 'mining:3', 'mining:1']);
    expect(mining.find((o) => o.id === 1)?.paidIncome).toBe('0.2');

    // The socket drops; meanwhile the wealth order is transferred out beyond the seed's page and order 1 pays again.
    seed = { active: [order(1, { status: 'in_progress', periodsPaid: 2, paidIncome: '0.4' }), order(4)], ended: [order(3, { status: 'settled', periodsPaid: 30, paidIncome: '6' })] };
    const reads = seedReads;
    server.stop();
    await advance(50);
    server.start();
    await advance(3_000);
    expect(seedReads).toBe(reads + 1);
    const v = views()!;
    expect(ids(v.wealth)).toEqual([]);
    expect(v.mining.find((o) => o.id === 1)?.paidIncome).toBe('0.4');
    off();
  });
});
