import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../streams/index.ts';
import { barFeeder, priceLineKeeper, type Bar } from '../../../src/pages/spot/candle-draw.ts';

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

describe('price lines', () => {
  it('adds, moves in place and removes only what changed, by kind and order within it', () => {
    const calls: string[] = [];
    let made = 0;
    const keep = priceLineKeeper<number>({
      create: (l) => (calls.push(`new:${l.kind}:${l.price}:${l.title}`), ++made),
      change: (line, l) => calls.push(`set:${line}:${l.price}:${l.title}`),
      remove: (line) => calls.push(`del:${line}`),
    });
    keep([{ color: 'entry', price: '50000', label: 'Entry' }, { color: 'liquidation', price: '45000.5', label: 'Liq.' }]);
    keep([{ color: 'entry', price: '50000', label: 'Entry' }, { color: 'liquidation', price: '45000.5', label: 'Liq.' }]);
    keep([{ color: 'entry', price: '50100', label: 'Entry' }, { color: 'stopLoss', price: '49000', label: 'SL' }, { color: 'liquidation', price: 'x', label: 'Liq.' }]);
    keep([]);
    expect(calls).toEqual([
      'new:entry:50000:Entry', 'new:liquidation:45000.5:Liq.',
      'del:2', 'set:1:50100:Entry', 'new:stopLoss:49000:SL',
      'del:1', 'del:3',
    ]);
  });
});
