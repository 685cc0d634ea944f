// A venue's decimal text onto our tick grid, for external index adapters.
import { expect, it } from 'vitest';
import { snapDecimal } from '../../../server/feeds/snap.ts';
import { DEMO_MARKETS } from './markets.ts';

const btc = DEMO_MARKETS.find((m) => m.symbol === 'BTCUSDT')!; // 0.01 tick
const doge = DEMO_MARKETS.find((m) => m.symbol === 'DOGEUSDT')!; // 0.00001 tick

it('rounds to the nearest tick, halves up, at any venue precision', () => {
  expect(snapDecimal(btc, '95000.12')).toBe(9_500_012);
  expect(snapDecimal(btc, '95000.124999999999999999')).toBe(9_500_012);
  expect(snapDecimal(btc, '95000.125')).toBe(9_500_013);
  expect(snapDecimal(btc, '95000')).toBe(9_500_000);
  expect(snapDecimal(doge, '0.150004999')).toBe(15_000);
  expect(snapDecimal(doge, '0.000005')).toBe(1);
});

it('refuses text that is not a positive plain decimal or rounds to nothing', () => {
  for (const text of ['', '-1', '1e5', ' 1', 'NaN', '0', '0.004', '0.0000000000000000001']) expect(snapDecimal(btc, text), text).toBeNull();
});
