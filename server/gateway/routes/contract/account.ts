// /app/contract/*: the user's positions with their risk figures, and the per-market settings (leverage, margin type)
// and isolated margin.
import type { FastifyInstance } from 'fastify';
import {
  API, type ContractAdjustMarginReply, type ContractPositionItem, type ContractPositionsReply, type ContractSetLeverageReply,
  type ContractSetMarginTypeReply, type ContractSetTpSlReply,
} from '../../../contract/api.ts';
import { parser } from '../../validate.ts';
import { signedIn } from '../spot/guard.ts';
import { live, perpDesk } from './codes.ts';
import { notifyChanged, perpMarketOf, type ContractRouteDeps } from './deps.ts';
import { AdjustMarginBody, LeverageBody, MarginTypeBody, TpSlBody } from './schemas.ts';
import { fail } from '../../../errors.ts';
import { setTpSl } from '../../../desks/index.ts';
import { formatDecimal, parseDecimal } from '../../../kernel/index.ts';
import { accountItem, positionExtras, positionItem } from './views.ts';

const parseLeverage = parser(LeverageBody);
const parseMarginType = parser(MarginTypeBody);
const parseAdjust = parser(AdjustMarginBody);
const parseTpSl = parser(TpSlBody);

export function accountRoutes(app: FastifyInstance, deps: ContractRouteDeps): void {
  const { trading, envelopes } = deps;
  const perp = trading.desks.perp;

  app.get(API.contractPositions, async (request) => {
    const user = await signedIn(deps, request);
    const markets = new Map(perp.markets().map((m) => [m.symbol, m]));
    const { positions: risks, account } = await live(perp.portfolio(user.id));
    const waiting = await live(perp.conditionals(user.id));
    const extras = positionExtras(waiting);
    const positions: ContractPositionItem[] = [];
    for (const p of risks) {
      const pm = markets.get(p.symbol);
      if (p.lots !== 0 && pm !== undefined) positions.push(positionItem(p, pm, extras(p.symbol)));
    }
    const settings = (await live(perp.settings(user.id))).map((s) => ({ symbol: s.symbol, leverage: s.leverage, marginType: s.mode }));
    const reply: ContractPositionsReply = { positions, settings, account: accountItem(account) };
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

  app.post(API.contractSetTpSl, async (request) => {
    const body = parseTpSl(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = perpMarketOf(deps, symbol);
    const position = (await live(perp.positions(user.id))).find((p) => p.symbol === symbol && p.lots !== 0);
    if (position === undefined) fail('contract.position.not.found');
    const long = position.lots > 0;
    // The spec's rules, told apart (the desk checks the same against the mark when it places them).
    for (const [key, code] of [['takeProfit', 'contract.take.profit.invalid'], ['stopLoss', 'contract.stop.loss.invalid']] as const) {
      const text = body[key];
      if (text === undefined || text === null) continue;
      const price = parseDecimal(text);
      if (!price.ok) fail('number.format');
      if (price.value === 0n) fail('contract.trigger.zero');
      if (position.mark === null) continue;
      const above = price.value > position.mark;
      const below = price.value < position.mark;
      if (key === 'takeProfit' ? !(long ? above : below) : !(long ? below : above)) fail(code);
    }
    // One at a time, so a refusal names the one refused.
    let done = { takeProfit: null as string | null, stopLoss: null as string | null };
    for (const key of ['takeProfit', 'stopLoss'] as const) {
      if (body[key] === undefined) continue;
      const reply = await live(setTpSl(perp, { user: user.id, symbol, [key]: body[key] }));
      if (!reply.ok && reply.code === 'perp.order.would.trigger') fail(key === 'takeProfit' ? 'contract.take.profit.invalid' : 'contract.stop.loss.invalid');
      if (!reply.ok && reply.code === 'perp.trigger.invalid') fail('contract.trigger.zero');
      await perpDesk(Promise.resolve(reply), pm);
    }
    const now = await live(perp.conditionals(user.id, symbol));
    const price = (origin: 'tp' | 'sl') => {
      const o = now.find((x) => x.closePosition && x.origin === origin);
      return o?.triggerPrice == null ? null : formatDecimal(o.triggerPrice, 8, true);
    };
    done = { takeProfit: price('tp'), stopLoss: price('sl') };
    notifyChanged(app, user.id, symbol);
    const reply: ContractSetTpSlReply = { symbol, ...done };
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
