// Shape checks for the asset-record pages (POST /app/assets/records): every field the page reads is checked here.
import { ACCOUNT_TYPES, ASSET_RECORD_TYPES, type AccountType, type AssetRecordItem, type AssetRecordType, type Page } from '../contract.ts';
import { isRecord, type Parser } from './parse.ts';

const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const SIGNED_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const SYMBOL = /^[A-Z0-9]{1,32}$/;
const isAccount = (v: unknown): v is AccountType => str(v) && (ACCOUNT_TYPES as readonly string[]).includes(v);
const isRecordType = (v: unknown): v is AssetRecordType => str(v) && (ASSET_RECORD_TYPES as readonly string[]).includes(v);

export function parseRecord(d: unknown): AssetRecordItem | null {
  if (!isRecord(d) || !int(d.id) || !int(d.time) || !str(d.asset) || !str(d.ref)) return null;
  if (!isAccount(d.account) || !isRecordType(d.type)) return null;
  if (!str(d.amount) || !SIGNED_DECIMAL.test(d.amount)) return null;
  const frozen = str(d.frozen) && SIGNED_DECIMAL.test(d.frozen) ? d.frozen : '0';
  // A market is a symbol or null; anything else (a server before markets were listed sends none) is no market.
  const symbol = str(d.symbol) && SYMBOL.test(d.symbol) ? d.symbol : null;
  return { id: d.id, account: d.account, asset: d.asset, type: d.type, amount: d.amount, frozen, ref: d.ref, symbol, time: d.time };
}

/** A page of records; one malformed record makes the whole reply malformed (nothing half-shown). */
export const parseRecordPage: Parser<Page<AssetRecordItem>> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.list) || !int(d.total) || !int(d.pageIndex) || !int(d.pageSize)) return null;
  const list = d.list.map(parseRecord);
  if (!list.every((r): r is AssetRecordItem => r !== null)) return null;
  return { list, total: d.total, pageIndex: d.pageIndex, pageSize: d.pageSize };
};
