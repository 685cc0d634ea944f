// The asset-records page's pure parts: the server's record types with their labels in the spec's names (grouped
// for the type filter), the accounts, the time ranges (quick 7/30/90 days or two dates, local calendar days), the
// request a search asks for, and how a record's reference reads. Pure, for tests in node.
import { DEFAULT_PAGE_SIZE, type AccountType, type AssetRecordType, type AssetRecordsRequest } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { RECORD_TYPES } from './assets.ts';
import type { RecordsSearch, QuickRange } from './records-search.ts';

type SpecRecordKey = (typeof RECORD_TYPES)[number]['key'];

/** Server record types that are the spec's own record types (spec §3), by the spec's key. */
const SPEC_NAME: Partial<Record<AssetRecordType, SpecRecordKey>> = {
  buy_coin: 'buyCoin',
  sell_coin: 'sellCoin',
  cancel_buy: 'cancelBuy',
  cancel_sell: 'cancelSell',
  admin_freeze: 'adminFreeze',
  admin_unfreeze: 'adminUnfreeze',
  admin_lock: 'adminLock',
  admin_unlock: 'adminUnlock',
  withdrawal_rejected: 'withdrawalRejected',
  financial_purchase: 'financialPurchase',
  financial_income: 'financialIncome',
  cancel_financial: 'cancelFinancial',
  open_long_fee: 'openLongFee',
  open_short_fee: 'openShortFee',
  long_margin: 'longMargin',
  short_margin: 'shortMargin',
  margin_refund_long: 'longMarginRefund',
  margin_refund_short: 'shortMarginRefund',
  margin_income_buy: 'buyMarginIncome',
  margin_income_sell: 'sellMarginIncome',
  contract_income: 'contractIncome',
  product_buy: 'productBuy',
  product_sell: 'productSell',
};

/** Record types the exchange has beyond the spec's list: fees, transfers, operator credits and debits, deposits and
 *  withdrawals (issue 22: the amount held when applied, and given back when the user cancels). */
const EXTRA_LABEL: Partial<Record<AssetRecordType, string>> = {
  fee: 'records.type.fee',
  transfer_in: 'records.type.transferIn',
  transfer_out: 'records.type.transferOut',
  admin_credit: 'records.type.adminCredit',
  admin_debit: 'records.type.adminDebit',
  deposit: 'records.type.deposit',
  withdrawal: 'records.type.withdrawal',
  withdrawal_cancelled: 'records.type.withdrawalCancelled',
  close_long_fee: 'records.type.closeLongFee',
  close_short_fee: 'records.type.closeShortFee',
  holding_fee: 'records.type.holdingFee',
  liquidation_fee: 'records.type.liquidationFee',
  seconds_stake: 'records.type.secondsStake',
  seconds_fee: 'records.type.secondsFee',
  seconds_payout: 'records.type.secondsPayout',
  seconds_cancel: 'records.type.secondsCancel',
  invite_commission: 'records.type.inviteCommission',
  // Issue 23: a wealth order's principal back at maturity, and a mining pool's purchase, income and principal back.
  financial_return: 'records.type.financialReturn',
  mining_purchase: 'records.type.miningPurchase',
  mining_income: 'records.type.miningIncome',
  mining_return: 'records.type.miningReturn',
  // Issue 24: the investment set aside when a quantitative bot starts, and everything it holds given back when it ends.
  quant_reserve: 'records.type.quantReserve',
  quant_release: 'records.type.quantRelease',
};

const SPEC_LABEL = new Map<string, string>(RECORD_TYPES.map((t) => [t.key, t.labelId]));

/** The message id naming a record type in the user's language. */
export function recordTypeLabel(type: AssetRecordType): string {
  const spec = SPEC_NAME[type];
  const label = spec ? SPEC_LABEL.get(spec) : EXTRA_LABEL[type];
  return label ?? 'records.type.other';
}

/** The type filter's groups, in the order a trader looks for them; every server type is in exactly one. */
export const RECORD_TYPE_GROUPS: ReadonlyArray<{ labelId: string; types: readonly AssetRecordType[] }> = [
  { labelId: 'records.group.spot', types: ['buy_coin', 'sell_coin', 'cancel_buy', 'cancel_sell', 'fee'] },
  // Issue 24: a bot's own trades are spot trades (above); these are its start and its end.
  { labelId: 'records.group.quant', types: ['quant_reserve', 'quant_release'] },
  { labelId: 'records.group.transfers', types: ['transfer_in', 'transfer_out', 'deposit', 'withdrawal', 'withdrawal_rejected', 'withdrawal_cancelled'] },
  {
    labelId: 'records.group.contract',
    types: [
      'open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee', 'long_margin', 'short_margin', 'margin_refund_long', 'margin_refund_short',
      'margin_income_buy', 'margin_income_sell', 'contract_income', 'holding_fee', 'liquidation_fee',
    ],
  },
  { labelId: 'records.group.seconds', types: ['seconds_stake', 'seconds_fee', 'seconds_payout', 'seconds_cancel'] },
  {
    labelId: 'records.group.wealth',
    types: ['financial_purchase', 'financial_income', 'financial_return', 'cancel_financial', 'mining_purchase', 'mining_income', 'mining_return', 'product_buy', 'product_sell'],
  },
  // Issue 21: commissions paid for invitees' trading fees (server/accounts/invite).
  { labelId: 'records.group.invite', types: ['invite_commission'] },
  {
    labelId: 'records.group.operator',
    types: ['admin_credit', 'admin_debit', 'admin_freeze', 'admin_unfreeze', 'admin_lock', 'admin_unlock'],
  },
];

/** The five accounts of the spec, with the names the asset pages use. */
export const RECORD_ACCOUNTS: ReadonlyArray<{ key: AccountType; labelId: string }> = [
  { key: 'coin', labelId: 'assets.account.coin' },
  { key: 'contract', labelId: 'assets.account.contract' },
  { key: 'earn', labelId: 'assets.account.wealth' },
  { key: 'seconds', labelId: 'assets.account.seconds' },
  { key: 'fiat', labelId: 'assets.account.fiat' },
];
export const accountLabel = (account: AccountType): string => RECORD_ACCOUNTS.find((a) => a.key === account)?.labelId ?? 'assets.account.coin';

export const QUICK_RANGES: ReadonlyArray<{ key: QuickRange; days: number; labelId: string }> = [
  { key: '7d', days: 7, labelId: 'records.range.7d' },
  { key: '30d', days: 30, labelId: 'records.range.30d' },
  { key: '90d', days: 90, labelId: 'records.range.90d' },
];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a YYYY-MM-DD day, or null for anything that is not a real calendar day. */
export function dayStart(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.getTime();
}

/** The local calendar day (YYYY-MM-DD) of an instant. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day `days` calendar days before `day` (DST-proof: by calendar, not by 24-hour steps). */
function daysBefore(day: string, days: number): string {
  const start = dayStart(day) ?? 0;
  const d = new Date(start);
  return dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - days).getTime());
}

/** The days a search covers, as the date inputs show them: a quick range ends today and spans that many days. */
export function rangeDays(search: RecordsSearch, now: number): { from?: string; to?: string } {
  if (search.range) {
    const quick = QUICK_RANGES.find((r) => r.key === search.range);
    const today = dayOf(now);
    return { from: daysBefore(today, (quick?.days ?? 1) - 1), to: today };
  }
  return { ...(search.from ? { from: search.from } : {}), ...(search.to ? { to: search.to } : {}) };
}

/** The time window in Unix ms: from the start of the first day, up to the end of the last (exclusive). */
export function rangeTimes(search: RecordsSearch, now: number): { startTime?: number; endTime?: number } {
  const days = rangeDays(search, now);
  const start = days.from ? dayStart(days.from) : null;
  // A quick range runs up to now (nothing later exists); a chosen last day includes all of that day.
  const end = !search.range && days.to ? dayStart(daysBefore(days.to, -1)) : null;
  return { ...(start !== null ? { startTime: start } : {}), ...(end !== null ? { endTime: end } : {}) };
}

/** A chosen first day after the chosen last day: the search asks for nothing and is refused before sending. */
export function rangeInvalid(search: RecordsSearch): boolean {
  if (search.range || !search.from || !search.to) return false;
  return (dayStart(search.from) ?? 0) > (dayStart(search.to) ?? 0);
}

/** The server's request for a search; `pageIndex`/`pageSize` override the URL's (the scrolling view reads ahead). */
export function recordsRequest(search: RecordsSearch, now: number, paging?: { pageIndex: number; pageSize: number }): AssetRecordsRequest {
  return {
    pageIndex: paging?.pageIndex ?? search.page ?? 1,
    pageSize: paging?.pageSize ?? search.size ?? DEFAULT_PAGE_SIZE,
    ...(search.account ? { account: search.account } : {}),
    ...(search.asset ? { asset: search.asset } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...rangeTimes(search, now),
  };
}

/**
 * What a record's reference says: an order, a trade (spot or perpetual), a perpetual's funding settlement,
 * liquidation, margin or leverage change, a transfer, a wealth or mining order, a deposit from the chain, a
 * withdrawal, the operator's memo, or the raw text.
 */
export type RecordRef =
  | { kind: 'order'; id: string }
  | { kind: 'trade'; symbol: string; id: string }
  | { kind: 'funding' | 'liquidation' | 'margin' | 'leverage'; symbol: string }
  | { kind: 'transfer'; id: string }
  /** A wealth or mining order (earn:<order>), or one of its payments (earn:<order>:<k>). */
  | { kind: 'earn'; id: string; period: string | null }
  /** A deposit from the chain (deposit:<network>:<tx hash>:<output or log index>). */
  | { kind: 'deposit'; network: string; tx: string; index: string }
  /** A withdrawal's hold, release or settlement (withdraw:<id>). */
  | { kind: 'withdrawal'; id: string }
  | { kind: 'memo'; text: string }
  | { kind: 'raw'; text: string };

export function parseRef(ref: string): RecordRef {
  let m = /^(?:perp:)?order:(\d+)$/.exec(ref);
  if (m?.[1]) return { kind: 'order', id: m[1] };
  m = /^(?:perp:)?trade:([A-Z0-9]+):(\d+)$/.exec(ref);
  if (m?.[1] && m[2]) return { kind: 'trade', symbol: m[1], id: m[2] };
  m = /^perp:(funding|liquidation|margin|leverage):([A-Z0-9]+):/.exec(ref);
  if (m?.[1] && m[2]) return { kind: m[1] as 'funding' | 'liquidation' | 'margin' | 'leverage', symbol: m[2] };
  m = /^earn:(\d+)(?::(\d+))?$/.exec(ref);
  if (m?.[1]) return { kind: 'earn', id: m[1], period: m[2] ?? null };
  m = /^deposit:([A-Z0-9]{2,16}):([0-9A-Za-z]{8,128}):(-?\d{1,10})$/.exec(ref);
  if (m?.[1] && m[2] && m[3]) return { kind: 'deposit', network: m[1], tx: m[2], index: m[3] };
  m = /^withdraw:(\d{1,15})$/.exec(ref);
  if (m?.[1]) return { kind: 'withdrawal', id: m[1] };
  m = /^transfer:([\w-]+)$/.exec(ref);
  if (m?.[1]) return { kind: 'transfer', id: m[1] };
  if (ref.startsWith('admin:')) return { kind: 'memo', text: ref.slice('admin:'.length) };
  return { kind: 'raw', text: ref };
}

/** A transaction hash for a table cell: "0x1234…abcd" (a hash without 0x, Bitcoin's: "1234…abcd"); short ones whole. */
export function shortTx(tx: string): string {
  const head = tx.startsWith('0x') ? 6 : 4;
  return tx.length <= head + 4 + 1 ? tx : `${tx.slice(0, head)}…${tx.slice(-4)}`;
}

/** The sign of a decimal change: credit, debit, or none. */
export function changeSign(amount: string): 'in' | 'out' | 'none' {
  if (/^-?0*(?:\.0*)?$/.test(amount)) return 'none';
  return amount.startsWith('-') ? 'out' : 'in';
}


/** Up to 8 decimals (a fee in BTC is tiny), trailing zeros trimmed down to the spec's 4; "+" on credits. */
export function formatChange(amount: string): string {
  const sign = changeSign(amount);
  const digits = formatDecimal(amount.replace(/^-/, ''), 8).replace(/(\.\d{4}\d*?)0+$/, '$1');
  return sign === 'none' ? digits : `${sign === 'in' ? '+' : '-'}${digits}`;
}
