// Search params: kept as plain strings in the URL (no JSON quoting, so `?inviteCode=012345` stays a string) and
// validated per route by the parsers below. Everything here is pure, for tests in node.

import { PAGE_SIZES } from '../contract.ts';

export type RawSearch = Record<string, unknown>;

export function parseSearchString(search: string): Record<string, string> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

export function stringifySearchObject(search: RawSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() || undefined : typeof value === 'number' ? String(value) : undefined;

/** /commin: active=1 current orders, active=2 history; anything else means current. */
export type OrdersTab = 1 | 2;
export interface OrdersSearch {
  active: OrdersTab;
  /** Page from 1; left out for the first. */
  page?: number;
  /** One of the spec's PAGE_SIZES; left out for the default (20). */
  size?: number;
  symbol?: string;
  side?: 'buy' | 'sell';
  /** History only. */
  status?: 'completed' | 'cancelled';
}
/** Each param is checked on its own: a bad one is dropped, the rest kept. */
export function parseOrdersSearch(search: RawSearch): OrdersSearch {
  const active: OrdersTab = text(search.active) === '2' ? 2 : 1;
  const out: OrdersSearch = { active };
  const page = text(search.page);
  if (page && /^\d{1,6}$/.test(page) && Number(page) > 1) out.page = Number(page);
  const size = Number(text(search.size));
  if ((PAGE_SIZES as readonly number[]).includes(size)) out.size = size;
  const symbol = parseSpotSearch({ symbol: search.symbol }).symbol;
  if (symbol) out.symbol = symbol;
  const side = text(search.side);
  if (side === 'buy' || side === 'sell') out.side = side;
  const status = text(search.status);
  if (active === 2 && (status === 'completed' || status === 'cancelled')) out.status = status;
  return out;
}

/** Only a same-site path may be a redirect target, never another origin ("//host", "/\host") or the login page. */
export function safeRedirect(value: unknown): string | undefined {
  const path = text(value);
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (path.length > 1024 || /[\u0000-\u001f]/.test(path)) return undefined;
  if (path === '/login' || path.startsWith('/login?')) return undefined;
  return path;
}

/** /login?statusType=0, optional redirect after sign-in. */
export interface LoginSearch {
  statusType: 0;
  redirect?: string;
}
export function parseLoginSearch(search: RawSearch): LoginSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { statusType: 0, redirect } : { statusType: 0 };
}

/** /register?statusType=1, optional inviteCode that prefills the form. */
export interface RegisterSearch {
  statusType: 1;
  inviteCode?: string;
}
export function parseRegisterSearch(search: RawSearch): RegisterSearch {
  const inviteCode = text(search.inviteCode);
  return inviteCode && /^[A-Za-z0-9_-]{1,32}$/.test(inviteCode) ? { statusType: 1, inviteCode } : { statusType: 1 };
}

/** Detail pages (?id=…): an article, notice or help entry id. */
export interface DetailSearch {
  id?: string;
}
export function parseDetailSearch(search: RawSearch): DetailSearch {
  const id = text(search.id);
  return id && /^[\w-]{1,64}$/.test(id) ? { id } : {};
}

/** /currencyTransaction: the market, as its symbol ("BTCUSDT"); left out when missing or malformed (BTCUSDT then). */
export const DEFAULT_SPOT_SYMBOL = 'BTCUSDT';
export interface SpotSearch {
  symbol?: string;
}
export function parseSpotSearch(search: RawSearch): SpotSearch {
  const symbol = text(search.symbol)?.toUpperCase().replace('/', '');
  return symbol && /^[A-Z0-9]{2,20}$/.test(symbol) ? { symbol } : {};
}

/** /contractTransaction?symbol=X&mode=seconds&tab=holding: the contract area's market, its mode (perpetual when
 *  absent) and, in seconds mode, the account tab. */
export interface ContractTransactionSearch extends SpotSearch {
  mode?: 'seconds' | undefined;
  tab?: 'pending' | 'holding' | 'history' | undefined;
}
export function parseContractTransactionSearch(search: RawSearch): ContractTransactionSearch {
  const out: ContractTransactionSearch = parseSpotSearch(search);
  if (text(search.mode) === 'seconds') {
    out.mode = 'seconds';
    const tab = text(search.tab);
    if (tab === 'pending' || tab === 'holding' || tab === 'history') out.tab = tab;
  }
  return out;
}

/** /contractOrder?orderNo=N: one contract order's detail; undefined when missing or not a positive whole number (set
 *  explicitly: the router keeps a raw param a validator leaves out). */
export interface ContractOrderSearch {
  orderNo?: number | undefined;
}
export function parseContractOrderSearch(search: RawSearch): ContractOrderSearch {
  const orderNo = text(search.orderNo);
  const n = orderNo && /^\d{1,16}$/.test(orderNo) ? Number(orderNo) : NaN;
  return { orderNo: Number.isSafeInteger(n) && n > 0 ? n : undefined };
}
