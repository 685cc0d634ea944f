// Binance USDⓈ-M signed endpoints on /fapi/v1: orders (new, query, cancel, open, all, cancel all), the user's trades
// and income, and the per-symbol settings (leverage, margin type, isolated margin, position mode, brackets, symbol
// configuration, commission). Orders go to the perp desk; a refusal leaves nothing changed and answers Binance's
// code for it (errors.ts futuresRefusal). Positions are one-way only (positionSide BOTH); conditional order types
// belong to Binance's Algo Order API (futures-algo.ts), as on Binance since December 2025: -4120 here.
import { randomInt } from 'node:crypto';
import { PERP_FEES, type PerpPlaceRequest, type Reply } from '../../desks/index.ts';
import { Code, formatDecimal, maxNotionalFor, parseDecimal, type MarginMode, type PerpMarket } from '../../kernel/index.ts';
import type { PerpOrder } from '../../store/perp.ts';
import { errors, futuresErrors, futuresRefusal, type FuturesRefusalContext } from './errors.ts';
import { d8, num, type Usdm } from './futures-context.ts';
import { income, INCOME_RECORDS, orderIds, userTrades, type IncomeType } from './futures-queries.ts';
import type { SignedRoute } from './orders.ts';
import type { Params } from './params.ts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Binance always has a client order id; one is made when the caller sends none. */
export const newClientId = () => Array.from({ length: 22 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

const ORDER_TYPES = ['LIMIT', 'MARKET'] as const;
/** Conditional types: Binance serves them on the Algo Order API (-4120 on /order). */
const ALGO_TYPES = ['STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET', 'TRAILING_STOP_MARKET'];
const TIFS = ['GTC', 'IOC', 'FOK', 'GTX'] as const;
export const RESP_TYPES = ['ACK', 'RESULT'] as const;
const BOOLS = ['true', 'false'] as const;
const DEFAULT_WINDOW = 7 * 86_400_000;

const ms = (p: Params, name: string) => p.int(name, 0, Number.MAX_SAFE_INTEGER);
const rateText = (ppm: number) => formatDecimal(BigInt(ppm) * 100n, 8, true);

/** A market's largest position notional at `leverage`, as text. */
export const maxNotional = (p: PerpMarket, leverage: number): string => formatDecimal(maxNotionalFor(p.brackets, leverage) ?? 0n, 8, true);

/** -1106 for any of `names` that was sent. */
export const notSent = (p: Params, ...names: string[]): void => {
  for (const n of names) if (p.has(n)) throw errors.notRequired(n);
};

/** positionSide: BOTH (one-way) or absent; LONG and SHORT are hedge mode's. */
export const oneWay = (p: Params): void => {
  const side = p.text('positionSide');
  if (side === undefined || side === 'BOTH') return;
  if (side === 'LONG' || side === 'SHORT') throw futuresErrors.positionSide();
  throw errors.value('positionSide');
};

/** "true" or "false" in any case; undefined when not sent. */
export const bool = (p: Params, name: string): boolean | undefined => {
  const v = p.text(name);
  if (v === undefined) return undefined;
  if (!(BOOLS as readonly string[]).includes(v.toLowerCase())) throw errors.value(name);
  return v.toLowerCase() === 'true';
};

/** priceProtect: "TRUE"/"FALSE" (either case); read and left at that (see README). */
export const priceProtect = (p: Params): void => {
  const protect = p.text('priceProtect');
  if (protect !== undefined && !['TRUE', 'FALSE', 'true', 'false'].includes(protect)) throw errors.value('priceProtect');
};

// ---- shapes -------------------------------------------------------------------------------------------------

export function futuresStatus(o: PerpOrder): string {
  const stp: readonly number[] = [Code.EXPIRED_STP_TAKER, Code.EXPIRED_STP_MAKER];
  if (o.status === 'expired' && o.closeCode !== null && stp.includes(o.closeCode)) return 'EXPIRED_IN_MATCH';
  return o.status.toUpperCase();
}

/** The client order id Binance shows: the caller's, or its own names for liquidation and ADL closes. */
function clientIdOf(o: PerpOrder): string {
  if (o.clientOrderId !== null) return o.clientOrderId;
  if (o.origin === 'liquidation') return `autoclose-${o.createdAt}`;
  if (o.origin === 'adl') return 'adl_autoclose';
  return '';
}

/** An order as POST/DELETE /fapi/v1/order answer it (`tif` overrides the stored one: the row keeps GTC). */
export function futuresOrderShape(o: PerpOrder, tif?: string) {
  const type = o.kind === 'market' ? 'MARKET' : 'LIMIT';
  return {
    orderId: o.id,
    symbol: o.symbol,
    status: futuresStatus(o),
    clientOrderId: clientIdOf(o),
    price: o.kind === 'market' ? d8(0n) : d8(o.price),
    avgPrice: o.filledQty === 0n ? d8(0n) : d8((o.filledQuote * 100_000_000n) / o.filledQty),
    origQty: d8(o.qty),
    executedQty: d8(o.filledQty),
    cumQty: d8(o.filledQty),
    cumQuote: d8(o.filledQuote),
    timeInForce: tif ?? (o.postOnly ? 'GTX' : o.tif),
    type,
    reduceOnly: o.reduceOnly,
    closePosition: false,
    side: o.side.toUpperCase(),
    positionSide: 'BOTH',
    stopPrice: d8(0n),
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    origType: type,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'EXPIRE_TAKER',
    goodTillDate: 0,
    updateTime: o.updatedAt,
  };
}

/** GET /fapi/v1/order, openOrder(s), allOrders: the same with the creation time. */
export function futuresOrderQueryShape(o: PerpOrder) {
  return { ...futuresOrderShape(o), time: o.createdAt };
}

const value = <T>(reply: Reply<T>, ctx?: FuturesRefusalContext): T => {
  if (!reply.ok) throw futuresRefusal(reply.code, ctx);
  return reply.value;
};

export function futuresOrderRoutes(route: SignedRoute, u: Usdm): void {
  const desk = u.desk;
  const store = u.store;

  /** The desk's request for a new order, from Binance's parameters. */
  function placement(p: Params, user: number): { req: PerpPlaceRequest; tif: string; market: PerpMarket } {
    const market = u.market(p.requiredSymbol());
    const side = p.choice('side', ['BUY', 'SELL'], errors.side) === 'BUY' ? 'buy' : 'sell';
    oneWay(p);
    const typeText = p.required('type');
    if (ALGO_TYPES.includes(typeText)) throw futuresErrors.algoOnly();
    if (!(ORDER_TYPES as readonly string[]).includes(typeText)) throw errors.orderType();
    const type = typeText as (typeof ORDER_TYPES)[number];
    p.choice('newOrderRespType', RESP_TYPES, errors.respType, 'ACK');
    const clientOrderId = p.clientId('newClientOrderId') ?? newClientId();
    const stp = p.text('selfTradePreventionMode');
    if (stp !== undefined && stp !== 'EXPIRE_TAKER') throw futuresErrors.stpMode();
    const match = p.text('priceMatch');
    if (match !== undefined && match !== 'NONE') throw errors.value('priceMatch');
    // Conditional orders' parameters: sent with a plain order they would be silently meaningless.
    notSent(p, 'stopPrice', 'activationPrice', 'callbackRate', 'goodTillDate');
    if (bool(p, 'closePosition') === true) throw errors.notRequired('closePosition');
    p.choice('workingType', ['MARK_PRICE', 'CONTRACT_PRICE'], () => errors.value('workingType'), 'CONTRACT_PRICE');
    priceProtect(p);
    const reduceOnly = bool(p, 'reduceOnly') ?? false;
    const qty = p.requiredDecimal('quantity');
    const base = { user, symbol: market.symbol, side, qty, reduceOnly, clientOrderId } as const;
    if (type === 'MARKET') {
      notSent(p, 'price', 'timeInForce');
      return { req: { ...base, type: 'market' }, tif: 'GTC', market };
    }
    const price = p.requiredDecimal('price');
    const tif = p.choice('timeInForce', TIFS, errors.tif);
    const req: PerpPlaceRequest = tif === 'GTX' ? { ...base, type: 'limit', price, tif: 'GTC', postOnly: true } : { ...base, type: 'limit', price, tif };
    return { req, tif, market };
  }

  /** Refusal details the desk's code doesn't carry: the minimum notional, and which side of the mark a price fell. */
  async function refusalContext(m: PerpMarket, req: PerpPlaceRequest): Promise<FuturesRefusalContext> {
    const mark = await u.mark(m.symbol);
    const price = req.price === undefined ? undefined : parseDecimal(req.price);
    const aboveMark = price === undefined || !price.ok ? undefined : mark === null ? req.side === 'buy' : price.value > mark.mark;
    return { minNotional: formatDecimal(m.market.minNotional, 8, true), aboveMark };
  }

  /** The caller's order (not a conditional one) named by orderId or origClientOrderId, in `symbol`. */
  async function findOrder(p: Params, user: number, symbol: string, missing: () => Error): Promise<PerpOrder> {
    const orderId = p.int('orderId', 1, Number.MAX_SAFE_INTEGER);
    const clientId = p.clientId('origClientOrderId');
    if (orderId === undefined && clientId === undefined) throw errors.mandatory('orderId');
    const order = orderId !== undefined ? await store.perp.order(user, orderId) : await store.perp.findByClientId(user, clientId!);
    // Both given: they must name the same order, as on Binance.
    if (order === undefined || order.symbol !== symbol || order.triggerPrice !== null || (clientId !== undefined && order.clientOrderId !== clientId)) throw missing();
    return order;
  }

  route('POST', '/order', true, async (p, caller) => {
    const { req, tif, market } = placement(p, caller.user);
    p.done();
    // A market closed for trading or in maintenance still lets positions be closed (the app's contract rule).
    if (req.reduceOnly !== true && !u.opening(market.symbol)) throw futuresErrors.symbolStatus();
    const reply = await desk.place(req);
    if (!reply.ok) throw futuresRefusal(reply.code, await refusalContext(market, req));
    if (reply.value.duplicate) throw futuresErrors.duplicateClientId();
    return futuresOrderShape(reply.value.order, tif);
  });

  route('GET', '/order', false, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    const order = await findOrder(p, caller.user, symbol, futuresErrors.noSuchOrder);
    p.done();
    return futuresOrderQueryShape(order);
  });

  route('DELETE', '/order', true, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    const order = await findOrder(p, caller.user, symbol, futuresErrors.unknownOrder);
    p.done();
    if (order.status !== 'new' && order.status !== 'partially_filled') throw futuresErrors.unknownOrder();
    return futuresOrderShape(value(await desk.cancel({ user: caller.user, orderId: order.id })));
  });

  route('GET', '/openOrder', false, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    const orderId = p.int('orderId', 1, Number.MAX_SAFE_INTEGER);
    const clientId = p.clientId('origClientOrderId');
    if (orderId === undefined && clientId === undefined) throw errors.mandatory('orderId');
    p.done();
    const open = (await desk.openOrders(caller.user, symbol)).find(
      (o) => (orderId === undefined || o.id === orderId) && (clientId === undefined || o.clientOrderId === clientId),
    );
    if (open === undefined) throw futuresErrors.noSuchOrder();
    return futuresOrderQueryShape(open);
  });

  route('GET', '/openOrders', false, async (p, caller) => {
    const one = p.symbol();
    const symbol = one === undefined ? undefined : u.market(one).symbol;
    p.done();
    return (await desk.openOrders(caller.user, symbol)).map(futuresOrderQueryShape);
  });

  route('DELETE', '/allOpenOrders', true, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    p.done();
    // One cancel per resting order: conditional orders are the Algo API's (DELETE algoOpenOrders), not touched here.
    for (const o of await desk.openOrders(caller.user, symbol)) {
      const r = await desk.cancel({ user: caller.user, orderId: o.id });
      if (!r.ok && r.code !== 'order.not.found') throw futuresRefusal(r.code);
    }
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });

  route('GET', '/allOrders', false, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    const range = { symbol, fromId: ms(p, 'orderId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'), limit: p.int('limit', 1, 1000, 500)! };
    p.done();
    const ids = await orderIds(store.db, caller.user, range);
    const orders = await Promise.all(ids.map((id) => store.perp.order(caller.user, id)));
    return orders.flatMap((o) => (o === undefined ? [] : [futuresOrderQueryShape(o)]));
  });

  route('GET', '/userTrades', false, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    const range = {
      symbol, orderId: p.int('orderId', 1, Number.MAX_SAFE_INTEGER), fromId: ms(p, 'fromId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'),
      limit: p.int('limit', 1, 1000, 500)!,
    };
    p.done();
    if (range.fromId !== undefined && (range.startTime !== undefined || range.endTime !== undefined)) throw errors.combination();
    const asset = u.market(symbol).market.quote;
    return (await userTrades(store.db, caller.user, range)).map((t) => ({
      buyer: t.side === 'buy',
      commission: d8(t.fee),
      commissionAsset: asset,
      id: t.id,
      maker: t.maker,
      orderId: t.orderId,
      price: d8(t.price),
      qty: d8(t.qty),
      quoteQty: d8(t.quote),
      realizedPnl: d8(t.realizedPnl),
      side: t.side.toUpperCase(),
      positionSide: 'BOTH',
      symbol: t.symbol,
      time: t.time,
    }));
  });

  route('GET', '/income', false, async (p, caller) => {
    const one = p.symbol();
    const symbol = one === undefined ? undefined : u.market(one).symbol;
    const typeText = p.text('incomeType');
    if (typeText !== undefined && !/^[A-Z_]{1,40}$/.test(typeText)) throw errors.value('incomeType');
    const startTime = ms(p, 'startTime');
    const endTime = ms(p, 'endTime');
    const page = p.int('page', 1, 1_000_000, 1)!;
    const limit = p.int('limit', 1, 1000, 100)!;
    p.done();
    if (startTime !== undefined && endTime !== undefined && startTime > endTime) throw errors.combination();
    // Neither bound: the last 7 days, as on Binance (the newest `limit` of them; from a startTime, the oldest).
    const since = startTime ?? (endTime === undefined ? u.clock() - DEFAULT_WINDOW : undefined);
    // Income types this exchange never books (WELCOME_BONUS, REFERRAL_KICKBACK, …) are valid and simply empty.
    const types: IncomeType[] | undefined = typeText === undefined ? undefined : typeText in INCOME_RECORDS ? [typeText as IncomeType] : [];
    return (await income(store.db, caller.user, { symbol, types, since, endTime, oldestFirst: startTime !== undefined, limit, page })).map((r) => ({
      symbol: r.symbol,
      incomeType: r.type,
      income: d8(r.income),
      asset: r.asset,
      info: r.type,
      time: r.time,
      tranId: r.id,
      tradeId: r.tradeId === null ? '' : String(r.tradeId),
    }));
  });

  route('POST', '/leverage', true, async (p, caller) => {
    const m = u.market(p.requiredSymbol());
    const text = p.required('leverage');
    p.done();
    const leverage = /^[0-9]{1,3}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(leverage) || leverage < 1 || leverage > 125) throw futuresErrors.leverage(text);
    const set = value(await desk.setLeverage({ user: caller.user, symbol: m.symbol, leverage }), { leverage: text });
    return { leverage: set.leverage, maxNotionalValue: set.maxNotional, symbol: m.symbol };
  });

  route('POST', '/marginType', true, async (p, caller) => {
    const m = u.market(p.requiredSymbol());
    const kind = p.choice('marginType', ['ISOLATED', 'CROSSED'], () => errors.value('marginType'));
    p.done();
    const mode: MarginMode = kind === 'ISOLATED' ? 'isolated' : 'cross';
    value(await desk.setMarginMode({ user: caller.user, symbol: m.symbol, mode }));
    return { code: 200, msg: 'success' };
  });

  route('POST', '/positionMargin', true, async (p, caller) => {
    const m = u.market(p.requiredSymbol());
    oneWay(p);
    const amount = p.requiredDecimal('amount');
    const type = p.choice('type', ['1', '2'], () => errors.value('type'));
    p.done();
    const position = (await desk.positions(caller.user)).find((x) => x.symbol === m.symbol);
    if (position === undefined || position.lots === 0) throw futuresErrors.noPosition();
    if (position.mode !== 'isolated') throw futuresErrors.isolatedOnly();
    const reply = await desk.adjustMargin({ user: caller.user, symbol: m.symbol, amount, add: type === '1' });
    if (!reply.ok) {
      if (reply.code === 'funds.insufficient') throw futuresErrors.crossBalance();
      if (reply.code === 'order.qty.invalid' || reply.code === 'amount.invalid') throw futuresErrors.amountNotPositive();
      throw futuresRefusal(reply.code);
    }
    return { amount: Number(amount), code: 200, msg: 'Successfully modify position margin.', type: Number(type) };
  });

  route('GET', '/positionSide/dual', false, async (p) => {
    p.done();
    return { dualSidePosition: false };
  });

  route('POST', '/positionSide/dual', true, async (p) => {
    const dual = p.choice('dualSidePosition', BOOLS, () => errors.value('dualSidePosition'));
    p.done();
    if (dual === 'true') throw futuresErrors.hedgeMode();
    return { code: 200, msg: 'success' };
  });

  route('GET', '/leverageBracket', false, async (p) => {
    const one = p.symbol();
    p.done();
    const list = one === undefined ? u.markets() : [u.market(one)];
    const shaped = list.map((m) => ({
      symbol: m.symbol,
      notionalCoef: 1,
      brackets: m.brackets.map((b) => ({
        bracket: b.bracket, initialLeverage: b.maxLeverage, notionalCap: num(b.cap), notionalFloor: num(b.floor), maintMarginRatio: num(b.mmr), cum: num(b.cum),
      })),
    }));
    // Binance answers an object when a symbol is named, a list otherwise.
    return one === undefined ? shaped : shaped[0];
  });

  route('GET', '/symbolConfig', false, async (p, caller) => {
    const one = p.symbol();
    const symbol = one === undefined ? undefined : u.market(one).symbol;
    p.done();
    const settings = (await desk.settings(caller.user)).filter((s) => symbol === undefined || s.symbol === symbol);
    return settings.map((s) => ({
      symbol: s.symbol,
      marginType: s.mode === 'isolated' ? 'ISOLATED' : 'CROSSED',
      isAutoAddMargin: false,
      leverage: s.leverage,
      maxNotionalValue: maxNotional(u.market(s.symbol), s.leverage),
    }));
  });

  route('GET', '/commissionRate', false, async (p) => {
    const m = u.market(p.requiredSymbol());
    p.done();
    return { symbol: m.symbol, makerCommissionRate: rateText(PERP_FEES.makerPpm), takerCommissionRate: rateText(PERP_FEES.takerPpm) };
  });
}
