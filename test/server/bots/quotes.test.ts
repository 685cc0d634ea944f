// The market maker's ladder: on the grid, strictly around the index, inside the market's bounds, reproducible.
import { describe, expect, it } from 'vitest';
import { asset, defineMarket, notional, type Amount, type Price, type Qty } from '../../../server/kernel/index.ts';
import { createPrng } from '../../../server/feeds/prng.ts';
import { baseWorth, lotsFor, makerParams, movedEnough, quoteLadder } from '../../../server/bots/quotes.ts';

const COIN = 100_000_000n;
const btc = defineMarket({
  symbol: 'BTCUSDT', base: asset('BTC'), quote: asset('USDT'), tickSize: 1_000_000n, lotSize: 1_000n,
  minQty: 1 as Qty, maxQty: 900_000_000 as Qty, minNotional: (5n * COIN) as Amount, maxNotional: (100_000_000n * COIN) as Amount,
});
const doge = defineMarket({
  symbol: 'DOGEUSDT', base: asset('DOGE'), quote: asset('USDT'), tickSize: 1_000n, lotSize: COIN,
  minQty: 1 as Qty, maxQty: 500_000_000 as Qty, minNotional: (5n * COIN) as Amount, maxNotional: (100_000_000n * COIN) as Amount,
});

describe('quoteLadder', () => {
  for (const [m, index] of [[btc, 9_500_000 as Price], [doge, 15_000 as Price], [doge, 3 as Price]] as const) {
    it(`${m.symbol} at ${index} ticks: layered, strictly around the index, within bounds`, () => {
      const p = makerParams(0.8);
      const ladder = quoteLadder(m, index, p, createPrng(1));
      expect(ladder.bids.length).toBeGreaterThan(0);
      expect(ladder.asks).toHaveLength(p.levels);
      ladder.bids.forEach((q, i) => {
        expect(q.price).toBeLessThan(i === 0 ? index : ladder.bids[i - 1]!.price);
        expect(q.price).toBeGreaterThanOrEqual(1);
      });
      ladder.asks.forEach((q, i) => expect(q.price).toBeGreaterThan(i === 0 ? index : ladder.asks[i - 1]!.price));
      for (const q of [...ladder.bids, ...ladder.asks]) {
        expect(Number.isInteger(q.price) && Number.isInteger(q.qty)).toBe(true);
        expect(q.qty).toBeGreaterThanOrEqual(m.minQty);
        expect(notional(m, q.price, q.qty)).toBeGreaterThanOrEqual(m.minNotional);
        expect(notional(m, q.price, q.qty)).toBeLessThanOrEqual(m.maxNotional);
      }
    });
  }

  it('keeps the best quotes at about the half spread', () => {
    const p = makerParams(0.5);
    const { bids, asks } = quoteLadder(btc, 9_500_000 as Price, p, createPrng(2));
    const bps = (x: number) => (Math.abs(x - 9_500_000) / 9_500_000) * 10_000;
    expect(bps(bids[0]!.price)).toBeCloseTo(p.halfSpreadBps, 0);
    expect(bps(asks[0]!.price)).toBeCloseTo(p.halfSpreadBps, 0);
  });

  it('is the same for the same seed and differs in size for another', () => {
    const a = quoteLadder(btc, 9_500_000 as Price, makerParams(0.5), createPrng(3));
    expect(quoteLadder(btc, 9_500_000 as Price, makerParams(0.5), createPrng(3))).toEqual(a);
    const b = quoteLadder(btc, 9_500_000 as Price, makerParams(0.5), createPrng(4));
    expect(b.bids.map((q) => q.price)).toEqual(a.bids.map((q) => q.price));
    expect(b.bids.map((q) => q.qty)).not.toEqual(a.bids.map((q) => q.qty));
  });
});

describe('sizes and triggers', () => {
  it('lotsFor rounds to lots and lifts tiny targets to the minimum notional', () => {
    expect(lotsFor(btc, 9_500_000 as Price, 950n * COIN)).toBe(1_000); // 0.01 BTC
    const min = lotsFor(btc, 9_500_000 as Price, 1n)!;
    expect(notional(btc, 9_500_000 as Price, min)).toBeGreaterThanOrEqual(5n * COIN);
    expect(notional(btc, 9_500_000 as Price, (min - 1) as Qty)).toBeLessThan(5n * COIN);
  });

  it('re-quotes only past the threshold', () => {
    expect(movedEnough(undefined, 100 as Price, 2)).toBe(true);
    expect(movedEnough(10_000 as Price, 10_001 as Price, 2)).toBe(false);
    expect(movedEnough(10_000 as Price, 10_002 as Price, 2)).toBe(true);
    expect(movedEnough(10_000 as Price, 9_998 as Price, 2)).toBe(true);
  });

  it('baseWorth converts quote to base at the index', () => {
    expect(baseWorth(btc, 9_500_000 as Price, 95_000n * COIN)).toBe(COIN);
  });
});
