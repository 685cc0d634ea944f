// App API for spot trading, wallets, transfers and records (/app/spot/*, /app/assets/*). Every route needs a session
// (the `ticket` header); replies are the usual envelope, refusals catalogue keys (see codes.ts).
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../clock.ts';
import type { Accounts } from '../../../accounts/service.ts';
import type { Store } from '../../../store/index.ts';
import type { Envelopes } from '../../envelope.ts';
import type { Trading } from '../../trading.ts';
import { formatDecimal } from '../../../kernel/index.ts';
import { assetRoutes } from './assets.ts';
import { orderRoutes } from './orders.ts';
import { lastTraded } from './valuation.ts';

export interface SpotRouteDeps {
  trading: Trading;
  accounts: Accounts;
  envelopes: Envelopes;
  store: Store;
  clock: Clock;
}

/** Decimals of a tick: 0.01 → 2. Prices are shown to the market's precision (spec: coin list price). */
function tickDecimals(tickSize: bigint): number {
  let decimals = 8;
  for (let t = tickSize; decimals > 0 && t % 10n === 0n; t /= 10n) decimals--;
  return decimals;
}

/** A market's last traded price as text on its tick (e.g. "60000.50"), or null before its first trade. */
export function lastPriceText(trading: Trading, symbol: string, now: number): string | null {
  const m = trading.market.market(symbol);
  const ticks = lastTraded(trading, symbol, now);
  if (m === undefined || ticks === null) return null;
  const text = formatDecimal(BigInt(ticks) * m.tickSize, 8);
  const keep = tickDecimals(m.tickSize);
  return keep === 0 ? text.slice(0, -9) : text.slice(0, text.length - (8 - keep));
}

export function spotRoutes(app: FastifyInstance, deps: SpotRouteDeps): void {
  orderRoutes(app, deps);
  assetRoutes(app, deps);
}
