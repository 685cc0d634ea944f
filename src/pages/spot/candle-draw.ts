// Feeds a candle list into chart series without redrawing the whole history per frame: the first list (or one
// from a different start) goes in with setData, later ones only push the bars that changed through update().
import type { Candle } from '../../../streams/index.ts';

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  up: boolean;
}

export const toBar = (c: Candle): Bar => {
  const open = Number(c.open);
  const close = Number(c.close);
  // The chart's time axis counts seconds.
  return { time: Math.floor(c.time / 1000), open, high: Number(c.high), low: Number(c.low), close, volume: Number(c.volume), up: close >= open };
};

export interface BarSink {
  setAll(bars: Bar[]): void;
  update(bar: Bar): void;
}

/** Returns a function that takes each new candle list and tells the sink the least it needs. */
export function barFeeder(sink: BarSink): (candles: readonly Candle[]) => void {
  let first = -1;
  let last = -1;
  return (candles) => {
    const head = candles[0];
    const tail = candles[candles.length - 1];
    if (!head || !tail) return;
    // The first list, or history reloaded further back after a resync: draw it all.
    if (last < 0 || head.time < first) sink.setAll(candles.map(toBar));
    else for (const c of candles) if (c.time >= last) sink.update(toBar(c));
    first = head.time;
    last = tail.time;
  };
}
