// Who may do what: every call here needs a session (a frozen account is refused by the session check itself);
// placing an order also needs real-name verification when the operator requires it, and an open market.
import type { FastifyRequest } from 'fastify';
import { fail } from '../../../errors.ts';
import type { Market } from '../../../kernel/index.ts';
import type { UserRow } from '../../../store/users.ts';
import { requestContext } from '../../envelope.ts';
import type { SpotRouteDeps } from './index.ts';

/** Operator setting: "1" makes trading require a certified real-name status (spec §6 "account not authenticated"). */
export const REQUIRE_REAL_NAME_KEY = 'require_real_name';

export async function signedIn(deps: SpotRouteDeps, request: FastifyRequest): Promise<UserRow> {
  return (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;
}

export async function checkMayTrade(deps: SpotRouteDeps, user: UserRow): Promise<void> {
  if (user.real_name_status === 'certified') return;
  if ((await deps.store.config.get(REQUIRE_REAL_NAME_KEY)) === '1') fail('account.not.authenticated');
}

/**
 * The market's flags as the desk holds them, checked before anything else is looked at (e.g. the index price), so
 * a closed market answers "not open" rather than a later rule. The desk checks again, in sequence with orders.
 */
export function checkMarketOpen(deps: SpotRouteDeps, symbol: string): Market | undefined {
  const status = deps.trading.desks.spot.markets().find((m) => m.symbol === symbol);
  if (status === undefined) fail('market.unknown');
  if (status.isOpen !== 0) fail('currency.not.open');
  if (status.maintenance) fail('currency.maintenance');
  return deps.trading.market.market(symbol);
}
