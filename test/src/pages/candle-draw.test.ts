import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../streams/index.ts';
import { barFeeder, pacer, priceLineKeeper, type Bar, type PaceClock, type PaceLane } from '../../../src/pages/spot/candle-draw.ts';

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

describe('pacing a chart', () => {
  /** A clock whose time moves only when told, with the waits it was asked for. */
  function manualClock(): PaceClock & { t: number; advance(ms: number): void } {
    const waits: Array<{ at: number; fn: () => void } | null> = [];
    const clock = {
      t: 0,
      now: () => clock.t,
      later(fn: () => void, ms: number) {
        const i = waits.push({ at: clock.t + ms, fn }) - 1;
        return () => void (waits[i] = null);
      },
      advance(ms: number) {
        clock.t += ms;
        for (const [i, w] of waits.entries()) {
          if (w && w.at <= clock.t) {
            waits[i] = null;
            w.fn();
          }
        }
      },
    };
    return clock;
  }

  it('draws a change after a quiet spell at once, and what follows within the spell once, the latest of each kind', () => {
    const clock = manualClock();
    const drawn: string[] = [];
    const paced = pacer(100, clock);
    paced.set('bar', () => drawn.push('bar 1'));
    expect(drawn).toEqual(['bar 1']);
    clock.advance(10);
    paced.set('bar', () => drawn.push('bar 2'));
    paced.set('line', () => drawn.push('line 1'));
    paced.set('bar', () => drawn.push('bar 3'));
    expect(drawn).toEqual(['bar 1']);
    clock.advance(90);
    expect(drawn).toEqual(['bar 1', 'bar 3', 'line 1']);
    clock.advance(500);
    paced.set('line', () => drawn.push('line 2'));
    expect(drawn).toEqual(['bar 1', 'bar 3', 'line 1', 'line 2']);
  });

  it('forgets a dropped kind and everything once stopped', () => {
    const clock = manualClock();
    const drawn: string[] = [];
    const paced = pacer(100, clock);
    paced.set('bar', () => drawn.push('bar 1'));
    paced.set('bar', () => drawn.push('bar 2'));
    paced.set('mark', () => drawn.push('mark 1'));
    paced.drop('bar');
    clock.advance(100);
    expect(drawn).toEqual(['bar 1', 'mark 1']);
    paced.set('bar', () => drawn.push('bar 3'));
    paced.set('bar', () => drawn.push('bar 4'));
    paced.stop();
    clock.advance(1_000);
    expect(drawn).toEqual(['bar 1', 'mark 1']);
  });

  it('lets charts on one lane take turns, a frame apart', () => {
    const clock = manualClock();
    const lane: PaceLane = { gap: 17, freeAt: Number.NEGATIVE_INFINITY };
    const drawn: string[] = [];
    const charts = ['a', 'b', 'c'].map((name) => ({ name, paced: pacer(100, clock, lane) }));
    for (const { name, paced } of charts) paced.set('bar', () => drawn.push(`${name}@${clock.t}`));
    expect(drawn).toEqual(['a@0']);
    clock.advance(17);
    clock.advance(17);
    expect(drawn).toEqual(['a@0', 'b@17', 'c@34']);
    // Each keeps its own pace after its turn: the next bars wait for their chart's 100 ms, then for the lane.
    clock.advance(1);
    for (const { name, paced } of charts) paced.set('bar', () => drawn.push(`${name}@${clock.t}`));
    for (let i = 0; i < 10; i++) clock.advance(17);
    expect(drawn.slice(3)).toEqual(['a@103', 'b@120', 'c@137']);
  });
});
