// The seconds contracts in the stream layer: the parsers, the reducer (forward-only by status, one entry per id, a
// fresh run's seed dropping what ended meanwhile), the runtime's lists over a socket (REST seed, topic events, a
// reconnect that re-reads the seed and counts nothing twice), the record head, and the one shared clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai/vanilla';
import { asyncScheduler, Subject } from 'rxjs';
import type { PriceRecordEntry, SecondsContractItem, Topic } from '../../streams/contract.ts';
import { priceRecordAtom, secondsClockAtom, secondsContractsAtom, setStreamsTicket, setUpStreams, type SecondsViews } from '../../streams/index.ts';
import { parsePriceRecordEntry, parseSecondsConfigItem, parseSecondsContract } from '../../streams/parse/seconds.ts';
import { serverClock$, secondsLeft } from '../../streams/pipelines/seconds-clock.ts';
import { applyRecordEntry } from '../../streams/reducers/price-record.ts';
import { freshSecondsRun, mergeSeconds, noSecondsContracts, secondsViews, seedSeconds } from '../../streams/reducers/seconds.ts';
import { isPrivateStreamTopic, isStreamTopic } from '../../streams/socket/protocol.ts';
import { globalTimers } from '../../streams/timers.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

const contract = (id: string, status: SecondsContractItem['status'], extra: Partial<SecondsContractItem> = {}): SecondsContractItem => ({
  id, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', fee: '1', payoutRatio: '0.8', lossRatio: '1',
  scheduledTs: null, openTs: status === 'pending' ? null : 1_000, deliveryTs: 61_000, openPrice: status === 'pending' ? null : '50000',
  settlePrice: status === 'settled' ? '50010' : null, openRecordSeq: null, openRecordHash: null, settleRecordSeq: null, settleRecordHash: null,
  outcome: status === 'settled' ? 'win' : null, payout: status === 'settled' ? '1800' : null, profit: status === 'settled' ? '799' : null,
  status, createdTs: 500, settledTs: status === 'settled' ? 62_000 : null, acceptedTs: 500, reason: null, ...extra,
});
const ids = (list: readonly SecondsContractItem[]) => list.map((c) => c.id);

describe('seconds parsers', () => {
  it('read a contract, a config row and a record entry, and refuse a bad one', () => {
    expect(parseSecondsContract(contract('a', 'settled', { profit: '-1001' }))?.profit).toBe('-1001');
    expect(parseSecondsContract({ ...contract('a', 'holding'), amount: '1e3' })).toBeNull();
    expect(parseSecondsContract({ ...contract('a', 'holding'), status: 'won' })).toBeNull();
    expect(parseSecondsContract({ ...contract('a', 'holding'), openTs: 1.5 })).toBeNull();
    const row = { market: 'BTCUSDT', durationS: 60, payoutRatio: '0.8', lossRatio: '1', minAmount: '1000', maxAmount: '9999999', feeRate: '0.001', enabled: true };
    expect(parseSecondsConfigItem(row)).toEqual(row);
    expect(parseSecondsConfigItem({ ...row, enabled: 'yes' })).toBeNull();
    const entry = { seq: 3, market: 'BTCUSDT', ts: 5, price: '50010.5', sources: 'ext:1', prevHash: 'a', hash: 'b' };
    expect(parsePriceRecordEntry(entry)).toEqual(entry);
    expect(parsePriceRecordEntry({ ...entry, seq: '3' })).toBeNull();
  });

  it('know the seconds topics: the contracts private, the record public', () => {
    expect(isStreamTopic('secondsContracts')).toBe(true);
    expect(isStreamTopic('priceRecord@BTCUSDT')).toBe(true);
    expect(isStreamTopic('priceRecord@btc')).toBe(false);
    expect(isPrivateStreamTopic('secondsContracts')).toBe(true);
    expect(isPrivateStreamTopic('priceRecord@BTCUSDT')).toBe(false);
  });
});

describe('seconds reducer', () => {
  it('keeps one entry per id and never moves a contract back', () => {
    let s = mergeSeconds(noSecondsContracts, [contract('a', 'pending')]);
    s = mergeSeconds(s, [contract('a', 'holding')]);
    s = mergeSeconds(s, [contract('a', 'settled')]);
    // A late copy of an earlier state (a replay, a slow seed) changes nothing.
    expect(mergeSeconds(s, [contract('a', 'holding')])).toBe(s);
    expect(mergeSeconds(s, [contract('a', 'pending')])).toBe(s);
    const v = secondsViews(s);
    expect([v.pending.length, v.holding.length, ids(v.history)]).toEqual([0, 0, ['a']]);
  });

  it('lists an opening contract with the holding ones and a refunded one in the history, never moving back', () => {
    const opening = contract('o', 'opening', { openTs: null, openPrice: null });
    let s = mergeSeconds(noSecondsContracts, [opening, contract('r', 'opening', { openTs: null, openPrice: null })]);
    expect(ids(secondsViews(s).holding).sort()).toEqual(['o', 'r']);
    s = mergeSeconds(s, [contract('o', 'holding'), contract('r', 'refunded', { openTs: null, openPrice: null, reason: 'no.price', settledTs: 6_000 })]);
    // A late "opening" copy of one that opened changes nothing.
    expect(mergeSeconds(s, [opening])).toBe(s);
    const v = secondsViews(s);
    expect([ids(v.holding), ids(v.history), v.history[0]!.reason]).toEqual([['o'], ['r'], 'no.price']);
    // The parser reads the new fields, and a server of before (no acceptedTs, no reason) as null.
    const { acceptedTs: _a, reason: _r, ...old } = contract('x', 'settled');
    expect(parseSecondsContract(old)).toMatchObject({ acceptedTs: null, reason: null });
    expect(parseSecondsContract({ ...opening, reason: 'whim' })).toBeNull();
  });

  it('drops, on a fresh run, an open contract the seed leaves out and no event of the run touched', () => {
    let s = seedSeconds(noSecondsContracts, { pending: [contract('p', 'pending')], holding: [contract('h', 'holding'), contract('k', 'holding')], history: [] });
    s = freshSecondsRun(s);
    // During the new run, before its seed lands: k settles by event.
    s = mergeSeconds(s, [contract('k', 'settled')]);
    // The seed no longer lists p (cancelled meanwhile) nor h (settled beyond the page).
    s = seedSeconds(s, { pending: [], holding: [], history: [contract('k', 'settled')] });
    const v = secondsViews(s);
    expect([ids(v.pending), ids(v.holding), ids(v.history)]).toEqual([[], [], ['k']]);
  });

  it('orders the lists and keeps an unchanged list the same array', () => {
    const s = mergeSeconds(noSecondsContracts, [
      contract('late', 'holding', { deliveryTs: 90_000 }),
      contract('soon', 'holding', { deliveryTs: 70_000 }),
      contract('old', 'settled', { settledTs: 10 }),
      contract('new', 'settled', { settledTs: 20 }),
    ]);
    const v = secondsViews(s);
    expect([ids(v.holding), ids(v.history)]).toEqual([['soon', 'late'], ['new', 'old']]);
    const next = mergeSeconds(s, [contract('p', 'pending', { scheduledTs: 100_000 })]);
    const w = secondsViews(next, v);
    expect(w.holding).toBe(v.holding);
    expect(w.history).toBe(v.history);
    expect(ids(w.pending)).toEqual(['p']);
  });

  it('takes a record entry only when it is newer and of the market', () => {
    const e = (seq: number, market = 'BTCUSDT'): PriceRecordEntry => ({ seq, market, ts: seq, price: '1', sources: '', prevHash: '', hash: String(seq) });
    const a = applyRecordEntry(null, e(5), 'BTCUSDT');
    expect(applyRecordEntry(a, e(4), 'BTCUSDT')).toBe(a);
    expect(applyRecordEntry(a, e(6, 'ETHUSDT'), 'BTCUSDT')).toBe(a);
    expect(applyRecordEntry(a, e(6), 'BTCUSDT')?.seq).toBe(6);
  });
});

describe('the shared seconds clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks just after each whole second of server time, with one timer, and at once when the tab shows again', async () => {
    vi.setSystemTime(10_300);
    const offset = 2_000; // the server is 2 s ahead
    const visible = new Subject<boolean>();
    const seen: number[] = [];
    const sub = serverClock$(() => Date.now() + offset, globalTimers, visible).subscribe((t) => seen.push(t));
    expect(seen).toEqual([12_300]);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(705);
    expect(seen.at(-1)).toBe(13_005);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.at(-1)).toBe(14_005);
    expect(vi.getTimerCount()).toBe(1);
    // Backgrounded: the timers were held back 30 s; the tab shows again and the clock reads the time now.
    vi.setSystemTime(Date.now() + 30_000);
    visible.next(true);
    expect(seen.at(-1)).toBe(Date.now() + offset);
    expect(secondsLeft(seen.at(-1)! + 59_001, seen.at(-1)!)).toBe(60);
    expect(secondsLeft(seen.at(-1)!, seen.at(-1)!)).toBe(0);
    sub.unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ticks at a deadline between seconds too, so a row turns to 'settlement in progress' at its delivery", async () => {
    vi.setSystemTime(20_000);
    const deadlines = new Subject<readonly number[]>();
    const seen: number[] = [];
    const sub = serverClock$(() => Date.now(), globalTimers, undefined, 1_000, deadlines).subscribe((t) => seen.push(t));
    deadlines.next([21_400, 20_300]);
    await vi.advanceTimersByTimeAsync(301);
    expect(seen.at(-1)).toBe(20_301);
    expect(secondsLeft(20_300, seen.at(-1)!)).toBe(0);
    await vi.advanceTimersByTimeAsync(704);
    expect(seen.at(-1)).toBe(21_005);
    await vi.advanceTimersByTimeAsync(396);
    expect(seen.at(-1)).toBe(21_401);
    expect(vi.getTimerCount()).toBe(1);
    sub.unsubscribe();
  });
});

describe('seconds streams over the socket', () => {
  let server: FakeWsServer;
  let cleanup: () => void;
  let seedReads = 0;
  let seed: { pending: SecondsContractItem[]; holding: SecondsContractItem[]; history: SecondsContractItem[] };
  beforeEach(() => {
    vi.useFakeTimers();
    server = new FakeWsServer().start();
    seedReads = 0;
    seed = { pending: [contract('p1', 'pending', { scheduledTs: 200_000 })], holding: [contract('h1', 'holding')], history: [contract('s1', 'settled')] };
    cleanup = setUpStreams({
      url: WS_URL, WebSocket: MockSocket, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0, minReconnectMs: 100, maxReconnectMs: 100 },
      loadSecondsContracts: async () => (seedReads++, structuredClone(seed)),
      loadSecondsConfig: async () => [],
      loadPriceRecordHead: async (market) => [{ seq: 7, market, ts: 7_000, price: '50000', sources: 'x', prevHash: 'a', hash: 'b' }],
    });
  });
  afterEach(() => {
    cleanup();
    setStreamsTicket(null);
    server.stop();
    vi.useRealTimers();
  });

  it('seed, then events; a reconnect re-reads the seed and nothing is counted twice', async () => {
    const store = createStore();
    const off = store.sub(secondsContractsAtom(), () => undefined);
    const views = (): SecondsViews | undefined => {
      const l = store.get(secondsContractsAtom());
      return l.status === 'success' ? l.data : undefined;
    };
    expect(store.get(secondsContractsAtom()).status).toBe('idle');
    setStreamsTicket('t-1');
    await advance(200);
    expect(server.topics('subscribe')).toContain('secondsContracts');
    expect([ids(views()!.pending), ids(views()!.holding), ids(views()!.history)]).toEqual([['p1'], ['h1'], ['s1']]);

    // h1 settles; a new contract opens; the same event again (a duplicate copy) changes nothing.
    server.event('secondsContracts' as Topic, 1, contract('h1', 'settled', { settledTs: 63_000 }));
    server.event('secondsContracts' as Topic, 2, contract('h2', 'holding', { deliveryTs: 80_000 }));
    server.event('secondsContracts' as Topic, 3, contract('h1', 'holding'));
    await advance(20);
    expect([ids(views()!.holding), ids(views()!.history)]).toEqual([['h2'], ['h1', 's1']]);

    // The socket drops; meanwhile p1 is cancelled and h2 settles. The fresh run's seed says so.
    seed = { pending: [], holding: [], history: [contract('h2', 'settled', { settledTs: 81_000 }), contract('h1', 'settled', { settledTs: 63_000 }), contract('s1', 'settled')] };
    const reads = seedReads;
    server.stop();
    await advance(50);
    server.start();
    await advance(3_000);
    expect(seedReads).toBe(reads + 1);
    const v = views()!;
    expect([ids(v.pending), ids(v.holding), ids(v.history)]).toEqual([[], [], ['h2', 'h1', 's1']]);
    off();
  });

  it('reads the record head and follows priceRecord@X', async () => {
    const store = createStore();
    const off = store.sub(priceRecordAtom('BTCUSDT'), () => undefined);
    await advance(200);
    expect(server.topics('subscribe')).toContain('priceRecord@BTCUSDT');
    const head = store.get(priceRecordAtom('BTCUSDT'));
    expect(head.status === 'success' ? head.data?.seq : null).toBe(7);
    server.event('priceRecord@BTCUSDT' as Topic, 1, { seq: 8, market: 'BTCUSDT', ts: 8_000, price: '50001', sources: 'x', prevHash: 'b', hash: 'c' });
    await advance(20);
    const next = store.get(priceRecordAtom('BTCUSDT'));
    expect(next.status === 'success' ? next.data?.price : null).toBe('50001');
    off();
  });

  it('gives every countdown one clock atom', async () => {
    const store = createStore();
    const a: number[] = [];
    const off1 = store.sub(secondsClockAtom(), () => a.push(store.get(secondsClockAtom())));
    const off2 = store.sub(secondsClockAtom(), () => undefined);
    await advance(2_100);
    expect(a.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < a.length; i++) expect(a[i]! - a[i - 1]!).toBeGreaterThan(0);
    off1();
    off2();
  });
});
