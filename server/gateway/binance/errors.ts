// Binance's error replies: `{ code, msg }` with the HTTP status Binance uses, and the mapping from the desks' and
// kernel's dotted refusal codes to them. Messages follow Binance's wording so client libraries (ccxt) that match
// on them raise the right exception type.

export class BinanceError extends Error {
  override name = 'BinanceError';
  readonly code: number;
  readonly status: number;
  constructor(code: number, msg: string, status = 400) {
    super(msg);
    this.code = code;
    this.status = status;
  }
}

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
    default:
      return errors.rejected(`Order rejected (${code}).`);
  }
}
