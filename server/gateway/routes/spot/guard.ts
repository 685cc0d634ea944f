// Who may do what: every call here needs a session (a frozen account is refused by the session check itself);
// placing an order also needs real-name verification when the operator requires it, and an open market.
import type { FastifyRequest } from 'fastify';
import { fail } from '../../../errors.ts';
import type { Market } from '../../../kernel/index.ts';
import { AUTH_CACHE_MS, authRevision, sharedRead } from '../../../store/auth-revision.ts';
import type { UserRow } from '../../../store/users.ts';
import { requestContext } from '../../envelope.ts';
import type { SpotRouteDeps } from './index.ts';

/** Operator setting: "1" makes trading require a certified real-name status (spec §6 "account not authenticated"). */
export const REQUIRE_REAL_NAME_KEY = 'require_real_name';

export async function signedIn(deps: SpotRouteDeps, request: FastifyRequest): Promise<UserRow> {
  return (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;
}

/** The setting as last read per store: reused while no setting changed in this process and for AUTH_CACHE_MS at most. */
const realNameSetting = new WeakMap<object, { value: string | null; revision: number; at: number }>();

/** The read in flight per store, shared by the orders that find the setting expired together (begun at `revision`). */
const realNameReading = new WeakMap<object, { revision: number; value: Promise<string | null> }>();

async function requireRealName(deps: SpotRouteDeps): Promise<boolean> {
  const revision = authRevision();
  const now = performance.now();
  const hit = realNameSetting.get(deps.store);
  if (hit !== undefined && hit.revision === revision && now - hit.at < AUTH_CACHE_MS) return hit.value === '1';
  const value = await sharedRead(realNameReading, deps.store, () => deps.store.config.get(REQUIRE_REAL_NAME_KEY));
  if (authRevision() === revision) realNameSetting.set(deps.store, { value, revision, at: now });
  return value === '1';
}

export async function checkMayTrade(deps: SpotRouteDeps, user: UserRow): Promise<void> {
  if (user.real_name_status === 'certified') return;
  if (await requireRealName(deps)) fail('account.not.authenticated');
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
