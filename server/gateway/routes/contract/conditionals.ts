// /app/contract/placeConditional, conditionalList, cancelConditional: the perp desk's conditional orders (stop and
// take-profit, limit or market, on the mark or the last price), which also carry a position's take-profit and
// stop-loss (setTpSl). A conditional order is one row of the desk's orders with a trigger; its status here:
//   waiting    the row is open (status new);
//   triggered  it fired and placed its order (row filled; orderNo the order, paired as the Binance Algo API does:
//              desks/perp/fired.ts);
//   cancelled  by the user, a cancel-all, or its position's end (a close-position order when the position closed);
//   expired    it fired but its order was refused (rejectReason: the refusal's catalogue code).
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  API, type ContractConditionalItem, type ContractConditionalOrigin, type ContractConditionalStatus, type ContractConditionalType,
  type ContractPlaceConditionalReply, type Page,
} from '../../../contract/api.ts';
import type { ErrorCode } from '../../../contract/errors.ts';
import type { PerpConditionalRequest } from '../../../desks/perp/desk.ts';
import { placedBy } from '../../../desks/perp/fired.ts';
import { fail } from '../../../errors.ts';
import { Code, codeName as kernelCodeName, type ConditionalKind, type ResultCode } from '../../../kernel/index.ts';
import type { PerpOrder } from '../../../store/perp.ts';
import { parser } from '../../validate.ts';
import { signedIn } from '../spot/guard.ts';
import { paging } from '../spot/paging.ts';
import { REFUSALS } from '../spot/codes.ts';
import { codeName } from '../spot/views.ts';
import { live, perpDesk } from './codes.ts';
import { notifyChanged, orderMarket, type ContractRouteDeps } from './deps.ts';
import { CancelConditionalBody, ConditionalListBody, PlaceConditionalBody } from './schemas.ts';
import { dec, directionOf } from './views.ts';

const parsePlace = parser(PlaceConditionalBody);
const parseList = parser(ConditionalListBody);
const parseCancel = parser(CancelConditionalBody);

const KIND_OF: Readonly<Record<ContractConditionalType, ConditionalKind>> = {
  stopLimit: 'stop', stopMarket: 'stop_market', takeProfitLimit: 'take_profit', takeProfitMarket: 'take_profit_market',
};
const TYPE_OF: Readonly<Record<string, ContractConditionalType>> = Object.fromEntries(Object.entries(KIND_OF).map(([type, kind]) => [kind, type as ContractConditionalType]));
const ORIGIN_OF: Readonly<Record<string, ContractConditionalOrigin>> = { trigger: 'trigger', tp: 'takeProfit', sl: 'stopLoss' };
const isLimit = (type: ContractConditionalType) => type === 'stopLimit' || type === 'takeProfitLimit';

export function conditionalStatus(o: PerpOrder): ContractConditionalStatus {
  switch (o.status) {
    case 'new':
    case 'partially_filled':
      return 'waiting';
    case 'filled':
      return 'triggered';
    case 'canceled':
      return 'cancelled';
    default:
      // Dropped unfired because its position ended (a close-position order): cancelled; fired and refused: expired.
      return o.closeCode === Code.EXPIRED_REDUCE_ONLY ? 'cancelled' : 'expired';
  }
}

/** The catalogue code of the refusal an expired conditional order's order met. */
function rejectReason(o: PerpOrder): ErrorCode | null {
  if (conditionalStatus(o) !== 'expired') return null;
  return REFUSALS[kernelCodeName((o.closeCode ?? 0) as ResultCode)] ?? 'system.error';
}

/** A conditional order as the app answers it; `placed`: the order it placed when it fired. */
export function conditionalItem(o: PerpOrder, placed: PerpOrder | undefined): ContractConditionalItem {
  const type = TYPE_OF[o.kind] ?? 'stopMarket';
  const status = conditionalStatus(o);
  return {
    conditionalNo: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    codeName: codeName(o.symbol),
    side: o.side,
    direction: directionOf(o.side, o.reduceOnly || o.closePosition || o.origin === 'tp' || o.origin === 'sl'),
    type,
    triggerPrice: dec(o.triggerPrice ?? 0n),
    workingType: o.workingType ?? 'mark',
    price: isLimit(type) ? dec(o.price) : null,
    quantity: o.closePosition ? null : dec(o.qty),
    closePosition: o.closePosition,
    reduceOnly: o.reduceOnly,
    origin: ORIGIN_OF[o.origin] ?? 'trigger',
    status,
    orderNo: status === 'triggered' ? (placed?.id ?? null) : null,
    rejectReason: rejectReason(o),
    time: o.createdAt,
    updateTime: o.updatedAt,
  };
}

/** Conditional orders as items, the fired ones with the order each placed. */
export async function conditionalItems(deps: Pick<ContractRouteDeps, 'store'>, user: number, rows: readonly PerpOrder[]): Promise<ContractConditionalItem[]> {
  const placed = rows.some((o) => o.status === 'filled') ? await placedBy(deps.store.perp, user, rows) : new Map<number, PerpOrder>();
  return rows.map((o) => conditionalItem(o, placed.get(o.id)));
}

/**
 * The desk's request. Fields the type doesn't use are refused, not ignored (as placeOrder does): a price or a time
 * in force on a market type.
 */
function conditionalRequest(user: number, symbol: string, b: Static<typeof PlaceConditionalBody>): PerpConditionalRequest {
  const common = {
    user, symbol, side: b.side, type: KIND_OF[b.type], triggerPrice: b.triggerPrice, qty: b.amount, reduceOnly: b.reduceOnly,
    workingType: b.workingType ?? 'mark', clientOrderId: b.clientOrderId, origin: 'trigger',
  } as const;
  if (isLimit(b.type)) {
    if (b.price === undefined) fail('validate.required');
    return { ...common, price: b.price, tif: b.timeInForce };
  }
  if (b.price !== undefined || b.timeInForce !== undefined) fail('request.invalid');
  return common;
}

export function conditionalRoutes(app: FastifyInstance, deps: ContractRouteDeps): void {
  const { trading, envelopes, store } = deps;
  const perp = trading.desks.perp;

  app.post(API.contractPlaceConditional, async (request) => {
    const body = parsePlace(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = await orderMarket(deps, user, symbol, body.reduceOnly);
    const placed = await perpDesk(perp.placeConditionalOnce(conditionalRequest(user.id, symbol, body)), pm);
    // The client order id names one of the user's plain orders: not a conditional order to answer with.
    if (placed.order.triggerPrice === null) fail('request.invalid');
    if (!placed.duplicate) notifyChanged(app, user.id, symbol);
    const [conditional] = await conditionalItems(deps, user.id, [placed.order]);
    const reply: ContractPlaceConditionalReply = { conditional: conditional!, duplicate: placed.duplicate };
    return envelopes.success(request, reply);
  });

  app.post(API.contractConditionalList, async (request) => {
    const body = parseList(request.body);
    const user = await signedIn(deps, request);
    const page = paging(body);
    const found = await store.perp.orderHistory({
      user: user.id, symbol: body.symbol?.toUpperCase(), open: body.active === 1, conditional: true, pageIndex: page.pageIndex, pageSize: page.pageSize,
    });
    const reply: Page<ContractConditionalItem> = { list: await conditionalItems(deps, user.id, found.list), total: found.total, pageIndex: page.pageIndex, pageSize: page.pageSize };
    return envelopes.success(request, reply);
  });

  app.post(API.contractCancelConditional, async (request) => {
    const body = parseCancel(request.body);
    const user = await signedIn(deps, request);
    // Only a waiting conditional order: the desk's cancel would take a plain order's number too.
    const waiting = (await live(perp.conditionals(user.id))).find((o) => o.id === body.conditionalNo);
    if (waiting === undefined) fail('order.not.found');
    const cancelled = await perpDesk(perp.cancel({ user: user.id, orderId: waiting.id }));
    notifyChanged(app, user.id, cancelled.symbol);
    return envelopes.success(request, conditionalItem(cancelled, undefined));
  });
}
