// A position's close and its take-profit/stop-loss pair: several commands each (read the position, then place or
// cancel per order), so they are functions over the desk's face, not commands of the desk. Each step is one command
// applied once; the embedded server runs them against the local desk, a clustered gateway against the remote one.
import { Code, formatDecimal, type PerpMarket, type Side } from '../../kernel/index.ts';
import type { PerpOrder } from '../../store/perp.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import type { PerpDesk, PerpPlaceResult } from './desk.ts';

type Await<F> = F extends (...args: infer A) => infer R ? (...args: A) => R | Promise<Awaited<R>> : never;

/** What the two need of the perpetuals desk (the local one or a gateway's remote face). */
export interface PerpSteps {
  markets(): PerpMarket[];
  readonly positions: Await<PerpDesk['positions']>;
  readonly conditionals: Await<PerpDesk['conditionals']>;
  place: PerpDesk['place'];
  placeConditional: PerpDesk['placeConditional'];
  cancel: PerpDesk['cancel'];
}

/**
 * Closes a position at market (reduce-only, the band from the mark), or every position of the user; none (an empty
 * list) when there is no position, whatever orders rest (positions() lists a market's orders' margin too).
 */
export async function closePositions(desk: PerpSteps, req: { user: number; symbol?: string | undefined }): Promise<Reply<PerpPlaceResult[]>> {
  const markets = new Map(desk.markets().map((m) => [m.symbol, m]));
  const positions = (await desk.positions(req.user)).filter((p) => p.lots !== 0 && (req.symbol === undefined || p.symbol === req.symbol));
  if (req.symbol !== undefined && !markets.has(req.symbol)) return refuse('market.unknown');
  const results: PerpPlaceResult[] = [];
  for (const p of positions) {
    const m = markets.get(p.symbol)!.market;
    const lots = Math.abs(p.lots);
    const reply = await desk.place({ user: req.user, symbol: p.symbol, side: p.lots > 0 ? 'sell' : 'buy', type: 'market', qty: formatDecimal(BigInt(lots) * m.lotSize, 8, true), reduceOnly: true });
    if (!reply.ok) return reply;
    results.push(reply.value);
  }
  return accept(results);
}

/**
 * Sets (a price), keeps (undefined) or removes (null) the take-profit and stop-loss that close a position at the mark:
 * the new order is placed before the old one is cancelled, so the position is never left unguarded. For a long the
 * take-profit is above the mark and the stop-loss below it; for a short the reverse (perp.order.would.trigger otherwise).
 */
export async function setTpSl(
  desk: PerpSteps,
  req: { user: number; symbol: string; takeProfit?: string | null | undefined; stopLoss?: string | null | undefined },
): Promise<Reply<{ takeProfit: PerpOrder | null; stopLoss: PerpOrder | null }>> {
  const position = (await desk.positions(req.user)).find((p) => p.symbol === req.symbol && p.lots !== 0);
  if (!desk.markets().some((m) => m.symbol === req.symbol)) return refuse('market.unknown');
  if (position === undefined) return refuseKernel(Code.REDUCE_ONLY_REJECTED);
  const side: Side = position.lots > 0 ? 'sell' : 'buy';
  const current = (await desk.conditionals(req.user, req.symbol)).filter((o) => o.closePosition);
  const out: { takeProfit: PerpOrder | null; stopLoss: PerpOrder | null } = {
    takeProfit: current.find((o) => o.origin === 'tp') ?? null,
    stopLoss: current.find((o) => o.origin === 'sl') ?? null,
  };
  for (const [key, origin, type] of [['takeProfit', 'tp', 'take_profit_market'], ['stopLoss', 'sl', 'stop_market']] as const) {
    const want = req[key];
    if (want === undefined) continue;
    const before = out[key];
    if (want !== null) {
      const placed = await desk.placeConditional({ user: req.user, symbol: req.symbol, side, type, triggerPrice: want, closePosition: true, workingType: 'mark', origin });
      if (!placed.ok) return placed;
      out[key] = placed.value;
    } else out[key] = null;
    if (before !== null) {
      const gone = await desk.cancel({ user: req.user, orderId: before.id });
      if (!gone.ok && gone.code !== 'order.not.found') return gone;
    }
  }
  return accept(out);
}
