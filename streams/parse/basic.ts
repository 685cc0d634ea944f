// Small shape checks shared by the payload parsers: nothing past a parser is unchecked.
import { isDecimal } from '../decimal.ts';

export type Json = Record<string, unknown>;
export type Parser<T> = (value: unknown) => T | null;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isInteger = (v: unknown): v is number => Number.isSafeInteger(v);
/** Decimal text as Binance sends prices and sizes; numbers are accepted and written out. */
export const decimalText = (v: unknown): string | null =>
  isString(v) && isDecimal(v) ? v : isNumber(v) ? String(v) : null;

/** Every item parsed, or null when any item fails: a half-read list would show a wrong book or chart. */
export function parseList<T>(value: unknown, parse: Parser<T>): T[] | null {
  if (!Array.isArray(value)) return null;
  // The list itself when every item parses to itself (the parser kept a fresh JSON value as it was); a copy only
  // from the first item that did not.
  let out: T[] | null = null;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const parsed = parse(item);
    if (parsed === null) return null;
    if (out === null && parsed !== item) out = value.slice(0, i) as T[];
    out?.push(parsed);
  }
  return out ?? (value as T[]);
}
