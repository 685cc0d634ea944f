// Binance's error replies: `{ code, msg }` with the HTTP status Binance uses, and the mapping from the desks' and
// kernel's dotted refusal codes to them. Messages follow Binance's wording so client libraries (ccxt) that match
// on them raise the right exception type.

import { DeskUnavailableError } from '../../desks/codes.ts';

export class BinanceError extends Error {
  override name = 'BinanceError';
  readonly code: number;
  readonly status: number;
  /** Extra detail some errors carry beside code and msg (cancelReplace's outcomes). */
  readonly data: object | undefined;
  constructor(code: number, msg: string, status = 400, data?: object) {
    super(msg);
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** The JSON body of an error reply. */
export const errorBody = (e: BinanceError): { code: number; msg: string; data?: object } =>
  e.data === undefined ? { code: e.code, msg: e.message } : { code: e.code, msg: e.message, data: e.data };

/**
 * A plain HTTP request (no Upgrade) to one of the WebSocket endpoints (/stream, /fstream, /ws-api): Binance's JSON
 * error with 426 Upgrade Required, rather than an empty 404 a bot can't tell from a wrong path.
 */
export const notUpgraded = (_request: unknown, reply: { code(status: number): { send(body: object): unknown } }) =>
  reply.code(426).send({ code: -1000, msg: 'This is a WebSocket endpoint: connect with an HTTP Upgrade request.' });

export const fail = (code: number, msg: string, status = 400): never => {
  throw new BinanceError(code, msg, status);
};

export const errors = {
  unknown: () => new BinanceError(-1000, 'An unknown error occurred while processing the request.', 500),
  unavailable: () => new BinanceError(-1001, 'Internal error; unable to process your request. Please try again.', 503),
  unauthorized: () => new BinanceError(-1002, 'You are not authorized to execute this request.', 401),
  tooManyRequests: () => new BinanceError(-1003, 'Too many requests; please use the websocket for live updates.', 429),
  timestamp: () => new BinanceError(-1021, 'Timestamp for this request is outside of the recvWindow.'),
  timestampAhead: () => new BinanceError(-1021, "Timestamp for this request was 1000ms ahead of the server's time."),
  signature: () => new BinanceError(-1022, 'Signature for this request is not valid.'),
  replayed: () => new BinanceError(-1022, 'Signature for this request was already used.'),
  illegal: (name: string) => new BinanceError(-1100, `Illegal characters found in parameter '${name}'; legal range is '^([0-9]{1,20})(\\.[0-9]{1,20})?$'.`),
  illegalText: (name: string) => new BinanceError(-1100, `Illegal characters found in parameter '${name}'.`),
  duplicate: () => new BinanceError(-1101, 'Duplicate values for a parameter detected.'),
  mandatory: (name: string) => new BinanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  empty: (name: string) => new BinanceError(-1105, `Parameter '${name}' was empty.`),
  unread: (read: number, sent: number) => new BinanceError(-1104, `Not all sent parameters were read; read '${read}' parameter(s) but was sent '${sent}'.`),
  notRequired: (name: string) => new BinanceError(-1106, `Parameter '${name}' sent when not required.`),
  precision: () => new BinanceError(-1111, 'Precision is over the maximum defined for this asset.'),
  emptyNewClientId: () => new BinanceError(-1118, 'New client order ID was empty.'),
  emptyOrigClientId: () => new BinanceError(-1119, 'Original client order ID was empty.'),
  tif: () => new BinanceError(-1115, 'Invalid timeInForce.'),
  orderType: () => new BinanceError(-1116, 'Invalid orderType.'),
  side: () => new BinanceError(-1117, 'Invalid side.'),
  interval: () => new BinanceError(-1120, 'Invalid interval.'),
  symbol: () => new BinanceError(-1121, 'Invalid symbol.'),
  respType: () => new BinanceError(-1125, 'Invalid newOrderRespType.'),
  combination: () => new BinanceError(-1128, 'Combination of optional parameters invalid.'),
  recvWindow: () => new BinanceError(-1131, 'recvWindow must be less than 60000'),
  value: (name: string) => new BinanceError(-1130, `Invalid data sent for a parameter '${name}'.`),
  filter: (name: string) => new BinanceError(-1013, `Filter failure: ${name}`),
  rejected: (msg: string) => new BinanceError(-2010, msg),
  cancelRejected: () => new BinanceError(-2011, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(-2013, 'Order does not exist.'),
  keyFormat: () => new BinanceError(-2014, 'API-key format invalid.', 401),
  keyInvalid: () => new BinanceError(-2015, 'Invalid API-key, IP, or permissions for action.', 401),
};

/** A desk refusal of a new order (place), as Binance answers it. */
export function placeRefusal(code: string): BinanceError {
  switch (code) {
    case 'market.unknown':
      return errors.symbol();
    case 'decimal.too.precise':
      return errors.precision();
    case 'decimal.format':
    case 'decimal.negative':
      return errors.value('price/quantity');
    case 'decimal.price.off.tick':
    case 'order.price.invalid':
      return errors.filter('PRICE_FILTER');
    case 'decimal.qty.off.lot':
    case 'decimal.too.large':
    case 'order.qty.invalid':
    case 'order.qty.below.min':
    case 'order.qty.above.max':
      return errors.filter('LOT_SIZE');
    case 'order.notional.below.min':
    case 'order.notional.above.max':
    case 'order.quote.invalid':
      return errors.filter('NOTIONAL');
    case 'order.price.out.of.band':
    case 'order.bound.invalid':
      return errors.filter('PERCENT_PRICE_BY_SIDE');
    case 'funds.insufficient':
      return errors.rejected('Account has insufficient balance for requested action.');
    case 'order.post.only.would.take':
      return errors.rejected('Order would immediately match and take.');
    case 'order.fok.not.fillable':
      return errors.rejected('Order would not be fully filled (FOK).');
    case 'order.duplicate.id':
      return errors.rejected('Duplicate order sent.');
    case 'market.not.open':
    case 'market.maintenance':
      return errors.rejected('Market is closed.');
    case 'order.reference.invalid':
      return errors.rejected('Market orders are unavailable: no reference price for this symbol yet.');
    case 'order.client.id.invalid':
      return errors.illegalText('newClientOrderId');
    case 'order.tif.invalid':
      return errors.tif();
    case 'order.side.invalid':
      return errors.side();
    case 'order.stop.would.trigger':
      return errors.rejected('Stop price would trigger immediately.');
    case 'order.stop.required':
      return errors.mandatory("stopPrice' or 'trailingDelta");
    case 'order.trailing.invalid':
      return errors.filter('TRAILING_DELTA');
    case 'order.oco.prices.invalid':
      return errors.rejected('The relationship of the prices for the orders is not correct.');
    case 'order.stop.no.price':
      return errors.rejected('No last price for this symbol yet: a trigger cannot be set.');
    case 'order.type.invalid':
      return errors.orderType();
    case 'quant.order.bot.owned':
      return errors.rejected('This order belongs to a trading bot: stop the bot to cancel it.');
    default:
      return errors.rejected(`Order rejected (${code}).`);
  }
}

// ---- USDⓈ-M futures (/fapi) ------------------------------------------------------------------------------------
// Binance's futures codes and wording (https://developers.binance.com/docs/derivatives/usds-margined-futures/error-code);
// ccxt's binanceusdm picks its exception type from the code.

export const futuresErrors = {
  unknownOrder: () => new BinanceError(-2011, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(-2013, 'Order does not exist.'),
  marginInsufficient: () => new BinanceError(-2019, 'Margin is insufficient.'),
  /** A conditional order whose trigger the watched price (mark or last) has already reached. */
  wouldTrigger: () => new BinanceError(-2021, 'Order would immediately trigger.'),
  reduceOnlyRejected: () => new BinanceError(-2022, 'ReduceOnly Order is rejected.'),
  maxPosition: () => new BinanceError(-2027, 'Exceeded the maximum allowable position at current leverage.'),
  leverageMarginShort: () => new BinanceError(-2028, 'Leverage is smaller than permitted: insufficient margin balance.'),
  priceNotPositive: () => new BinanceError(-4001, 'Price less than 0.'),
  qtyNotPositive: () => new BinanceError(-4003, 'Quantity less than or equal to zero.'),
  qtyBelowMin: () => new BinanceError(-4004, 'Quantity less than min quantity.'),
  qtyAboveMax: () => new BinanceError(-4005, 'Quantity greater than max quantity.'),
  stopPriceNotPositive: () => new BinanceError(-4006, 'Stop price less than zero.'),
  clientId: () => new BinanceError(-4015, 'Client order id is not valid.'),
  aboveMarkCap: () => new BinanceError(-4016, 'Price is higher than mark price multiplier cap.'),
  belowMarkFloor: () => new BinanceError(-4024, 'Price is lower than mark price multiplier floor.'),
  leverage: (leverage: string) => new BinanceError(-4028, `Leverage ${leverage} is not valid`),
  marginTypeUnchanged: () => new BinanceError(-4046, 'No need to change margin type.'),
  marginTypeOrders: () => new BinanceError(-4047, 'Margin type cannot be changed if there exists open orders.'),
  marginTypePosition: () => new BinanceError(-4048, 'Margin type cannot be changed if there exists position.'),
  isolatedOnly: () => new BinanceError(-4049, 'Add margin only support for isolated position.'),
  crossBalance: () => new BinanceError(-4050, 'Cross balance insufficient.'),
  isolatedBalance: () => new BinanceError(-4051, 'Isolated balance insufficient.'),
  noPosition: () => new BinanceError(-4054, 'Cannot add position margin: position is 0.'),
  amountNotPositive: () => new BinanceError(-4055, 'Amount must be positive.'),
  /** dualSidePosition=true: positions here are one-way only. */
  hedgeMode: () => new BinanceError(-4059, 'Hedge mode is not supported: positions are one-way (dualSidePosition=false).'),
  positionSide: () => new BinanceError(-4061, "Order's position side does not match user's setting."),
  /** A conditional type on /fapi/v1/order: Binance moved them to the Algo Order API. */
  algoOnly: () => new BinanceError(-4120, 'Order type not supported for this endpoint. Please use the Algo Order API endpoints instead.'),
  duplicateClientId: () => new BinanceError(-4116, 'ClientOrderId is duplicated.'),
  /** closePosition=true on a type other than STOP_MARKET and TAKE_PROFIT_MARKET. */
  closePositionType: (type: string) => new BinanceError(-4136, `Target strategy invalid for orderType ${type},closePosition true`),
  symbolStatus: () => new BinanceError(-4140, 'Invalid symbol status for opening position.'),
  percentPrice: () => new BinanceError(-4131, "The counterparty's best price does not meet the PERCENT_PRICE filter limit."),
  minNotional: (notional: string) => new BinanceError(-4164, `Order's notional must be no smaller than ${notional} (unless you choose reduce only).`),
  fokRejected: () => new BinanceError(-5021, 'Due to the order could not be filled immediately, the FOK order has been rejected. The order will not be recorded in the order history'),
  postOnlyRejected: () => new BinanceError(-5022, 'Due to the order could not be executed as maker, the Post Only order will be rejected. The order will not be recorded in the order history'),
  stpMode: () => new BinanceError(-5039, 'Invalid self trade prevention mode.'),
};

/** What a futures refusal needs to know that the desk's code doesn't say. */
export interface FuturesRefusalContext {
  /** The market's minimum notional, as decimal text (for -4164's message). */
  readonly minNotional?: string | undefined;
  /** For a limit price outside the band around the mark: whether it was above the mark (-4016) or below it (-4024). */
  readonly aboveMark?: boolean | undefined;
  readonly leverage?: string | undefined;
}

/**
 * A perp desk refusal (place, cancel, leverage, margin type, position margin), as Binance USDⓈ-M answers it. The
 * kernel's dotted names and the desk's codes both arrive here; anything unexpected is -1000 with the code in the
 * message, so a slip is visible rather than dressed up as advice.
 */
export function futuresRefusal(code: string, ctx: FuturesRefusalContext = {}): BinanceError {
  switch (code) {
    case 'market.unknown':
    case 'order.id.invalid':
      return errors.symbol();
    case 'decimal.too.precise':
    case 'decimal.price.off.tick':
    case 'decimal.qty.off.lot':
      return errors.precision();
    case 'decimal.format':
    case 'decimal.negative':
    case 'decimal.too.large':
      return errors.value('price/quantity');
    case 'order.price.invalid':
      return futuresErrors.priceNotPositive();
    case 'order.qty.invalid':
      return futuresErrors.qtyNotPositive();
    case 'order.qty.below.min':
      return futuresErrors.qtyBelowMin();
    case 'order.qty.above.max':
    case 'order.notional.above.max':
      return futuresErrors.qtyAboveMax();
    case 'order.notional.below.min':
      return futuresErrors.minNotional(ctx.minNotional ?? '5');
    case 'order.price.out.of.band':
      return ctx.aboveMark === false ? futuresErrors.belowMarkFloor() : futuresErrors.aboveMarkCap();
    case 'order.bound.invalid':
      return futuresErrors.percentPrice();
    case 'order.reference.invalid':
      return errors.rejected('Market orders are unavailable: no mark price for this symbol yet.');
    case 'order.post.only.would.take':
      return futuresErrors.postOnlyRejected();
    case 'order.fok.not.fillable':
      return futuresErrors.fokRejected();
    case 'order.duplicate.id':
      return futuresErrors.duplicateClientId();
    case 'order.client.id.invalid':
      return futuresErrors.clientId();
    case 'order.tif.invalid':
    case 'order.post.only.needs.gtc':
      return errors.tif();
    case 'order.side.invalid':
      return errors.side();
    case 'order.type.invalid':
      return errors.orderType();
    case 'order.not.found':
      return futuresErrors.unknownOrder();
    case 'funds.insufficient':
      return futuresErrors.marginInsufficient();
    case 'perp.reduce.only.rejected':
      return futuresErrors.reduceOnlyRejected();
    case 'perp.order.would.trigger':
      return futuresErrors.wouldTrigger();
    case 'perp.trigger.invalid':
      return futuresErrors.stopPriceNotPositive();
    case 'perp.leverage.invalid':
      return futuresErrors.leverage(ctx.leverage ?? '');
    case 'perp.notional.above.leverage':
      return futuresErrors.maxPosition();
    case 'perp.leverage.margin.short':
      return futuresErrors.leverageMarginShort();
    case 'perp.margin.mode.unchanged':
      return futuresErrors.marginTypeUnchanged();
    case 'perp.margin.mode.orders':
      return futuresErrors.marginTypeOrders();
    case 'perp.margin.mode.position':
      return futuresErrors.marginTypePosition();
    case 'perp.margin.no.isolated.position':
      return futuresErrors.isolatedOnly();
    case 'perp.margin.remove.too.much':
      return futuresErrors.isolatedBalance();
    case 'amount.invalid':
      return futuresErrors.amountNotPositive();
    default:
      return new BinanceError(-1000, `An unknown error occurred while processing the request (${code}).`);
  }
}

/**
 * What an error thrown in a Binance route answers: its own Binance error, a stopped desk's -1001, Fastify's refusals
 * before a handler (body too large, bad content: the client's fault) as -1000; null for anything else (a bug: 500).
 */
export function failure(error: unknown): BinanceError | null {
  if (error instanceof BinanceError) return error;
  if (error instanceof DeskUnavailableError) return errors.unavailable();
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = Number(error.statusCode);
    if (status >= 400 && status < 500) return new BinanceError(-1000, error instanceof Error ? error.message : 'Bad request.', status);
  }
  return null;
}
