// Binance's signed spot endpoints: new, cancel and query orders, open orders, order and trade history, and the
// account's coin-wallet balances. Orders go to the spot desk; a refusal leaves nothing changed and answers
// Binance's code for it (errors.ts). Market orders are bounded by the market's band around the index price.
import { randomInt } from 'node:crypto';
import { DEFAULT_FEES, orderDetail, type OrderView, type PlaceRequest, type Reply } from '../../desks/index.ts';
import { formatDecimal } from '../../kernel/index.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import type { Caller } from './auth.ts';
import { errors, placeRefusal } from './errors.ts';
import { allOrders, myTrades } from './history.ts';
import type { Params } from './params.ts';
import { cancelShape, d8, myTradeShape, newOrderShape, orderShape, type RespType } from './shapes.ts';

export type SignedHandler = (params: Params, caller: Caller) => Promise<unknown>;
export type SignedRoute = (method: 'GET' | 'POST' | 'DELETE', path: string, trade: boolean, handler: SignedHandler) => void;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Binance always has a client order id; one is made when the caller sends none. */
const newClientId = () => Array.from({ length: 22 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

const value = <T>(reply: Reply<T>, refusal: (code: string) => Error): T => {
  if (!reply.ok) throw refusal(reply.code);
  return reply.value;
};

const ORDER_TYPES = ['LIMIT', 'LIMIT_MAKER', 'MARKET'] as const;
const TIFS = ['GTC', 'IOC', 'FOK'] as const;
const RESP_TYPES = ['ACK', 'RESULT', 'FULL'] as const;
const ms = (p: Params, name: string) => p.int(name, 0, Number.MAX_SAFE_INTEGER);

export function orderRoutes(route: SignedRoute, trading: Trading, store: Store): void {
  const spot = trading.desks.spot;
  const symbolOf = (p: Params): string => {
    const symbol = p.requiredSymbol();
    if (!spot.markets().some((m) => m.symbol === symbol)) throw errors.symbol();
    return symbol;
  };
  const notSent = (p: Params, ...names: string[]) => {
    for (const n of names) if (p.has(n)) throw errors.notRequired(n);
  };

  /** The desk's request for a new order, from Binance's parameters. */
  function placement(p: Params, user: number): { req: PlaceRequest; resp: RespType } {
    const symbol = symbolOf(p);
    const side = p.choice('side', ['BUY', 'SELL'], errors.side) === 'BUY' ? 'buy' : 'sell';
    const type = p.choice('type', ORDER_TYPES, errors.orderType);
    const resp = p.choice('newOrderRespType', RESP_TYPES, errors.respType, 'FULL');
    const clientOrderId = p.clientId('newClientOrderId') ?? newClientId();
    p.choice('selfTradePreventionMode', ['EXPIRE_TAKER'], () => errors.value('selfTradePreventionMode'), 'EXPIRE_TAKER');
    const base = { user, symbol, side, clientOrderId } as const;
    if (type === 'MARKET') {
      notSent(p, 'price', 'timeInForce');
      const qty = p.decimal('quantity');
      const quote = p.decimal('quoteOrderQty');
      if ((qty === undefined) === (quote === undefined)) throw qty === undefined ? errors.mandatory('quantity') : errors.notRequired('quoteOrderQty');
      const ticks = trading.indexPrice(symbol);
      const market = trading.market.market(symbol);
      if (ticks === null || market === undefined) throw placeRefusal('order.reference.invalid');
      const reference = formatDecimal(BigInt(ticks) * market.tickSize, 8);
      const by = qty !== undefined ? ({ by: 'base', qty } as const) : ({ by: 'quote', quote: quote! } as const);
      return { req: { ...base, type: 'market', reference, ...by }, resp };
    }
    notSent(p, 'quoteOrderQty');
    const price = p.requiredDecimal('price');
    const qty = p.requiredDecimal('quantity');
    if (type === 'LIMIT_MAKER') {
      notSent(p, 'timeInForce');
      return { req: { ...base, type: 'limit', price, qty, tif: 'GTC', postOnly: true }, resp };
    }
    const tif = p.choice('timeInForce', TIFS, errors.tif);
    return { req: { ...base, type: 'limit', price, qty, tif }, resp };
  }

  /** The caller's order named by orderId or origClientOrderId, in `symbol`; `missing` when there is none. */
  async function findOrder(p: Params, user: number, symbol: string, missing: () => Error): Promise<OrderView> {
    const orderId = p.int('orderId', 1, Number.MAX_SAFE_INTEGER);
    const clientId = p.clientId('origClientOrderId');
    if (orderId === undefined && clientId === undefined) throw errors.mandatory('orderId');
    let order: OrderView | undefined;
    if (orderId !== undefined) {
      const found = await orderDetail(store, user, orderId);
      order = found.ok ? found.value.order : undefined;
    } else {
      const row = await store.spot.findByClientId(user, clientId!);
      const found = row === undefined ? undefined : await orderDetail(store, user, row.id);
      order = found?.ok ? found.value.order : undefined;
    }
    // Both given: they must name the same order, as on Binance.
    if (order === undefined || order.symbol !== symbol || (clientId !== undefined && order.clientOrderId !== clientId)) throw missing();
    return order;
  }

  route('POST', '/order', true, async (p, caller) => {
    const { req, resp } = placement(p, caller.user);
    p.done(['newOrderRespType', 'strategyId', 'strategyType']);
    const placed = value(await spot.place(req), placeRefusal);
    if (placed.duplicate) throw errors.rejected('Duplicate order sent.');
    return newOrderShape(placed.order, placed.fills, resp);
  });

  route('DELETE', '/order', true, async (p, caller) => {
    const symbol = symbolOf(p);
    const order = await findOrder(p, caller.user, symbol, errors.cancelRejected);
    p.clientId('newClientOrderId');
    p.done(['cancelRestrictions']);
    const canceled = value(await spot.cancel({ user: caller.user, orderId: order.orderId }), () => errors.cancelRejected());
    return cancelShape(canceled, order.clientOrderId);
  });

  route('GET', '/order', false, async (p, caller) => {
    const symbol = symbolOf(p);
    const order = await findOrder(p, caller.user, symbol, errors.noSuchOrder);
    p.done();
    return orderShape(order);
  });

  route('GET', '/openOrders', false, async (p, caller) => {
    const symbol = p.symbol();
    if (symbol !== undefined && !spot.markets().some((m) => m.symbol === symbol)) throw errors.symbol();
    p.done();
    return value(await spot.openOrders(caller.user, symbol), () => errors.symbol()).map(orderShape);
  });

  route('DELETE', '/openOrders', true, async (p, caller) => {
    const symbol = symbolOf(p);
    p.done();
    return value(await spot.cancelAll({ user: caller.user, symbol }), () => errors.symbol()).map((o) => cancelShape(o, o.clientOrderId));
  });

  route('GET', '/allOrders', false, async (p, caller) => {
    const symbol = symbolOf(p);
    const range = { symbol, fromId: ms(p, 'orderId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'), limit: p.int('limit', 1, 1000, 500)! };
    p.done();
    return (await allOrders(store, caller.user, range)).map(orderShape);
  });

  route('GET', '/myTrades', false, async (p, caller) => {
    const symbol = symbolOf(p);
    const orderId = ms(p, 'orderId');
    const range = { symbol, orderId, fromId: ms(p, 'fromId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'), limit: p.int('limit', 1, 1000, 500)! };
    p.done();
    if (range.fromId !== undefined && (range.startTime !== undefined || range.endTime !== undefined)) throw errors.combination();
    return (await myTrades(store, caller.user, range)).map((t) => myTradeShape(t.trade, t));
  });

  route('GET', '/account', false, async (p, caller) => {
    const omitZero = p.choice('omitZeroBalances', ['true', 'false'], () => errors.value('omitZeroBalances'), 'false') === 'true';
    p.done();
    const balances = value(await spot.balances(caller.user), () => errors.unknown());
    const rate = (ppm: number) => formatDecimal(BigInt(ppm) * 100n, 8);
    const list = balances
      .map((b) => ({ asset: b.asset, free: d8(b.available), locked: d8(b.frozen) }))
      .filter((b) => !omitZero || b.free !== '0.00000000' || b.locked !== '0.00000000');
    return {
      makerCommission: DEFAULT_FEES.makerPpm / 100,
      takerCommission: DEFAULT_FEES.takerPpm / 100,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: { maker: rate(DEFAULT_FEES.makerPpm), taker: rate(DEFAULT_FEES.takerPpm), buyer: '0.00000000', seller: '0.00000000' },
      canTrade: caller.canTrade,
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: 0,
      accountType: 'SPOT',
      balances: list,
      permissions: ['SPOT'],
      uid: caller.user,
    };
  });
}
