// Which order a conditional order placed when it fired. The store keeps no link between the two: the conditional
// orders that fired in a market at one time placed their orders at that time, in the order they fired (oldest
// first), each with its origin, side, type, price and quantity; they are paired that way. Read by the app API's
// conditional orders and the Binance Algo Order API alike.
import type { PerpOrder, PerpRepo } from '../../store/perp.ts';

const MARKET_KINDS: readonly string[] = ['stop_market', 'take_profit_market'];

/**
 * Whether `x` is the order the conditional order `c` placed: same origin and side, its type, price and quantity (or
 * less, for a reduce-only order: one resting is cut to its position when that shrinks, its quantity with it).
 */
const placedFor = (c: PerpOrder, x: PerpOrder): boolean =>
  x.id > c.id && x.origin === c.origin && x.side === c.side && x.reduceOnly === c.reduceOnly &&
  (MARKET_KINDS.includes(c.kind) ? x.kind === 'market' : x.kind === 'limit' && x.price === c.price) &&
  (c.closePosition || x.qty === c.qty || (x.reduceOnly && x.qty < c.qty));

/** The orders the fired conditional orders among `rows` (status filled) placed, by conditional order id. */
export async function placedBy(perp: PerpRepo, user: number, rows: readonly PerpOrder[]): Promise<Map<number, PerpOrder>> {
  const load = async (ids: readonly number[]) => (await Promise.all(ids.map((id) => perp.order(user, id)))).flatMap((o) => (o === undefined ? [] : [o]));
  const out = new Map<number, PerpOrder>();
  const moments = new Map<string, { symbol: string; time: number }>();
  for (const o of rows) if (o.triggerPrice !== null && o.status === 'filled' && o.closedAt !== null) moments.set(`${o.symbol}:${o.closedAt}`, { symbol: o.symbol, time: o.closedAt });
  for (const { symbol, time } of moments.values()) {
    const ids = await perp.firedAt(user, symbol, time);
    const placed = await load(ids.placed);
    const used = new Set<number>();
    for (const c of await load(ids.conditionals)) {
      const x = placed.find((p) => !used.has(p.id) && placedFor(c, p));
      if (x === undefined) continue;
      used.add(x.id);
      out.set(c.id, x);
    }
  }
  return out;
}
