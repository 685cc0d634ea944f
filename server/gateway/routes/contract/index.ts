// App API for perpetual contracts (/app/contract/*): orders, positions, leverage and margin on the perp desk, the
// markets with their brackets and funding, funding history and the insurance fund. Trading calls need a session (the
// `ticket` header); markets, fundingHistory and insuranceFund are public. Replies are the usual envelope, refusals
// catalogue keys (spot/codes.ts REFUSALS, contract/codes.ts for the placeholders). Every change a call makes is
// also told to the WebSocket hub, so the user's contractOrders and contractPositions topics follow at once.
import type { FastifyInstance } from 'fastify';
import type { DeskEvent } from '../../../desks/index.ts';
import { topics } from '../../../desks/index.ts';
import { parseDecimal } from '../../../kernel/index.ts';
import { accountRoutes } from './account.ts';
import { conditionalRoutes } from './conditionals.ts';
import type { ContractRouteDeps, MarkCache } from './deps.ts';
import { orderRoutes } from './orders.ts';
import { publicRoutes } from './public.ts';

function markCache(app: FastifyInstance, deps: ContractRouteDeps): MarkCache {
  const marks = new Map<string, bigint>();
  const stop = deps.trading.bus.subscribe(topics.perpMark('*'), (e: DeskEvent) => {
    if (e.type !== 'perp.mark') return;
    const mark = parseDecimal(e.mark);
    if (mark.ok) marks.set(e.symbol, mark.value);
  });
  app.addHook('onClose', async () => stop());
  return { mark: (symbol) => marks.get(symbol) };
}

export type { ContractRouteDeps } from './deps.ts';

export function contractRoutes(app: FastifyInstance, deps: ContractRouteDeps): void {
  orderRoutes(app, deps);
  accountRoutes(app, deps);
  conditionalRoutes(app, deps);
  publicRoutes(app, deps, markCache(app, deps));
}
