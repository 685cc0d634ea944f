// /assetRecords search params: account, coin, type, time range (a quick 7d/30d/90d or two calendar days), paging
// and the view. Kept in the URL so a filtered list can be bookmarked or shared; each param is checked on its own
// (a bad one is dropped, the rest kept). Tiny and pure: the router imports it.
import { ACCOUNT_TYPES, ASSET_RECORD_TYPES, PAGE_SIZES, type AccountType, type AssetRecordType } from '../../contract.ts';

export type QuickRange = '7d' | '30d' | '90d';
/** `pages`: one server page at a time with the pager; `scroll`: every matching record in one scrolling list. */
export type RecordsView = 'pages' | 'scroll';

export interface RecordsSearch {
  account?: AccountType;
  asset?: string;
  type?: AssetRecordType;
  /** A quick range ending today; when set, from/to are not. */
  range?: QuickRange;
  /** First and last calendar day (YYYY-MM-DD, local), both included. */
  from?: string;
  to?: string;
  /** Page from 1; left out for the first. */
  page?: number;
  /** One of the spec's PAGE_SIZES; left out for the default (20). */
  size?: number;
  /** Left out for pages. */
  view?: 'scroll';
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() || undefined : typeof value === 'number' ? String(value) : undefined;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseRecordsSearch(search: Record<string, unknown>): RecordsSearch {
  const out: RecordsSearch = {};
  const account = text(search.account);
  if (account && (ACCOUNT_TYPES as readonly string[]).includes(account)) out.account = account as AccountType;
  const asset = text(search.asset)?.toUpperCase();
  if (asset && /^[A-Z0-9]{1,16}$/.test(asset)) out.asset = asset;
  const type = text(search.type);
  if (type && (ASSET_RECORD_TYPES as readonly string[]).includes(type)) out.type = type as AssetRecordType;
  const range = text(search.range);
  if (range === '7d' || range === '30d' || range === '90d') out.range = range;
  else {
    const from = text(search.from);
    const to = text(search.to);
    if (from && DAY.test(from)) out.from = from;
    if (to && DAY.test(to)) out.to = to;
  }
  const page = text(search.page);
  if (page && /^\d{1,6}$/.test(page) && Number(page) > 1) out.page = Number(page);
  const size = Number(text(search.size));
  if ((PAGE_SIZES as readonly number[]).includes(size)) out.size = size;
  if (text(search.view) === 'scroll') out.view = 'scroll';
  return out;
}
