// What the contract routes share: their dependencies, the market lookup, and the hub notice after a change.
import type { FastifyInstance } from 'fastify';
import { fail } from '../../../errors.ts';
import type { PerpMarket } from '../../../kernel/index.ts';
import type { SpotRouteDeps } from '../spot/index.ts';
import { wsHubOf } from '../ws-hub.ts';

export type ContractRouteDeps = SpotRouteDeps;

/** The last mark each market published (perp.<SYMBOL>.mark, from the mark job), quote minor units per coin. */
export interface MarkCache {
  mark(symbol: string): bigint | undefined;
}

/** The perpetual of `symbol` (already upper-cased), or market.unknown. */
export function perpMarketOf(deps: ContractRouteDeps, symbol: string): PerpMarket {
  const pm = deps.trading.desks.perp.markets().find((m) => m.symbol === symbol);
  if (pm === undefined) fail('market.unknown');
  return pm;
}

/** Tells the WebSocket hub that a user's contract orders and positions (of one market, or any) may have changed. */
export function notifyChanged(app: FastifyInstance, user: number, symbol?: string): void {
  wsHubOf(app)?.contractChanged(user, symbol);
}
