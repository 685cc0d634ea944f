// The robots' scheduler (issue 24): every pollMs, while any robot runs, one tick command to the spot desk
// (desks/spot/bots.ts applyBotTick) with each market's recent trades as the robots' capture reads them (how many of
// the last 50, their volume-weighted price). The desk decides who moves; the job only keeps time, so a crash loses
// no robot: the next tick after a restart moves each on from its committed stage.
import type { Tape } from '../desks/spot/bots.ts';
import type { Reply } from '../desks/index.ts';
import { fromUnits } from '../contract/quant.ts';
import type { MarketData } from '../market/index.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** Trades the capture reads per market. */
export const TAPE_TRADES = 50;

export interface QuantJobOptions {
  /** The spot desk's face: the tick is its command (in a cluster, through its log); the question a read. */
  readonly desk: { botTick(tapes: ReadonlyMap<string, Tape>): Promise<Reply<number>>; robotsRunning(): boolean | Promise<boolean> };
  readonly market: Pick<MarketData, 'symbols' | 'trades' | 'market'>;
  /** Real ms between ticks (default 250); 0 = never by itself (tests call tick()). */
  readonly pollMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** Each market's tape: its last TAPE_TRADES trades' count and volume-weighted price. */
export function tapes(market: QuantJobOptions['market']): Map<string, Tape> {
  const out = new Map<string, Tape>();
  for (const symbol of market.symbols) {
    const m = market.market(symbol);
    if (m === undefined) continue;
    const trades = market.trades(symbol, TAPE_TRADES);
    let base = 0n;
    let quote = 0n;
    for (const t of trades) {
      base += BigInt(t.qty) * m.lotSize;
      quote += t.quoteQty;
    }
    out.set(symbol, { trades: trades.length, vwap: base === 0n ? null : fromUnits((quote * 100_000_000n) / base) });
  }
  return out;
}

export function startQuantRobots(o: QuantJobOptions): PeriodicJob<number> {
  return startPeriodic({
    pollMs: o.pollMs ?? 250,
    onError: o.onError,
    pass: async (force) => {
      // Asked first, so no tick is sent (nor, in a cluster, logged) while no robot runs.
      if (!force && !(await o.desk.robotsRunning())) return null;
      const reply = await o.desk.botTick(tapes(o.market));
      return reply.ok ? reply.value : null;
    },
  });
}
