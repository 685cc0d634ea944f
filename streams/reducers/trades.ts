// The recent-trades list: newest first, bounded, one entry per trade id (REST history and the topic overlap).
import type { Trade } from '../parse/market.ts';

export const TRADES_LIMIT = 100;

export function addTrade(trades: readonly Trade[], trade: Trade, limit = TRADES_LIMIT): readonly Trade[] {
  const newest = trades[0];
  // The common case: a new print on top. Anything else (older, repeated) goes through the full merge.
  if (!newest || trade.id > newest.id) return [trade, ...trades.slice(0, limit - 1)];
  return mergeTrades(trades, [trade], limit);
}

/** addTrade on a list the caller owns (a copy made for this frame, handed to no one yet): a newer print goes in place. */
export function addTradeInPlace(trades: Trade[], trade: Trade, limit = TRADES_LIMIT): readonly Trade[] {
  const newest = trades[0];
  if (newest && trade.id <= newest.id) return mergeTrades(trades, [trade], limit);
  trades.unshift(trade);
  if (trades.length > limit) trades.length = limit;
  return trades;
}

export function mergeTrades(trades: readonly Trade[], more: readonly Trade[], limit = TRADES_LIMIT): readonly Trade[] {
  const byId = new Map<number, Trade>();
  for (const t of trades) byId.set(t.id, t);
  for (const t of more) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}
