// The simulator as an IndexFeed: a timer steps it on a fixed grid of the clock (every 500 ms by default), so the
// prices depend on the seed and the grid times, not on how late the timer fired.
import type { Clock } from '../clock.ts';
import type { Simulator } from './simulator.ts';
import type { IndexFeed, IndexTick, Unsubscribe } from './types.ts';

export const SIM_TICK_MS = 500;

export interface SimulatedFeedOptions {
  readonly clock: Clock;
  readonly intervalMs?: number;
}

export function simulatedFeed(sim: Simulator, options: SimulatedFeedOptions): IndexFeed {
  const intervalMs = options.intervalMs ?? SIM_TICK_MS;
  if (!(Number.isInteger(intervalMs) && intervalMs > 0)) throw new RangeError(`bad interval: ${intervalMs}`);
  const listeners = new Set<{ symbols: ReadonlySet<string>; onTick: (tick: IndexTick) => void }>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const tick = () => {
    const time = Math.floor(options.clock() / intervalMs) * intervalMs;
    for (const t of sim.step(time)) {
      for (const l of listeners) if (l.symbols.has(t.symbol)) l.onTick(t);
    }
  };

  return {
    name: 'sim',
    subscribe(symbols, onTick): Unsubscribe {
      const unknown = symbols.filter((s) => !sim.symbols.includes(s));
      if (unknown.length > 0) throw new RangeError(`simulator has no market ${unknown.join(', ')}`);
      const listener = { symbols: new Set(symbols), onTick };
      listeners.add(listener);
      // One timer for all subscribers, started by the first and stopped with the last: the simulator is
      // stepped once per grid time however many listen.
      timer ??= setInterval(tick, intervalMs);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
