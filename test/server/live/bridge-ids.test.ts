// Depth update ids are the desk's (market/bridge.ts): two gateways' market data, fed by the same desk events but
// started at different moments, answer the same book under the same lastUpdateId; a new desk lifetime (epoch) numbers
// on above the last one, and its late events are dropped; a diff stream opened on one book lets a client whose ids
// came from the other go on (MarketData.recentDepth, DepthBook.recent).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { epochTime, newEpoch } from '../../../server/desks/epoch.ts';
import type { DeskEvent, DepthSnapshot, Reply } from '../../../server/desks/index.ts';
import type { Price, Side } from '../../../server/kernel/index.ts';
import { bookUpdateId, bridgeSpotToMarket } from '../../../server/market/bridge.ts';
import { DepthBook } from '../../../server/market/depth.ts';
import { MarketData } from '../../../server/market/service.ts';
import { BTC, memoryCandles } from '../market/fixtures.ts';

const S = 'BTCUSDT';
type Book = Map<string, string>;
type BookEvent = Extract<DeskEvent, { type: 'book' }>;

/** A spot desk as the bridge sees it: book events on the bus (seq without gaps per epoch) and depth snapshots. */
function fakeDesk(start: number) {
  const bus = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
  let epoch = newEpoch(start);
  let seq = 0;
  const sides = { bids: new Map() as Book, asks: new Map() as Book };
  const levels = (m: Book) => [...m.entries()].sort(([a], [b]) => Number(a) - Number(b));
  return {
    bus,
    get epoch() {
      return epoch;
    },
    desk: {
      depth: async (): Promise<Reply<DepthSnapshot>> => ({ ok: true, value: { symbol: S, epoch, seq, bids: levels(sides.bids), asks: levels(sides.asks) } }),
    },
    /** One command's level changes ('0' removes), published as one book event. */
    book(bids: [string, string][], asks: [string, string][] = []): BookEvent {
      for (const [p, q] of bids) q === '0' ? sides.bids.delete(p) : sides.bids.set(p, q);
      for (const [p, q] of asks) q === '0' ? sides.asks.delete(p) : sides.asks.set(p, q);
      const e: BookEvent = { type: 'book', symbol: S, epoch, seq: ++seq, time: start, bids, asks };
      bus.publish(`spot.${S}.book`, e);
      return e;
    },
    /** A new desk lifetime (a takeover) at `at`: same book, seq from 0. */
    restart(at: number) {
      epoch = newEpoch(at);
      seq = 0;
    },
  };
}

async function gateway(d: ReturnType<typeof fakeDesk>) {
  const md = await MarketData.open({ markets: [BTC], candles: memoryCandles() });
  const errors: unknown[] = [];
  let asked = 0;
  const desk = { depth: () => (asked++, d.desk.depth()) };
  const bridge = bridgeSpotToMarket({ bus: d.bus, desk, market: md, onError: (e) => errors.push(e) });
  await bridge.ready;
  return { md, bridge, errors, asked: () => asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('epochs', () => {
  it('are version 7 UUIDs carrying the opening time, unique at the same time', () => {
    const t = Date.UTC(2026, 10, 30, 8, 0, 0, 123);
    const e = newEpoch(t);
    expect(e).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(epochTime(e)).toBe(t);
    expect(newEpoch(t)).not.toBe(e);
    expect(epochTime('4d32a966-9442-44e2-aaf3-54ebfcec71de')).toBeNull();
    expect(epochTime('e1')).toBeNull();
    expect(bookUpdateId(e, 7)).toBe(t * 1000 + 7);
  });
});

describe('depth update ids across gateways', () => {
  it('are the same on a gateway started before the events and one started after them', async () => {
    const start = Date.now() - 60_000;
    const d = fakeDesk(start);
    const a = await gateway(d);
    for (let i = 0; i < 20; i++) d.book([[String(100 - (i % 5)), String(1 + i)]], i % 3 === 0 ? [[String(110 + (i % 4)), String(i)]] : []);
    const b = await gateway(d);
    const same = () => expect(b.md.depth(S, 100)).toEqual(a.md.depth(S, 100));
    same();
    expect(a.md.lastUpdateId(S)).toBe(start * 1000 + 20);
    d.book([['100', '0']], [['110', '0'], ['111', '2']]);
    same();
    // A command that left every level as it was (the second one) still takes its id.
    d.book([['99', '17']]);
    d.book([['99', '17']]);
    same();
    expect(a.md.lastUpdateId(S)).toBe(start * 1000 + 23);
    expect([a.errors, b.errors]).toEqual([[], []]);
  });

  it('rise across a new desk lifetime, equal on both, and drop the old lifetime\'s late events', async () => {
    const start = Date.now() - 60_000;
    const d = fakeDesk(start);
    const a = await gateway(d);
    const old = d.book([['100', '1']]);
    const before = a.md.lastUpdateId(S);
    d.restart(start + 5_000);
    d.book([['100', '2']]);
    await settle();
    const b = await gateway(d);
    expect(a.md.lastUpdateId(S)).toBe((start + 5_000) * 1000 + 1);
    expect(a.md.lastUpdateId(S)).toBeGreaterThan(before);
    expect(b.md.depth(S, 100)).toEqual(a.md.depth(S, 100));
    // The old desk's event, late: already in the newer snapshot, nothing asked, nothing changed.
    const asked = a.asked();
    d.bus.publish(`spot.${S}.book`, { ...old, seq: old.seq + 1 });
    await settle();
    expect(a.asked()).toBe(asked);
    expect(a.md.depth(S, 100)).toEqual(b.md.depth(S, 100));
    expect([a.errors, b.errors]).toEqual([[], []]);
  });

  it('let a client go on from one gateway\'s ids with the other\'s diffs from recentDepth', async () => {
    const d = fakeDesk(Date.now() - 60_000);
    const a = await gateway(d);
    const b = await gateway(d);
    for (let i = 0; i < 30; i++) d.book([[String(90 + (i % 7)), String(i % 4)]], [[String(120 + (i % 3)), String(1 + i)]]);
    // The client's book from A, then B moves on while the client has no gateway.
    const client = a.md.depth(S, 5000);
    for (let i = 0; i < 10; i++) d.book([[String(91 + (i % 5)), String(5 + i)]]);
    const recent = b.md.recentDepth(S);
    expect(recent.from).toBeLessThanOrEqual(client.lastUpdateId + 1);
    const bids = new Map(client.bids);
    const asks = new Map(client.asks);
    for (const [p, q] of recent.bids) q === 0 ? bids.delete(p) : bids.set(p, q);
    for (const [p, q] of recent.asks) q === 0 ? asks.delete(p) : asks.set(p, q);
    const now = b.md.depth(S, 5000);
    expect({ bids: [...bids.entries()].sort(([x], [y]) => y - x), asks: [...asks.entries()].sort(([x], [y]) => x - y) }).toEqual({ bids: now.bids, asks: now.asks });
  });
});

describe('a depth book\'s recent changes', () => {
  const change = (side: Side, price: number, qty: number) => ({ symbol: S, side, price: price as Price, qty });

  it('take the id they are given, even with no level changed, and refuse one not above', () => {
    const book = new DepthBook(S);
    expect(book.applyAt([change('buy', 100, 1), change('sell', 101, 2)], 1_000)).toHaveLength(2);
    expect(book.applyAt([change('buy', 100, 1)], 1_005)).toEqual([]);
    expect(book.lastUpdateId).toBe(1_005);
    expect(book.takeDiff(0)).toMatchObject({ firstUpdateId: 1, finalUpdateId: 1_005, bids: [[100, 1]], asks: [[101, 2]] });
    expect(() => book.applyAt([], 1_005)).toThrow(RangeError);
    expect(book.recent()).toEqual({ from: 1, bids: [[100, 1]], asks: [[101, 2]] });
  });

  it('cover every level touched from `from` on, at its quantity now, however many were forgotten', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 3 })), { maxLength: 200 }), fc.integer({ min: 1, max: 40 }), (ops, size) => {
        const book = new DepthBook(S, 0, size);
        const history: Array<{ id: number; side: Side; price: number }> = [];
        for (const [buy, price, qty] of ops) {
          const side = buy ? 'buy' : 'sell';
          if (book.apply(change(side, price, qty))) history.push({ id: book.lastUpdateId, side, price });
        }
        const r = book.recent();
        const wanted = (side: Side) => {
          const prices = new Set(history.filter((h) => h.id >= r.from && h.side === side).map((h) => h.price));
          return [...prices].sort((a, b) => (side === 'buy' ? b - a : a - b)).map((p) => [p, book.levels(side).find(([x]) => x === p)?.[1] ?? 0]);
        };
        expect(r.bids.map(([p]) => p)).toEqual(expect.arrayContaining(wanted('buy').map(([p]) => p)));
        expect(r.asks.map(([p]) => p)).toEqual(expect.arrayContaining(wanted('sell').map(([p]) => p)));
        for (const [p, q] of r.bids) expect(q).toBe(book.levels('buy').find(([x]) => x === p)?.[1] ?? 0);
        for (const [p, q] of r.asks) expect(q).toBe(book.levels('sell').find(([x]) => x === p)?.[1] ?? 0);
        // It reaches back at least `size` changes (or to the start).
        expect(r.from).toBeLessThanOrEqual(Math.max(1, (history.at(-size)?.id ?? 1)));
      }),
    );
  });
});
