// The demo index: reproducible from seed and times, on tick and positive, and moving with the configured vol.
import { describe, expect, it } from 'vitest';
import { COIN_PROFILES } from '../../../server/feeds/coins.ts';
import { createPrng } from '../../../server/feeds/prng.ts';
import { createSimulator, simMarkets, YEAR_MS } from '../../../server/feeds/simulator.ts';
import type { Price } from '../../../server/kernel/index.ts';
import { DEMO_MARKETS, usdtMarket } from './markets.ts';

const START = Date.UTC(2026, 0, 15);
const STEP = 500;

function run(seed: number, steps: number, markets = DEMO_MARKETS, times?: number[]) {
  const sim = createSimulator({ seed, start: START, markets: simMarkets(markets) });
  const ts = times ?? Array.from({ length: steps }, (_, i) => START + (i + 1) * STEP);
  return ts.map((t) => sim.step(t));
}

describe('prng', () => {
  it('repeats from a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const p = createPrng(seed);
      return Array.from({ length: 5 }, () => p.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('draws standard normals', () => {
    const p = createPrng(1);
    const n = 100_000;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const z = p.normal();
      sum += z;
      sq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.02);
  });
});

describe('simulator', () => {
  it('gives the same prices for the same seed and times, other prices for another seed', () => {
    expect(run(42, 200)).toEqual(run(42, 200));
    expect(run(42, 200)).not.toEqual(run(43, 200));
  });

  it("keeps a market's path when another market is added", () => {
    const btc = DEMO_MARKETS.filter((m) => m.base === 'BTC');
    const alone = run(5, 100, btc).map((ticks) => ticks[0]!.price);
    const together = run(5, 100).map((ticks) => ticks.find((t) => t.symbol === 'BTCUSDT')!.price);
    expect(together).toEqual(alone);
  });

  it('ticks once per market per step with +1 sequence numbers, and ignores times that do not advance', () => {
    const sim = createSimulator({ seed: 1, start: START, markets: simMarkets(DEMO_MARKETS) });
    expect(sim.step(START)).toEqual([]);
    const first = sim.step(START + STEP);
    expect(first.map((t) => t.symbol)).toEqual(DEMO_MARKETS.map((m) => m.symbol));
    expect(first.every((t) => t.seq === 1 && t.time === START + STEP)).toBe(true);
    expect(sim.step(START + STEP)).toEqual([]);
    expect(sim.step(START + 2 * STEP).every((t) => t.seq === 2)).toBe(true);
    const third = sim.step(START + 3 * STEP);
    expect(sim.price('BTCUSDT')).toBe(third[0]!.price);
  });

  it('starts near the profile prices', () => {
    const [first] = run(3, 1);
    for (const t of first!) {
      const m = DEMO_MARKETS.find((x) => x.symbol === t.symbol)!;
      const value = (t.price * Number(m.tickSize)) / 1e8;
      expect(value / Number(COIN_PROFILES[m.base]!.start)).toBeCloseTo(1, 2);
    }
  });

  it('stays positive and on whole ticks, down to the one-tick floor', () => {
    // A 0.15 coin on a 0.01 tick at 300 % vol, stepped hourly for years: the walk sinks far below one tick.
    const penny = usdtMarket('DOGE', 1_000_000n);
    const sim = createSimulator({ seed: 9, start: START, markets: simMarkets([penny], { DOGE: { start: '0.15', vol: 3 } }) });
    const prices = Array.from({ length: 50_000 }, (_, i) => sim.step(START + (i + 1) * 3_600_000)[0]!.price);
    expect(prices.every((p) => Number.isSafeInteger(p) && p >= 1)).toBe(true);
    expect(prices.at(-1)).toBe(1);
  });

  it('moves with roughly the configured annual volatility', () => {
    // Minute returns over ~1.4 days of 500 ms steps: enough samples for a few % of sampling error, and long
    // enough that tick rounding adds next to nothing.
    const sampleEvery = 120;
    const minutes = 2000;
    const ticks = run(2026, sampleEvery * minutes);
    for (const [i, m] of DEMO_MARKETS.entries()) {
      const prices: Price[] = ticks.filter((_, k) => (k + 1) % sampleEvery === 0).map((s) => s[i]!.price);
      const r = prices.slice(1).map((p, k) => Math.log(p / prices[k]!));
      const mean = r.reduce((a, b) => a + b, 0) / r.length;
      const variance = r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1);
      const annual = Math.sqrt(variance * (YEAR_MS / 60_000));
      expect(annual / COIN_PROFILES[m.base]!.vol, m.symbol).toBeGreaterThan(0.9);
      expect(annual / COIN_PROFILES[m.base]!.vol, m.symbol).toBeLessThan(1.1);
    }
  });

  it('holds a zero-vol coin still and resumes from given prices', () => {
    const usdc = usdtMarket('USDC', 10_000n);
    const flat = createSimulator({ seed: 1, start: START, markets: simMarkets([usdc]) });
    expect(new Set(Array.from({ length: 100 }, (_, i) => flat.step(START + (i + 1) * STEP)[0]!.price))).toEqual(new Set([10_000]));
    const btc = DEMO_MARKETS[0]!;
    const resumed = createSimulator({ seed: 1, start: START, markets: simMarkets([btc]), from: new Map([['BTCUSDT', 5_000_000 as Price]]) });
    expect(resumed.price('BTCUSDT')).toBe(5_000_000);
    expect(Math.abs(resumed.step(START + STEP)[0]!.price - 5_000_000)).toBeLessThan(5_000);
  });

  it('refuses a market without a profile', () => {
    expect(() => simMarkets([usdtMarket('FOO', 1_000_000n)])).toThrow(/no simulator profile/);
  });
});
