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

/** What a pacer reads the time from and waits with (the page's clock and timers; tests pass their own). */
export interface PaceClock {
  now(): number;
  /** Calls `fn` after `ms`; returns its cancel. */
  later(fn: () => void, ms: number): () => void;
}

export const pageClock: PaceClock = {
  now: () => performance.now(),
  later: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** Charts that take turns: one redraws, the next may not for `gap` ms (a frame), so two never land in one frame. */
export interface PaceLane {
  readonly gap: number;
  /** When the next chart may go. */
  freeAt: number;
}

/** The page's charts' lane: one chart's redraw per 60 Hz frame. */
export const chartLane: PaceLane = { gap: 17, freeAt: Number.NEGATIVE_INFINITY };

/**
 * Jobs by kind, run together at most once per `ms`, the latest of each kind: a job that comes after a quiet spell
 * runs at once, the ones that follow it within `ms` wait for the next turn. A chart redraws all of itself for any
 * change, so a perpetual's bar (sent at every trade), its mark line and its position's lines move together a few
 * times a second rather than each on its own at every frame. With a `lane`, charts also wait their turn after one
 * another: three charts fed by the same trades would otherwise all redraw in the same frame.
 */
export function pacer(
  ms: number,
  clock: PaceClock = pageClock,
  lane: PaceLane | null = null,
): { set(kind: string, job: () => void): void; drop(kind: string): void; stop(): void } {
  const jobs = new Map<string, () => void>();
  let last = Number.NEGATIVE_INFINITY;
  let cancel: (() => void) | null = null;
  const run = () => {
    cancel = null;
    const now = clock.now();
    if (lane !== null && lane.freeAt > now) {
      cancel = clock.later(run, lane.freeAt - now);
      return;
    }
    last = now;
    if (lane !== null) lane.freeAt = now + lane.gap;
    const due = [...jobs.values()];
    jobs.clear();
    for (const job of due) job();
  };
  return {
    set(kind, job) {
      jobs.set(kind, job);
      if (cancel !== null) return;
      const wait = last + ms - clock.now();
      if (wait <= 0) run();
      else cancel = clock.later(run, wait);
    },
    drop: (kind) => void jobs.delete(kind),
    stop() {
      cancel?.();
      cancel = null;
      jobs.clear();
    },
  };
}

/** A line across the chart at a price: a position's entry, liquidation, take-profit or stop-loss. */
export interface ChartPriceLine {
  readonly price: string;
  readonly label: string;
  readonly color: 'entry' | 'liquidation' | 'takeProfit' | 'stopLoss';
}

/** What the chart is told about a price line (lightweight-charts' price line options it sets). */
export interface PriceLineLook {
  readonly price: number;
  readonly title: string;
  readonly kind: ChartPriceLine['color'];
}

/** Where price lines are drawn: a series' createPriceLine, the line's applyOptions, removePriceLine. */
export interface PriceLineHost<L> {
  create(look: PriceLineLook): L;
  change(line: L, look: PriceLineLook): void;
  remove(line: L): void;
}

/**
 * Returns a function that takes each new list of price lines and changes the drawn ones in place: a line keeps its
 * place by kind and order within the kind (the first entry line stays the first), so a moved price or a new label
 * changes that line, and only lines that came or went are added or removed. Lines at no valid price are left out.
 */
export function priceLineKeeper<L>(host: PriceLineHost<L>): (lines: readonly ChartPriceLine[]) => void {
  const drawn = new Map<string, { line: L; look: PriceLineLook }>();
  return (lines) => {
    const wanted = new Map<string, PriceLineLook>();
    const seen = new Map<string, number>();
    for (const l of lines) {
      const price = Number(l.price);
      if (!Number.isFinite(price) || price <= 0) continue;
      const n = seen.get(l.color) ?? 0;
      seen.set(l.color, n + 1);
      wanted.set(`${l.color}#${n}`, { price, title: l.label, kind: l.color });
    }
    for (const [key, held] of drawn) {
      if (wanted.has(key)) continue;
      host.remove(held.line);
      drawn.delete(key);
    }
    for (const [key, look] of wanted) {
      const held = drawn.get(key);
      if (!held) drawn.set(key, { line: host.create(look), look });
      else if (held.look.price !== look.price || held.look.title !== look.title) {
        host.change(held.line, look);
        held.look = look;
      }
    }
  };
}
