// Market data fed a real spot engine's events: after every command the depth equals the engine's own book, the
// diffs rebuild it on a client, and the trades match. Random commands from a seeded generator.
import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../server/feeds/prng.ts';
import { ReferenceBook, type OrderId, type RestingOrder, type Side, type SpotEvent } from '../../../server/kernel/index.ts';
import { BookTracker } from '../../../server/market/book-tracker.ts';
import { MarketData } from '../../../server/market/service.ts';
import { World } from '../kernel/spot/world.ts';
import { DepthReplica } from './depth-replica.ts';
import { memoryCandles } from './fixtures.ts';

const pick = <T>(r: Prng, xs: readonly T[]): T => xs[Math.floor(r.next() * xs.length)]!;
const int = (r: Prng, lo: number, hi: number) => lo + Math.floor(r.next() * (hi - lo + 1));

function step(w: World, r: Prng): SpotEvent[] {
  const user = int(r, 1, 3);
  const side = pick<Side>(r, ['buy', 'sell']);
  const open = w.engine.openOrders();
  const roll = r.next();
  if (roll < 0.55 || open.length === 0) return w.limit(user, side, int(r, 1, 6), int(r, 95, 105), { stp: pick(r, ['NONE', 'EXPIRE_MAKER', 'EXPIRE_TAKER', 'EXPIRE_BOTH'] as const), tif: pick(r, ['GTC', 'GTC', 'IOC'] as const) });
  if (roll < 0.65) return w.marketBase(user, side, int(r, 1, 8), side === 'buy' ? 110 : 90, pick(r, ['NONE', 'EXPIRE_MAKER'] as const));
  const o = pick(r, open);
  if (roll < 0.8) return w.cancel(o.user, o.id);
  return w.replace(o.user, o.id, int(r, 95, 105), int(r, 1, 6));
}

function bookOf(w: World) {
  const levels = (side: Side) => w.engine.book.depth(side, 1000).map((l) => [l.price, l.qty]);
  return { bids: levels('buy'), asks: levels('sell') };
}

describe('market data from spot events', () => {
  it('tracks the engine book, its trades, and publishes diffs a client can follow', async () => {
    for (const seed of [1, 2, 3]) {
      const r = createPrng(seed);
      const w = new World(new ReferenceBook(), [1, 2, 3], 1_000_000, 1_000);
      const md = await MarketData.open({ markets: [w.market], candles: memoryCandles() });
      md.resetBook('BTCUSDT', []);
      const client = new DepthReplica();
      let late: MarketData | null = null;
      let trades = 0;
      for (let i = 0; i < 400; i++) {
        const events = step(w, r);
        md.onSpotEvents('BTCUSDT', events);
        trades += events.filter((e) => e.type === 'trade').length;
        const snap = md.depth('BTCUSDT', 5000);
        expect({ bids: snap.bids, asks: snap.asks }, `seed ${seed} step ${i}`).toEqual(bookOf(w));
        if (i % 3 === 0) for (const d of md.takeDepthDiffs(i)) expect(client.onDiff(d)).toBe(true);
        if (i === 7) expect(client.load(md.depth('BTCUSDT', 5000))).toBe(true);
        // A second service that starts mid-stream from the desk's resting orders (as after a restart).
        if (i === 150) {
          late = await MarketData.open({ markets: [w.market], candles: memoryCandles() });
          late.resetBook('BTCUSDT', w.engine.book.orders());
        } else late?.onSpotEvents('BTCUSDT', events);
      }
      for (const d of md.takeDepthDiffs(999)) expect(client.onDiff(d)).toBe(true);
      expect(client.book()).toEqual(bookOf(w));
      expect(late!.depth('BTCUSDT', 5000)).toMatchObject(bookOf(w));
      expect(trades).toBeGreaterThan(50);
      expect(md.trades('BTCUSDT', 5000)).toHaveLength(Math.min(trades, 1000));
    }
  });

  it('syncs to the orders a command touched as the book holds them (as the perp desk does), to the same levels', () => {
    for (const seed of [4, 5]) {
      const r = createPrng(seed);
      const w = new World(new ReferenceBook(), [1, 2, 3], 1_000_000, 1_000);
      const byEvents = new BookTracker('BTCUSDT');
      const bySync = new BookTracker('BTCUSDT');
      for (let i = 0; i < 400; i++) {
        const events = step(w, r);
        byEvents.apply(events);
        const ids = new Set<OrderId>();
        for (const e of events) {
          if (e.type === 'trade') ids.add(e.maker);
          else if ('order' in e && e.order !== null) ids.add(e.order);
        }
        const changes = bySync.sync([...ids].map((id): [OrderId, RestingOrder | undefined] => [id, w.engine.book.order(id)]));
        for (const c of changes) expect(c.qty).toBe(bySync.level(c.side, c.price));
        const book = bookOf(w);
        expect({ bids: bySync.all('buy'), asks: bySync.all('sell') }, `seed ${seed} step ${i}`).toEqual(book);
        expect({ bids: byEvents.all('buy'), asks: byEvents.all('sell') }).toEqual(book);
      }
    }
  });

  it('publishes removed levels when a book is reset, so subscribers stay continuous', async () => {
    const w = new World(new ReferenceBook());
    const md = await MarketData.open({ markets: [w.market], candles: memoryCandles(), lastUpdateId: 500 });
    md.resetBook('BTCUSDT', []);
    md.onSpotEvents('BTCUSDT', w.limit(1, 'buy', 2, 99));
    md.onSpotEvents('BTCUSDT', w.limit(2, 'sell', 3, 101));
    const client = new DepthReplica();
    client.load(md.depth('BTCUSDT'));
    md.takeDepthDiffs(1);
    md.resetBook('BTCUSDT', w.engine.book.orders().filter((o) => o.side === 'sell'));
    const [diff] = md.takeDepthDiffs(2);
    expect(diff).toMatchObject({ firstUpdateId: 503, finalUpdateId: 503, bids: [[99, 0]], asks: [] });
    expect(client.onDiff(diff!)).toBe(true);
    expect(client.book()).toEqual({ bids: [], asks: [[101, 3]] });
  });
});
