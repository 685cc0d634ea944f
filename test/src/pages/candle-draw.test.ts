import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../streams/index.ts';
import { barFeeder, type Bar } from '../../../src/pages/spot/candle-draw.ts';

const c = (time: number, close: string): Candle => ({ time, closeTime: time + 59_999, open: '1', high: '3', low: '1', close, volume: '1', quoteVolume: '1', trades: 1, closed: false });

describe('chart feeding', () => {
  it('draws the history once, then updates only the live and new bars', () => {
    const calls: string[] = [];
    const feed = barFeeder({ setAll: (bars: Bar[]) => calls.push(`all:${bars.length}`), update: (bar: Bar) => calls.push(`upd:${bar.time}:${bar.close}`) });
    feed([c(0, '1'), c(60_000, '2')]);
    feed([c(0, '1'), c(60_000, '2.5')]);
    feed([c(0, '1'), c(60_000, '2.5'), c(120_000, '3')]);
    expect(calls).toEqual(['all:2', 'upd:60:2.5', 'upd:60:2.5', 'upd:120:3']);
  });

  it('starts over when history reloads further back', () => {
    const calls: string[] = [];
    const feed = barFeeder({ setAll: (bars) => calls.push(`all:${bars.length}`), update: () => calls.push('upd') });
    feed([c(60_000, '1')]);
    feed([c(0, '1'), c(60_000, '1')]);
    expect(calls).toEqual(['all:1', 'all:2']);
  });
});
