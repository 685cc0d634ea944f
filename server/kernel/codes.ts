// Result codes of the kernel, grouped in numeric bands (exchange-core style) so a caller can tell the kind of
// answer from the number alone; each has a dotted name the gateway maps to a message in its error catalogue.

export const Code = {
  OK: 0,
  // 100-199 order outcomes: what happened to an accepted order (not errors)
  FILLED: 100,
  RESTED: 101,
  CANCELED: 110,
  EXPIRED_IOC: 120,
  EXPIRED_MARKET: 121,
  EXPIRED_STP_TAKER: 130,
  EXPIRED_STP_MAKER: 131,
  // perpetuals: an order the engine ended for the position's sake
  CANCELED_LIQUIDATION: 140,
  EXPIRED_REDUCE_ONLY: 141,
  CANCELED_MARGIN: 142,
  TRIGGERED: 143,
  // 2000-2099 request rejected by the market's rules, checked before the book
  PRICE_INVALID: 2001,
  QTY_INVALID: 2002,
  QTY_BELOW_MIN: 2003,
  QTY_ABOVE_MAX: 2004,
  NOTIONAL_BELOW_MIN: 2005,
  NOTIONAL_ABOVE_MAX: 2006,
  BOUND_INVALID: 2007,
  QUOTE_INVALID: 2008,
  FEE_RATE_INVALID: 2009,
  POST_ONLY_NEEDS_GTC: 2010,
  ORDER_ID_INVALID: 2011,
  // spot conditional orders (stop-loss, take-profit, trailing, OCO)
  STOP_WOULD_TRIGGER: 2012,
  STOP_REQUIRED: 2013,
  TRAILING_DELTA_INVALID: 2014,
  OCO_PRICES_INVALID: 2015,
  STOP_NO_PRICE: 2016,
  // 3000-3099 rejected by the book
  POST_ONLY_WOULD_TAKE: 3001,
  FOK_NOT_FILLABLE: 3002,
  DUPLICATE_ORDER_ID: 3003,
  ORDER_NOT_FOUND: 3004,
  REPLACE_UNCHANGED: 3005,
  // 4000-4099 funds and ledger
  INSUFFICIENT_FUNDS: 4001,
  LEDGER_UNBALANCED: 4002,
  LEDGER_NEGATIVE: 4003,
  // 4100-4199 perpetuals: position, leverage and margin rules
  REDUCE_ONLY_REJECTED: 4101,
  LEVERAGE_INVALID: 4102,
  NOTIONAL_ABOVE_LEVERAGE: 4103,
  MARGIN_MODE_HAS_POSITION: 4104,
  MARGIN_MODE_HAS_ORDERS: 4105,
  MARGIN_MODE_UNCHANGED: 4106,
  NO_ISOLATED_POSITION: 4107,
  MARGIN_REMOVE_TOO_MUCH: 4108,
  LEVERAGE_MARGIN_SHORT: 4109,
  ORDER_WOULD_TRIGGER: 4110,
  TRIGGER_INVALID: 4111,
  // 5000-5099 decimal text that is not a valid amount
  DECIMAL_FORMAT: 5001,
  DECIMAL_TOO_PRECISE: 5002,
  DECIMAL_NEGATIVE: 5003,
  DECIMAL_TOO_LARGE: 5004,
  PRICE_OFF_TICK: 5005,
  QTY_OFF_LOT: 5006,
} as const;

export type ResultCode = (typeof Code)[keyof typeof Code];

const NAMES: Record<ResultCode, string> = {
  [Code.OK]: 'ok',
  [Code.FILLED]: 'order.filled',
  [Code.RESTED]: 'order.rested',
  [Code.CANCELED]: 'order.canceled',
  [Code.EXPIRED_IOC]: 'order.expired.ioc',
  [Code.EXPIRED_MARKET]: 'order.expired.market',
  [Code.EXPIRED_STP_TAKER]: 'order.expired.stp.taker',
  [Code.EXPIRED_STP_MAKER]: 'order.expired.stp.maker',
  [Code.CANCELED_LIQUIDATION]: 'order.canceled.liquidation',
  [Code.EXPIRED_REDUCE_ONLY]: 'order.expired.reduce.only',
  [Code.CANCELED_MARGIN]: 'order.canceled.margin',
  [Code.TRIGGERED]: 'order.triggered',
  [Code.PRICE_INVALID]: 'order.price.invalid',
  [Code.QTY_INVALID]: 'order.qty.invalid',
  [Code.QTY_BELOW_MIN]: 'order.qty.below.min',
  [Code.QTY_ABOVE_MAX]: 'order.qty.above.max',
  [Code.NOTIONAL_BELOW_MIN]: 'order.notional.below.min',
  [Code.NOTIONAL_ABOVE_MAX]: 'order.notional.above.max',
  [Code.BOUND_INVALID]: 'order.bound.invalid',
  [Code.QUOTE_INVALID]: 'order.quote.invalid',
  [Code.FEE_RATE_INVALID]: 'order.fee.rate.invalid',
  [Code.POST_ONLY_NEEDS_GTC]: 'order.post.only.needs.gtc',
  [Code.ORDER_ID_INVALID]: 'order.id.invalid',
  [Code.STOP_WOULD_TRIGGER]: 'order.stop.would.trigger',
  [Code.STOP_REQUIRED]: 'order.stop.required',
  [Code.TRAILING_DELTA_INVALID]: 'order.trailing.invalid',
  [Code.OCO_PRICES_INVALID]: 'order.oco.prices.invalid',
  [Code.STOP_NO_PRICE]: 'order.stop.no.price',
  [Code.POST_ONLY_WOULD_TAKE]: 'order.post.only.would.take',
  [Code.FOK_NOT_FILLABLE]: 'order.fok.not.fillable',
  [Code.DUPLICATE_ORDER_ID]: 'order.duplicate.id',
  [Code.ORDER_NOT_FOUND]: 'order.not.found',
  [Code.REPLACE_UNCHANGED]: 'order.replace.unchanged',
  [Code.INSUFFICIENT_FUNDS]: 'funds.insufficient',
  [Code.LEDGER_UNBALANCED]: 'ledger.unbalanced',
  [Code.LEDGER_NEGATIVE]: 'ledger.negative',
  [Code.REDUCE_ONLY_REJECTED]: 'perp.reduce.only.rejected',
  [Code.LEVERAGE_INVALID]: 'perp.leverage.invalid',
  [Code.NOTIONAL_ABOVE_LEVERAGE]: 'perp.notional.above.leverage',
  [Code.MARGIN_MODE_HAS_POSITION]: 'perp.margin.mode.position',
  [Code.MARGIN_MODE_HAS_ORDERS]: 'perp.margin.mode.orders',
  [Code.MARGIN_MODE_UNCHANGED]: 'perp.margin.mode.unchanged',
  [Code.NO_ISOLATED_POSITION]: 'perp.margin.no.isolated.position',
  [Code.MARGIN_REMOVE_TOO_MUCH]: 'perp.margin.remove.too.much',
  [Code.LEVERAGE_MARGIN_SHORT]: 'perp.leverage.margin.short',
  [Code.ORDER_WOULD_TRIGGER]: 'perp.order.would.trigger',
  [Code.TRIGGER_INVALID]: 'perp.trigger.invalid',
  [Code.DECIMAL_FORMAT]: 'decimal.format',
  [Code.DECIMAL_TOO_PRECISE]: 'decimal.too.precise',
  [Code.DECIMAL_NEGATIVE]: 'decimal.negative',
  [Code.DECIMAL_TOO_LARGE]: 'decimal.too.large',
  [Code.PRICE_OFF_TICK]: 'decimal.price.off.tick',
  [Code.QTY_OFF_LOT]: 'decimal.qty.off.lot',
};

export type CodeBand = 'ok' | 'outcome' | 'rule' | 'book' | 'funds' | 'decimal';

export function codeName(code: ResultCode): string {
  return NAMES[code];
}

export function codeBand(code: ResultCode): CodeBand {
  if (code === Code.OK) return 'ok';
  if (code < 1000) return 'outcome';
  if (code < 3000) return 'rule';
  if (code < 4000) return 'book';
  if (code < 5000) return 'funds';
  return 'decimal';
}

/** A value or the code saying why there is none; used where rejecting is normal, not exceptional. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: ResultCode };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(code: ResultCode): Result<T> => ({ ok: false, code });
