// Money columns: signed 64-bit integers of minor units (10^-8 of a coin), exact as bigint on both dialects.
// Drivers disagree on int8 (pg's parser here throws past 2^53, better-sqlite3 rounds unless safeIntegers is on)
// and the timestamp columns must stay plain numbers, so money is read as text (`cast(col as text)`, exact in
// both databases) and turned into a bigint here; it is written as a bigint, which both drivers bind exactly.
import { sql, type ColumnType, type RawBuilder } from 'kysely';

declare const rawMoney: unique symbol;
/** What a driver would hand back for a money column selected as is: unusable on purpose, select it with money(). */
export type RawMoney = { readonly [rawMoney]: true };
export type Money = ColumnType<RawMoney, bigint, bigint>;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** `cast(column as text)`: select a money column (or `table.column`) as exact decimal text. */
export function money(column: string): RawBuilder<string> {
  return sql<string>`cast(${sql.ref(column)} as text)`;
}

/** `cast(sum(column) as text)`; PostgreSQL sums int8 as numeric, SQLite as int64, both exact as text. */
export function moneySum(column: string): RawBuilder<string | null> {
  return sql<string | null>`cast(sum(${sql.ref(column)}) as text)`;
}

const INTEGER_TEXT = /^-?\d+$/;

/** Text from money()/moneySum() → bigint; null (an empty sum) is zero. */
export function toAmount(text: string | null | undefined): bigint {
  if (text === null || text === undefined) return 0n;
  if (!INTEGER_TEXT.test(text)) throw new RangeError(`not an integer amount: ${text}`);
  return BigInt(text);
}

/** Refuses a bigint the column cannot hold, before the driver does it less clearly. */
export function int64(value: bigint): bigint {
  if (value < INT64_MIN || value > INT64_MAX) throw new RangeError(`${value} does not fit a 64-bit money column`);
  return value;
}
