// Shape checks for the console's replies: every `data` the console reads passes one of these first, so nothing typed
// past the edge is unchecked. Small combinators (a field parser returns FAIL on a wrong shape); `parser()` turns one
// into the client's Parser (null on a wrong shape).
import type {
  AssetRecordItem, OpsApprovalItem, OpsArticleDetail, OpsArticleItem, OpsAuditItem, OpsBalanceRow, OpsCapability, OpsCommandResult,
  OpsDeskHealth, OpsFeedbackItem, OpsHealth, OpsMe, OpsOrderRow, OpsPositionRow, OpsSecondsRow, OpsSessionRow, OpsUserDetail, OpsUserItem, Page,
} from '../contract.ts';
import { OPS_CAPABILITIES, OPS_ROLES } from '../contract.ts';

export const FAIL: unique symbol = Symbol('fail');
export type P<T> = (v: unknown) => T | typeof FAIL;
export type Parser<T> = (data: unknown) => T | null;

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str: P<string> = (v) => (typeof v === 'string' ? v : FAIL);
export const num: P<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL);
export const bool: P<boolean> = (v) => (typeof v === 'boolean' ? v : FAIL);
/** A decimal the server may send as text or as a plain number: kept as text (money is never a float here). */
export const dec: P<string> = (v) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : FAIL);
export const nullable = <T>(p: P<T>): P<T | null> => (v) => (v === null || v === undefined ? null : p(v));
/** A field that may be missing: undefined then. */
export const optional = <T>(p: P<T>): P<T | undefined> => (v) => (v === undefined ? undefined : p(v));
export const oneOf = <T extends string>(list: readonly T[]): P<T> => (v) => (typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : FAIL);
export const withDefault = <T>(p: P<T>, fallback: T): P<T> => (v) => {
  if (v === undefined || v === null) return fallback;
  return p(v);
};

export function arr<T>(p: P<T>): P<T[]> {
  return (v) => {
    if (!Array.isArray(v)) return FAIL;
    const out: T[] = [];
    for (const item of v) {
      const parsed = p(item);
      if (parsed === FAIL) return FAIL;
      out.push(parsed);
    }
    return out;
  };
}

type Shape = Record<string, P<unknown>>;
type Out<S extends Shape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, typeof FAIL> };

export function obj<S extends Shape>(shape: S): P<Out<S>> {
  return (v) => {
    if (!isRecord(v)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const [key, p] of Object.entries(shape)) {
      const parsed = p(v[key]);
      if (parsed === FAIL) return FAIL;
      if (parsed !== undefined) out[key] = parsed;
    }
    return out as Out<S>;
  };
}

/** Text-valued record (a command's args). */
export const textRecord: P<Record<string, string>> = (v) => {
  if (!isRecord(v)) return FAIL;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== 'string') return FAIL;
    out[k] = x;
  }
  return out;
};

export const parser = <T>(p: P<T>): Parser<T> => (data) => {
  const parsed = p(data);
  return parsed === FAIL ? null : parsed;
};

/** For replies whose data the console does not read. */
export const ignore: Parser<true> = () => true;

export function page<T>(item: P<T>): P<Page<T>> {
  return obj({ list: arr(item), total: num, pageIndex: num, pageSize: num });
}

// ---- the console's own replies ----

export const opsMe: P<OpsMe> = obj({
  name: str,
  role: oneOf(OPS_ROLES),
  // A capability this build does not know (a newer server) is dropped, not a reason to refuse the sign-in.
  capabilities: (v) => (Array.isArray(v) ? v.filter((c): c is OpsCapability => (OPS_CAPABILITIES as readonly string[]).includes(c as string)) : FAIL),
  expiresAt: num,
});

export const approvalItem: P<OpsApprovalItem> = obj({
  id: num,
  command: str,
  args: textRecord,
  summary: str,
  reason: str,
  requestedBy: str,
  requestedAt: num,
  status: oneOf(['pending', 'approved', 'rejected', 'failed'] as const),
  decidedBy: nullable(str),
  decidedAt: nullable(num),
  decisionReason: nullable(str),
  outcome: nullable(str),
});

export const commandResult: P<OpsCommandResult> = (v) => {
  const base = obj({ text: withDefault(str, ''), replayed: withDefault(bool, false), approval: optional(nullable(approvalItem)) })(v);
  if (base === FAIL || !isRecord(v)) return FAIL;
  const result: OpsCommandResult = { data: v.data ?? null, text: base.text, replayed: base.replayed };
  if (base.approval) result.approval = base.approval;
  return result;
};

export const userItem: P<OpsUserItem> = obj({
  id: num,
  email: nullable(str),
  phone: nullable(str),
  nickname: nullable(str),
  createdAt: num,
  frozen: bool,
  realName: withDefault(oneOf(['none', 'pending', 'failed', 'certified'] as const), 'none'),
  inviteCode: nullable(str),
});

const balanceRow: P<OpsBalanceRow> = obj({ account: str, asset: str, available: dec, frozen: withDefault(dec, '0'), locked: withDefault(dec, '0') });
const sessionRow: P<OpsSessionRow> = obj({ id: num, createdAt: num, lastSeenAt: nullable(num), expiresAt: num, ip: nullable(str), userAgent: nullable(str) });
const orderRow: P<OpsOrderRow> = obj({
  market: oneOf(['spot', 'contract'] as const), id: (v) => (typeof v === 'number' ? String(v) : str(v)), symbol: str, side: str, type: str,
  price: nullable(dec), amount: dec, filled: dec, status: str, createdAt: num, botId: optional(nullable(num)),
});
const positionRow: P<OpsPositionRow> = obj({
  symbol: str, side: str, size: dec, entryPrice: dec, markPrice: withDefault(dec, '-'), leverage: num, marginType: str, margin: dec,
  unrealizedPnl: dec, liquidationPrice: nullable(dec),
});
const secondsRow: P<OpsSecondsRow> = obj({
  id: num, symbol: str, direction: str, amount: dec, duration: num, status: str, openPrice: nullable(dec), closePrice: nullable(dec),
  payout: nullable(dec), createdAt: num, settleAt: nullable(num),
});
const kycRow = obj({ id: num, status: str, name: str, docType: str, submittedAt: num, reason: nullable(str) });

export const userDetail: P<OpsUserDetail> = obj({
  user: (v) => {
    const base = userItem(v);
    if (base === FAIL || !isRecord(v)) return FAIL;
    const more = obj({
      lastLoginAt: nullable(num), twoFactor: withDefault(bool, false), fundPassword: withDefault(bool, false), locale: nullable(str), invitedBy: nullable(num),
    })(v);
    return more === FAIL ? FAIL : { ...base, ...more };
  },
  balances: withDefault(arr(balanceRow), []),
  positions: withDefault(arr(positionRow), []),
  orders: withDefault(arr(orderRow), []),
  seconds: withDefault(arr(secondsRow), []),
  sessions: withDefault(arr(sessionRow), []),
  kyc: withDefault(arr(kycRow), []),
});

export const recordItem: P<AssetRecordItem> = (v) => {
  const r = obj({ id: num, account: str, asset: str, type: str, amount: dec, frozen: withDefault(dec, '0'), ref: withDefault(str, ''), symbol: nullable(str), time: num })(v);
  // The account and type lists are the app contract's; a value this build does not know is still shown as sent.
  return r === FAIL ? FAIL : (r as AssetRecordItem);
};

export const auditItem: P<OpsAuditItem> = obj({
  id: num, requestId: str, operator: str, via: str, command: str, line: str, reason: nullable(str), status: str, result: nullable(str),
  createdAt: num, completedAt: nullable(num),
});

const deskHealth: P<OpsDeskHealth> = obj({
  desk: str, running: bool, queue: num, commitP50Ms: nullable(num), commitP99Ms: nullable(num), batchesPerMinute: withDefault(num, 0),
});

export const health: P<OpsHealth> = obj({
  at: num,
  uptimeMs: num,
  store: obj({ dialect: oneOf(['sqlite', 'postgres'] as const), ok: bool, latencyMs: num, sizeBytes: nullable(num) }),
  desks: arr(deskHealth),
  sockets: obj({ open: num, subscriptions: withDefault(num, 0) }),
  priceRecord: obj({ head: nullable(num), headAt: nullable(num), lagMs: nullable(num) }),
  jobs: withDefault(arr(obj({ name: str, lastRunAt: nullable(num), ok: bool })), []),
});

const ARTICLE_KINDS = ['announcement', 'help', 'information', 'page'] as const;
const articleFields = {
  id: num,
  kind: oneOf(ARTICLE_KINDS),
  category: nullable(str),
  slug: nullable(str),
  status: oneOf(['draft', 'published', 'unpublished'] as const),
  pinned: bool,
  publishAt: nullable(num),
  title: str,
  locales: arr(str),
  revision: num,
  updatedAt: num,
  updatedBy: str,
};
export const articleItem: P<OpsArticleItem> = obj(articleFields);
export const articleDetail: P<OpsArticleDetail> = obj({
  ...articleFields,
  texts: arr(obj({ locale: str, title: str, summary: withDefault(str, ''), markdown: str, html: withDefault(str, '') })),
});

export const feedbackItem: P<OpsFeedbackItem> = obj({
  id: num, userId: num, account: str, topic: str, body: str, contact: nullable(str), screenshot: nullable(str), locale: str,
  status: oneOf(['open', 'replied', 'closed'] as const), createdAt: num, reply: nullable(str), repliedAt: nullable(num), repliedBy: nullable(str),
});

export const preview: P<{ html: string }> = obj({ html: str });
