// The simulator behind the feed port: one timer for all subscribers, steps on the clock's 500 ms grid.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { simulatedFeed } from '../../../server/feeds/simulated-feed.ts';
import { createSimulator, simMarkets } from '../../../server/feeds/simulator.ts';
import type { IndexTick } from '../../../server/feeds/types.ts';
import { DEMO_MARKETS } from './markets.ts';

const START = Date.UTC(2026, 0, 15, 12);

beforeEach(() => {
  vi.useFakeTimers({ now: START + 130 }); // off the grid on purpose
});
afterEach(() => {
  vi.useRealTimers();
});

const feed = () => simulatedFeed(createSimulator({ seed: 1, start: START, markets: simMarkets(DEMO_MARKETS) }), { clock: () => Date.now() });

it('delivers the subscribed symbols every 500 ms at grid times, with +1 sequence numbers', () => {
  const got: IndexTick[] = [];
  const stop = feed().subscribe(['BTCUSDT', 'ETHUSDT'], (t) => got.push(t));
  vi.advanceTimersByTime(1500);
  // Timers fire at +630, +1130, +1630 ms; the prices are for the grid times before them.
  expect(got.map((t) => [t.symbol, t.seq, t.time - START])).toEqual([
    ['BTCUSDT', 1, 500],
    ['ETHUSDT', 1, 500],
    ['BTCUSDT', 2, 1000],
    ['ETHUSDT', 2, 1000],
    ['BTCUSDT', 3, 1500],
    ['ETHUSDT', 3, 1500],
  ]);
  stop();
});

it('gives every subscriber the same prices from one timer, and stops with the last subscriber', () => {
  const f = feed();
  const a: IndexTick[] = [];
  const b: IndexTick[] = [];
  const stopA = f.subscribe(['BTCUSDT'], (t) => a.push(t));
  const stopB = f.subscribe(['BTCUSDT', 'SOLUSDT'], (t) => b.push(t));
  vi.advanceTimersByTime(2000);
  expect(a).toEqual(b.filter((t) => t.symbol === 'BTCUSDT'));
  expect(a.map((t) => t.seq)).toEqual([1, 2, 3, 4]);
  stopA();
  vi.advanceTimersByTime(500);
  expect(a).toHaveLength(4);
  expect(b.filter((t) => t.symbol === 'BTCUSDT')).toHaveLength(5);
  stopB();
  expect(vi.getTimerCount()).toBe(0);
});

it('refuses symbols it does not simulate', () => {
  expect(() => feed().subscribe(['FOOUSDT'], () => {})).toThrow(/FOOUSDT/);
});
