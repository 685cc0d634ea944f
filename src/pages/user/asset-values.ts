// The numbers of /myassets, pure and exact: balances in minor units (8 decimals, bigint, like the ledger), prices
// in USDT minor units per whole coin, valuations rounded down as the server's (gateway/routes/spot/valuation.ts).
// Nothing here goes through a binary float, so a total is the exact sum of the rows it shows.
import { ACCOUNT_TYPES, type AccountType, type BalancesReply, type BalanceUpdate, type Ticker24h } from '../../contract.ts';

/** Minor units per whole coin (the ledger's 8 decimals). */
export const SCALE = 100_000_000n;
export const DECIMALS = 8;
export const VALUATION_QUOTE = 'USDT';
export const BTC = 'BTC';
/** "Hide small balances" hides rows worth less than this (USDT), and empty rows; Binance's wallet uses the same
 *  kind of dust line. Rows with a balance but no price are kept: their worth is unknown, not small. */
export const SMALL_BALANCE_USDT = '1';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Decimal text → minor units; null for anything that is not a plain non-negative decimal. Digits past the 8th
 *  must be zeros unless `truncate` (prices may carry more digits than the ledger). */
export function toMinor(text: string, truncate = false): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const whole = m[1] ?? '0';
  const fraction = m[2] ?? '';
  const extra = fraction.slice(DECIMALS);
  if (!truncate && /[1-9]/.test(extra)) return null;
  return BigInt(whole) * SCALE + BigInt(fraction.slice(0, DECIMALS).padEnd(DECIMALS, '0'));
}

/** Minor units → the shortest decimal text ("1.5", "0", "123"): what an input box should hold. */
export function minorText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** USDT minor units for `amount` minor units of a coin at `price` (USDT minor units per coin), rounded down. */
export const valueAt = (amount: bigint, price: bigint): bigint => (amount * price) / SCALE;

/** Coin minor units worth `usdt` at `price`, rounded down; null without a price. */
export const coinsFor = (usdt: bigint, price: bigint | null): bigint | null => (price === null || price <= 0n ? null : (usdt * SCALE) / price);

/** A market's base asset when it is quoted in USDT ("BTCUSDT" → "BTC"), else null. */
export function usdtBase(symbol: string): string | null {
  return symbol.endsWith(VALUATION_QUOTE) && symbol.length > VALUATION_QUOTE.length ? symbol.slice(0, -VALUATION_QUOTE.length) : null;
}

/**
 * The USDT price of every asset the page can value: USDT at par; a coin at its USDT market's last traded price
 * (live, from the tickers stream); before any trade, the price the server valued it at in the balances reply
 * (its value over its total: the server falls back to the recorded index price). Missing: no price known.
 */
export function priceBook(tickers: Iterable<Ticker24h>, reply: BalancesReply | null): Map<string, bigint> {
  const prices = new Map<string, bigint>([[VALUATION_QUOTE, SCALE]]);
  if (reply) {
    for (const account of reply.accounts) {
      for (const b of account.balances) {
        if (prices.has(b.asset) || b.valueUsdt === null) continue;
        const total = toMinor(b.total);
        const value = toMinor(b.valueUsdt);
        if (total !== null && value !== null && total > 0n) prices.set(b.asset, (value * SCALE) / total);
      }
    }
  }
  for (const t of tickers) {
    const base = usdtBase(t.symbol);
    const last = toMinor(t.lastPrice, true);
    if (base !== null && last !== null && last > 0n) prices.set(base, last);
  }
  return prices;
}

/** The assets traded against USDT, and USDT: the coins a new user sees listed even with nothing in them. */
export function marketAssets(tickers: Iterable<Ticker24h>): string[] {
  const assets = new Set<string>([VALUATION_QUOTE]);
  for (const t of tickers) {
    const base = usdtBase(t.symbol);
    if (base !== null) assets.add(base);
  }
  return [...assets].sort();
}

export interface Holding {
  available: bigint;
  frozen: bigint;
}
/** Every account's holdings by asset. */
export type Holdings = ReadonlyMap<AccountType, ReadonlyMap<string, Holding>>;

/** Holdings from the balances stream (per wallet and asset; already seeded from /app/assets/balances). */
export function holdingsFromStream(balances: readonly BalanceUpdate[]): Holdings {
  const out = new Map<AccountType, Map<string, Holding>>(ACCOUNT_TYPES.map((a) => [a, new Map()]));
  for (const b of balances) {
    const available = toMinor(b.available);
    const frozen = toMinor(b.frozen);
    if (available === null || frozen === null) continue;
    out.get(b.wallet)?.set(b.asset, { available, frozen });
  }
  return out;
}

/** Holdings from the REST reply, for the first paint before the stream has its seed. */
export function holdingsFromReply(reply: BalancesReply): Holdings {
  const out = new Map<AccountType, Map<string, Holding>>(ACCOUNT_TYPES.map((a) => [a, new Map()]));
  for (const account of reply.accounts) {
    for (const b of account.balances) {
      const available = toMinor(b.available);
      const frozen = toMinor(b.frozen);
      if (available === null || frozen === null) continue;
      out.get(account.account)?.set(b.asset, { available, frozen });
    }
  }
  return out;
}

export interface AssetRow {
  asset: string;
  available: bigint;
  frozen: bigint;
  total: bigint;
  /** USDT minor units; null when the asset has no price. */
  value: bigint | null;
}

export interface AccountView {
  account: AccountType;
  /** Every asset of the account: held ones and the market assets, most valuable first, then by name. */
  rows: AssetRow[];
  totalUsdt: bigint;
}

export interface WalletView {
  accounts: ReadonlyMap<AccountType, AccountView>;
  totalUsdt: bigint;
  /** The grand total in BTC at BTC's USDT price; null while BTC has no price. */
  totalBtc: bigint | null;
  /** Held assets left out of the totals for want of a price. */
  unpriced: string[];
  /** Every asset the user can pick for a transfer (market assets and anything held). */
  assets: string[];
}

export function compareRows(a: AssetRow, b: AssetRow): number {
  const av = a.value ?? -1n;
  const bv = b.value ?? -1n;
  if (av !== bv) return av > bv ? -1 : 1;
  if (a.total !== b.total) return a.total > b.total ? -1 : 1;
  return a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0;
}

export function walletView(holdings: Holdings, prices: ReadonlyMap<string, bigint>, listed: readonly string[]): WalletView {
  const accounts = new Map<AccountType, AccountView>();
  const unpriced = new Set<string>();
  const assets = new Set<string>(listed);
  let grand = 0n;
  for (const account of ACCOUNT_TYPES) {
    const held = holdings.get(account) ?? new Map<string, Holding>();
    const names = new Set<string>([...listed, ...held.keys()]);
    let sum = 0n;
    const rows: AssetRow[] = [];
    for (const asset of names) {
      assets.add(asset);
      const h = held.get(asset) ?? { available: 0n, frozen: 0n };
      const total = h.available + h.frozen;
      const price = prices.get(asset);
      const value = price === undefined ? (total === 0n ? 0n : null) : valueAt(total, price);
      if (value === null) unpriced.add(asset);
      sum += value ?? 0n;
      rows.push({ asset, available: h.available, frozen: h.frozen, total, value });
    }
    rows.sort(compareRows);
    grand += sum;
    accounts.set(account, { account, rows, totalUsdt: sum });
  }
  return { accounts, totalUsdt: grand, totalBtc: coinsFor(grand, prices.get(BTC) ?? null), unpriced: [...unpriced].sort(), assets: [...assets].sort() };
}

export interface RowFilter {
  hideSmall: boolean;
  search: string;
}

/** The rows a table shows: the coin search (any part of the name, any case), and small balances hidden. */
export function visibleRows(rows: readonly AssetRow[], filter: RowFilter): AssetRow[] {
  const needle = filter.search.trim().toUpperCase();
  const small = toMinor(SMALL_BALANCE_USDT) ?? 0n;
  return rows.filter((r) => {
    if (needle && !r.asset.toUpperCase().includes(needle)) return false;
    if (!filter.hideSmall) return true;
    if (r.total === 0n) return false;
    return r.value === null || r.value >= small;
  });
}

/** The holding of one asset in one account (zero when there is none). */
export function holdingOf(holdings: Holdings, account: AccountType, asset: string): Holding {
  return holdings.get(account)?.get(asset) ?? { available: 0n, frozen: 0n };
}
