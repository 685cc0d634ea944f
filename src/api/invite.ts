// Invitation calls (issue 21): the user's code, link, counts, rates and earnings; the invitees by level; the
// commission payments; the poster (a PNG, read as a Blob). Replies are checked here, at the edge.
import { INVITE_API, type InviteCommissionItem, type InviteInfo, type InviteLevel, type InviteRecordItem, type Page, type PagedRequest } from '../contract.ts';
import { ApiError } from './error.ts';
import { api, type CallOptions } from './index.ts';
import { isRecord, parseEnvelope, type Parser } from './parse.ts';

const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isLevel = (v: unknown): v is InviteLevel => v === 1 || v === 2;

export const parseInviteInfo: Parser<InviteInfo> = (d) => {
  if (!isRecord(d) || !str(d.inviteCode) || !str(d.link) || !int(d.level1Count) || !int(d.level2Count)) return null;
  const rates = d.rates;
  if (!isRecord(rates) || !str(rates.level1) || !DECIMAL.test(rates.level1) || !str(rates.level2) || !DECIMAL.test(rates.level2)) return null;
  if (!Array.isArray(d.earned)) return null;
  const earned: InviteInfo['earned'] = [];
  for (const e of d.earned) {
    if (!isRecord(e) || !str(e.asset) || !str(e.amount) || !DECIMAL.test(e.amount)) return null;
    earned.push({ asset: e.asset, amount: e.amount });
  }
  // The link must be this site's sign-up path: nothing else is put in front of the origin.
  if (!d.link.startsWith('/register?')) return null;
  return { inviteCode: d.inviteCode, link: d.link, level1Count: d.level1Count, level2Count: d.level2Count, rates: { level1: rates.level1, level2: rates.level2 }, earned };
};

function pageOf<T>(item: (d: unknown) => T | null): Parser<Page<T>> {
  return (d) => {
    if (!isRecord(d) || !Array.isArray(d.list) || !int(d.total) || !int(d.pageIndex) || !int(d.pageSize)) return null;
    const list = d.list.map(item);
    if (!list.every((x): x is T => x !== null)) return null;
    return { list, total: d.total, pageIndex: d.pageIndex, pageSize: d.pageSize };
  };
}

export const parseInviteRecords = pageOf<InviteRecordItem>((d) =>
  isRecord(d) && str(d.account) && isLevel(d.level) && int(d.time) ? { account: d.account, level: d.level, time: d.time } : null,
);

export const parseInviteCommissions = pageOf<InviteCommissionItem>((d) =>
  isRecord(d) && str(d.day) && DAY.test(d.day) && isLevel(d.level) && str(d.asset) && str(d.amount) && DECIMAL.test(d.amount) && int(d.time)
    ? { day: d.day, level: d.level, asset: d.asset, amount: d.amount, time: d.time }
    : null,
);

export const fetchInviteInfo = (options?: CallOptions): Promise<InviteInfo> => api.get(INVITE_API.info, parseInviteInfo, undefined, options);

export const fetchInviteRecords = (level: InviteLevel, req: Required<PagedRequest>, options?: CallOptions): Promise<Page<InviteRecordItem>> =>
  api.get(INVITE_API.records, parseInviteRecords, { level, pageIndex: req.pageIndex, pageSize: req.pageSize }, options);

export const fetchInviteCommissions = (req: Required<PagedRequest>, options?: CallOptions): Promise<Page<InviteCommissionItem>> =>
  api.get(INVITE_API.commissions, parseInviteCommissions, { pageIndex: req.pageIndex, pageSize: req.pageSize }, options);

/** The poster PNG in the app's language; a refusal (an envelope) becomes an ApiError. */
export async function fetchInvitePoster(signal?: AbortSignal): Promise<Blob> {
  const response = await api.http.get(INVITE_API.poster, signal ? { signal } : {});
  if (response.ok && response.headers.get('content-type') === 'image/png') return response.blob();
  const envelope = parseEnvelope(await response.json().catch(() => null));
  throw new ApiError(envelope?.code ?? 'client.reply', envelope?.msg ?? '', envelope?.data ?? null);
}
