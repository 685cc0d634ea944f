// Binance request parameters: the query string and a form body together, every value text. Checked here as
// Binance does: duplicates within one part (-1101; a name in both the query and the body takes the query's value),
// a mandatory one missing or empty (-1102), an optional one sent empty (-1105), characters outside a parameter's
// range (-1100), too much precision (-1111), and parameters the endpoint doesn't read (-1104).
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

  /** `body` is the form body's text ('' when the request has none or it isn't a form). */
  constructor(query: string, body: string) {
    const fromQuery = new Set<string>();
    for (const [name, value] of new URLSearchParams(query)) {
      if (this.values.has(name)) throw errors.duplicate();
      this.values.set(name, value);
      fromQuery.add(name);
    }
    const fromBody = new Set<string>();
    for (const [name, value] of new URLSearchParams(body)) {
      if (fromBody.has(name)) throw errors.duplicate();
      fromBody.add(name);
      // Binance: "If a parameter is sent in both the query string and the request body, the query string's is used."
      if (!fromQuery.has(name)) this.values.set(name, value);
    }
  }

  /** Whether the parameter was sent at all, even empty. */
  has(name: string): boolean {
    return this.values.has(name);
  }

  /** The text of an optional parameter: undefined when not sent; sent empty is Binance's -1105. */
  text(name: string): string | undefined {
    this.read.add(name);
    const value = this.values.get(name);
    if (value === '') throw errors.empty(name);
    return value;
  }

  /** A mandatory parameter: missing or empty is -1102. */
  required(name: string): string {
    this.read.add(name);
    const value = this.values.get(name);
    if (value === undefined || value === '') throw errors.mandatory(name);
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

  requiredDecimal(name: string): string {
    this.required(name);
    return this.decimal(name)!;
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

  requiredSymbol(name = 'symbol'): string {
    this.required(name);
    return this.symbol(name)!;
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
    if (this.values.get(name) === '') {
      this.read.add(name);
      if (name === 'newClientOrderId') throw errors.emptyNewClientId();
      if (name === 'origClientOrderId') throw errors.emptyOrigClientId();
    }
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
