// What the contract routes share: their dependencies, the market lookup, and the hub notice after a change.
import type { FastifyInstance } from 'fastify';
import { fail } from '../../../errors.ts';
import type { PerpMarket } from '../../../kernel/index.ts';
import { checkMarketOpen, checkMayTrade } from '../spot/guard.ts';
import type { SpotRouteDeps } from '../spot/index.ts';
import type { UserRow } from '../../../store/users.ts';
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

/**
 * The perpetual an order (or a conditional order) names, once it may be placed: closing is always allowed (a coin
 * closed for trading or in maintenance must not hold anyone in a leveraged position); anything that may open one
 * needs what spot trading needs.
 */
export async function orderMarket(deps: ContractRouteDeps, user: UserRow, symbol: string, reduceOnly: boolean | undefined): Promise<PerpMarket> {
  const pm = perpMarketOf(deps, symbol);
  if (reduceOnly !== true) {
    await checkMayTrade(deps, user);
    checkMarketOpen(deps, symbol);
  }
  return pm;
}

/** Tells the WebSocket hub that a user's contract orders and positions (of one market, or any) may have changed. */
export function notifyChanged(app: FastifyInstance, user: number, symbol?: string): void {
  wsHubOf(app)?.contractChanged(user, symbol);
}
