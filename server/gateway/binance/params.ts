// Binance request parameters: the query string and a form body together, every value text. Checked here as
// Binance does: duplicates (-1101), a missing mandatory one (-1102), characters outside a parameter's range
// (-1100), too much precision (-1111), and parameters the endpoint doesn't read (-1104).
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { Code, parseDecimal } from '../../kernel/index.ts';
import { errors } from './errors.ts';

/** What Binance accepts for amounts: up to 20 digits on each side of the point. */
const DECIMAL = Type.String({ pattern: '^([0-9]{1,20})(\\.[0-9]{1,20})?$' });
const INTEGER = Type.String({ pattern: '^-?[0-9]{1,16}$' });
const SYMBOL = Type.String({ pattern: '^[A-Z0-9_.-]{1,20}$' });
const SYMBOLS = Type.Array(SYMBOL, { minItems: 1, maxItems: 100, uniqueItems: true });
/** Binance's newClientOrderId range; the desk's is wider (64 characters). */
const CLIENT_ID = Type.String({ pattern: '^[.A-Z:/a-z0-9_-]{1,36}$' });
const isDecimal = Compile(DECIMAL);
const isInteger = Compile(INTEGER);
const isSymbol = Compile(SYMBOL);
const isSymbols = Compile(SYMBOLS);
const isClientId = Compile(CLIENT_ID);

export class Params {
  private readonly values = new Map<string, string>();
  private readonly read = new Set<string>();

  constructor(query: string, body: string) {
    for (const part of [query, body]) {
      for (const [name, value] of new URLSearchParams(part)) {
        if (this.values.has(name)) throw errors.duplicate();
        this.values.set(name, value);
      }
    }
  }

  has(name: string): boolean {
    return (this.values.get(name) ?? '') !== '';
  }

  /** The text of a parameter; empty counts as not sent. */
  text(name: string): string | undefined {
    this.read.add(name);
    const value = this.values.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  required(name: string): string {
    const value = this.text(name);
    if (value === undefined) throw errors.mandatory(name);
    return value;
  }

  /** One of `allowed`; otherwise the given error. */
  choice<T extends string>(name: string, allowed: readonly T[], error: () => Error, fallback?: T): T {
    const value = fallback === undefined ? this.required(name) : (this.text(name) ?? fallback);
    if (!(allowed as readonly string[]).includes(value)) throw error();
    return value as T;
  }

  /** Decimal text within Binance's range and the ledger's 8 decimals. */
  decimal(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!isDecimal.Check(value)) throw errors.illegal(name);
    const parsed = parseDecimal(value);
    if (!parsed.ok) throw parsed.code === Code.DECIMAL_TOO_PRECISE ? errors.precision() : errors.filter(name === 'price' ? 'PRICE_FILTER' : name === 'quantity' ? 'LOT_SIZE' : 'NOTIONAL');
    return value;
  }

  int(name: string, min: number, max: number, fallback?: number): number | undefined {
    const value = this.text(name);
    if (value === undefined) return fallback;
    if (!isInteger.Check(value)) throw errors.illegalText(name);
    const n = Number(value);
    if (n < min || n > max) throw errors.value(name);
    return n;
  }

  symbol(name = 'symbol'): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!isSymbol.Check(value)) throw errors.illegalText(name);
    return value;
  }

  /** `symbols=["BTCUSDT","ETHUSDT"]`, Binance's JSON-array form. */
  symbols(): string[] | undefined {
    const value = this.text('symbols');
    if (value === undefined) return undefined;
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch {
      throw errors.illegalText('symbols');
    }
    if (!isSymbols.Check(list)) throw errors.illegalText('symbols');
    return list;
  }

  clientId(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!isClientId.Check(value)) throw errors.illegalText(name);
    return value;
  }

  /** Refuses parameters the endpoint did not read (Binance's -1104); call after reading everything. */
  done(ignored: readonly string[] = []): void {
    for (const name of ignored) this.read.add(name);
    const unread = [...this.values.keys()].filter((n) => !this.read.has(n));
    if (unread.length > 0) throw errors.unread(this.values.size - unread.length, this.values.size);
  }
}
