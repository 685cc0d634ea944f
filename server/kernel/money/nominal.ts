// Branded numbers (lightweight-charts' `Nominal`): a Price can't be passed where a Qty or an OrderId is expected,
// yet at run time they are plain numbers (or bigints for ledger amounts) with no wrapper cost.
declare const brand: unique symbol;

export type Nominal<T, Name extends string> = T & { readonly [brand]: Name };

/** Price in ticks of the market's tick size (a safe integer ≥ 1). */
export type Price = Nominal<number, 'Price'>;
/** Quantity in lots of the market's lot size (a safe integer ≥ 1 on an order). */
export type Qty = Nominal<number, 'Qty'>;
/** Money in minor units (10^-8 of a coin); bigint so sums never lose precision. */
export type Amount = Nominal<bigint, 'Amount'>;
/** Order id assigned by the desk; a safe non-negative integer so the fast book can keep it in a Float64Array. */
export type OrderId = Nominal<number, 'OrderId'>;
/** User id as in the app API (`userId: number`). */
export type UserId = Nominal<number, 'UserId'>;
/** Asset code, e.g. "BTC", "USDT". */
export type Asset = Nominal<string, 'Asset'>;

function safeInt(value: number, min: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a safe integer ≥ ${min}: ${value}`);
  return value;
}

export const price = (ticks: number): Price => safeInt(ticks, 1, 'price') as Price;
export const qty = (lots: number): Qty => safeInt(lots, 1, 'qty') as Qty;
export const orderId = (id: number): OrderId => safeInt(id, 0, 'order id') as OrderId;
export const userId = (id: number): UserId => safeInt(id, 0, 'user id') as UserId;
export const amount = (minor: bigint | number): Amount => BigInt(minor) as Amount;
export const asset = (code: string): Asset => {
  if (!/^[A-Z0-9]{1,16}$/.test(code)) throw new RangeError(`asset code must be 1-16 of A-Z 0-9: ${code}`);
  return code as Asset;
};
