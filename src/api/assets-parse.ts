// Shape checks for the wallet replies of /myassets: transfers (POST /app/assets/transfer) and their pages
// (POST /app/assets/transferRecords). Every field the page reads is checked here, nothing past them.
import { ACCOUNT_TYPES, type AccountType, type Page, type TransferItem } from '../contract.ts';
import { isRecord, type Parser } from './parse.ts';

const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const DECIMAL = /^\d+(?:\.\d+)?$/;
const isAccount = (v: unknown): v is AccountType => str(v) && (ACCOUNT_TYPES as readonly string[]).includes(v);

export function parseTransferItem(d: unknown): TransferItem | null {
  if (!isRecord(d) || !str(d.transferId) || !d.transferId || !str(d.asset) || !str(d.amount) || !DECIMAL.test(d.amount)) return null;
  if (!isAccount(d.from) || !isAccount(d.to) || !int(d.time)) return null;
  if (d.status !== 'debited' && d.status !== 'credited') return null;
  return {
    transferId: d.transferId,
    clientId: str(d.clientId) ? d.clientId : null,
    asset: d.asset,
    amount: d.amount,
    from: d.from,
    to: d.to,
    status: d.status,
    time: d.time,
    creditTime: int(d.creditTime) ? d.creditTime : null,
  };
}

/** A page of transfers; one malformed item makes the whole reply malformed (nothing half-shown). */
export const parseTransferPage: Parser<Page<TransferItem>> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.list) || !int(d.total) || !int(d.pageIndex) || !int(d.pageSize)) return null;
  const list = d.list.map(parseTransferItem);
  if (!list.every((t): t is TransferItem => t !== null)) return null;
  return { list, total: d.total, pageIndex: d.pageIndex, pageSize: d.pageSize };
};
