// /app/contract/*: the user's positions with their risk figures, and the per-market settings (leverage, margin type)
// and isolated margin.
import type { FastifyInstance } from 'fastify';
import {
  API, type ContractAdjustMarginReply, type ContractPositionItem, type ContractPositionsReply, type ContractSetLeverageReply,
  type ContractSetMarginTypeReply,
} from '../../../contract/api.ts';
import { parser } from '../../validate.ts';
import { signedIn } from '../spot/guard.ts';
import { live, perpDesk } from './codes.ts';
import { notifyChanged, perpMarketOf, type ContractRouteDeps } from './deps.ts';
import { AdjustMarginBody, LeverageBody, MarginTypeBody } from './schemas.ts';
import { positionItem } from './views.ts';

const parseLeverage = parser(LeverageBody);
const parseMarginType = parser(MarginTypeBody);
const parseAdjust = parser(AdjustMarginBody);

export function accountRoutes(app: FastifyInstance, deps: ContractRouteDeps): void {
  const { trading, envelopes } = deps;
  const perp = trading.desks.perp;

  app.get(API.contractPositions, async (request) => {
    const user = await signedIn(deps, request);
    const markets = new Map(perp.markets().map((m) => [m.symbol, m]));
    const risks = await live(perp.positions(user.id));
    const positions: ContractPositionItem[] = [];
    for (const p of risks) {
      const pm = markets.get(p.symbol);
      if (p.lots !== 0 && pm !== undefined) positions.push(positionItem(p, pm));
    }
    const settings = (await live(perp.settings(user.id))).map((s) => ({ symbol: s.symbol, leverage: s.leverage, marginType: s.mode }));
    const reply: ContractPositionsReply = { positions, settings };
    return envelopes.success(request, reply);
  });

  app.post(API.contractSetLeverage, async (request) => {
    const body = parseLeverage(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = perpMarketOf(deps, symbol);
    const done = await perpDesk(perp.setLeverage({ user: user.id, symbol, leverage: body.leverage }), pm);
    notifyChanged(app, user.id, symbol);
    const reply: ContractSetLeverageReply = { symbol, leverage: done.leverage, maxNotional: done.maxNotional };
    return envelopes.success(request, reply);
  });

  app.post(API.contractSetMarginType, async (request) => {
    const body = parseMarginType(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = perpMarketOf(deps, symbol);
    const done = await perpDesk(perp.setMarginMode({ user: user.id, symbol, mode: body.marginType }), pm);
    notifyChanged(app, user.id, symbol);
    const reply: ContractSetMarginTypeReply = { symbol, marginType: done.mode };
    return envelopes.success(request, reply);
  });

  app.post(API.contractAdjustMargin, async (request) => {
    const body = parseAdjust(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = perpMarketOf(deps, symbol);
    const done = await perpDesk(perp.adjustMargin({ user: user.id, symbol, amount: body.amount, add: body.type === 'add' }), pm);
    notifyChanged(app, user.id, symbol);
    const reply: ContractAdjustMarginReply = { symbol, margin: done.margin };
    return envelopes.success(request, reply);
  });
}
