// The operator console (issue 25): its API's paths and shapes, the roles and what each may do (pure: no Node
// imports). The console is its own web app (src/ops/) served with this API on its own listener (OPS_PORT, bound to
// 127.0.0.1 by default), never on the public port. Operators are not users: their own accounts (made with the CLI:
// `npm run admin -- operator add`), password and TOTP both required to sign in, one role each.
//
// One catalogue of operator commands, two faces: every change the console makes is a command of the admin
// executor (server/admin/commands.ts) that the CLI runs too, with its reason, request id and audit row; the console
// adds its operator's name and the role check. Reads of a whole screen (a user's detail, the health page) have their
// own GET paths. Replies use the app's envelope ({code, msg, data}); a console session is an HttpOnly, SameSite=Strict
// cookie, and every POST must carry the header `x-ops-request: 1` (a cross-site form cannot set it).
//
// Four eyes: a balance credit (and a house/treasury/insurance credit) or a withdrawal approval whose amount is over
// the threshold the operators set for its asset (`approval threshold set`) is not run: it becomes a pending approval
// that a different operator, holding the capability the command needs, approves (then it runs, once) or rejects.

export const OPS_API = '/ops/api';

export const OPS_PATHS = {
  /** POST { name, password, totp } → OpsMe (sets the session cookie). */
  login: '/ops/api/login',
  /** POST → null (ends this session). */
  logout: '/ops/api/logout',
  /** GET → OpsMe. */
  me: '/ops/api/me',
  /** POST OpsCommandRequest → OpsCommandResult. Reads of the catalogue too (they need no reason). */
  command: '/ops/api/command',
  /** GET { q, pageIndex, pageSize } → Page<OpsUserItem>: by id, e-mail, phone, nickname or invite code (part of). */
  users: '/ops/api/users',
  /** GET { id } → OpsUserDetail. */
  user: '/ops/api/user',
  /** GET { id, pageIndex, pageSize } → Page<AssetRecordItem>: the user's records, newest first. */
  userRecords: '/ops/api/user/records',
  /** GET { submission, kind: front|back|hand } → the identity photo (image/jpeg). Reviewer, admin, support. */
  kycPhoto: '/ops/api/kyc/photo',
  /** GET { status: pending|approved|rejected|all } → OpsApprovalItem[] (newest first, 200 at most). */
  approvals: '/ops/api/approvals',
  /** POST { id, approve, reason } → OpsApprovalItem (approved: run, with its outcome). */
  approvalDecide: '/ops/api/approvals/decide',
  /** GET { operator?, command?, from?, to?, pageIndex, pageSize } → Page<OpsAuditItem>. */
  audit: '/ops/api/audit',
  /** GET, same filters → text/csv of every matching row (RFC 4180). */
  auditCsv: '/ops/api/audit.csv',
  /** GET → OpsHealth. */
  health: '/ops/api/health',
  /** GET { kind?, status? } → OpsArticleItem[] (drafts included). */
  contentList: '/ops/api/content',
  /** GET { id } → OpsArticleDetail (every language's Markdown). */
  contentArticle: '/ops/api/content/article',
  /** POST { markdown } → { html } as the server would store it. */
  contentPreview: '/ops/api/content/preview',
  /** GET { status: open|replied|closed|all, pageIndex, pageSize } → Page<OpsFeedbackItem>. */
  feedback: '/ops/api/feedback',
  /** GET { id } → the screenshot (image/jpeg). */
  feedbackScreenshot: '/ops/api/feedback/screenshot',
} as const;

/** The header every console POST carries (CSRF: a cross-site form can't set it, and a fetch with it needs CORS). */
export const OPS_REQUEST_HEADER = 'x-ops-request';
export const OPS_SESSION_COOKIE = 'ops_session';

export const OPS_ROLES = ['admin', 'support', 'reviewer', 'editor'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** What a role may do. A command needs one capability (opsCapabilityOf); the console hides what a role can't do. */
export const OPS_CAPABILITIES = [
  'users.read', // search users, a user's detail and records
  'users.manage', // freeze/unfreeze, sign out everywhere, cancel orders, reset a user's TOTP
  'funds.adjust', // credit, debit, freeze, unfreeze, lock, unlock balances; house, treasury, insurance funds
  'kyc.review', // identity queue: approve, reject
  'withdrawals.review', // withdrawal queue: approve, reject
  'markets.manage', // markets, seconds table and limits, earn products, quant minimums, fee levels, invite rates, thresholds
  'content.edit', // write and save drafts
  'content.publish', // publish, unpublish, pin, schedule
  'feedback.reply', // answer the inbox
  'audit.read', // the audit log and its CSV
  'health.read', // the health page
] as const;
export type OpsCapability = (typeof OPS_CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Readonly<Record<OpsRole, readonly OpsCapability[]>> = {
  admin: OPS_CAPABILITIES,
  support: ['users.read', 'users.manage', 'feedback.reply', 'audit.read', 'health.read'],
  reviewer: ['users.read', 'kyc.review', 'withdrawals.review', 'health.read'],
  editor: ['content.edit', 'content.publish', 'feedback.reply', 'health.read'],
};

export const hasCapability = (role: OpsRole, capability: OpsCapability): boolean => ROLE_CAPABILITIES[role].includes(capability);

export interface OpsLoginRequest {
  name: string;
  password: string;
  /** The authenticator's 6-digit code. */
  totp: string;
}

export interface OpsMe {
  name: string;
  role: OpsRole;
  capabilities: OpsCapability[];
  /** The session's end (Unix ms). */
  expiresAt: number;
}

export interface OpsCommandRequest {
  /** A command of the catalogue, as the CLI names it: 'balance credit', 'kyc approve', 'content publish', … */
  command: string;
  /** The command's arguments as the CLI takes them (--email → email), all text. */
  args: Record<string, string>;
  /** Required for every command that changes something. */
  reason?: string;
  /** The console makes one per submit (a UUID); a retry of a lost answer sends the same and is answered once. */
  requestId: string;
}

export interface OpsCommandResult {
  /** The command's data, as the CLI's --json prints it. */
  data: unknown;
  /** The command's answer as the CLI prints it. */
  text: string;
  replayed: boolean;
  /** Set when the command went over a threshold: it did not run, it waits for a second operator. */
  approval?: OpsApprovalItem;
}

export type OpsApprovalStatus = 'pending' | 'approved' | 'rejected' | 'failed';
export interface OpsApprovalItem {
  id: number;
  command: string;
  args: Record<string, string>;
  /** One line: "credit 50000 USDT to a@example.com (coin)". */
  summary: string;
  reason: string;
  requestedBy: string;
  requestedAt: number;
  status: OpsApprovalStatus;
  decidedBy: string | null;
  decidedAt: number | null;
  decisionReason: string | null;
  /** The command's answer once run (approved), or why it failed. */
  outcome: string | null;
}

export interface OpsUserItem {
  id: number;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  createdAt: number;
  frozen: boolean;
  realName: 'none' | 'pending' | 'failed' | 'certified';
  inviteCode: string | null;
}

export interface OpsBalanceRow {
  /** coin | contract | earn | seconds … (the wallet, the spec's account). */
  account: string;
  asset: string;
  available: string;
  frozen: string;
  locked: string;
}

export interface OpsSessionRow {
  id: number;
  createdAt: number;
  lastSeenAt: number | null;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

export interface OpsOrderRow {
  /** spot | contract */
  market: 'spot' | 'contract';
  id: string;
  symbol: string;
  side: string;
  type: string;
  price: string | null;
  amount: string;
  filled: string;
  status: string;
  createdAt: number;
  botId?: number | null;
}

export interface OpsPositionRow {
  symbol: string;
  side: string;
  size: string;
  entryPrice: string;
  markPrice: string;
  leverage: number;
  marginType: string;
  margin: string;
  unrealizedPnl: string;
  liquidationPrice: string | null;
}

export interface OpsSecondsRow {
  id: number;
  symbol: string;
  direction: string;
  amount: string;
  duration: number;
  status: string;
  openPrice: string | null;
  closePrice: string | null;
  payout: string | null;
  createdAt: number;
  settleAt: number | null;
}

export interface OpsUserDetail {
  user: OpsUserItem & {
    lastLoginAt: number | null;
    twoFactor: boolean;
    fundPassword: boolean;
    locale: string | null;
    invitedBy: number | null;
  };
  balances: OpsBalanceRow[];
  positions: OpsPositionRow[];
  /** Open orders first, then the latest 50 of the rest. */
  orders: OpsOrderRow[];
  seconds: OpsSecondsRow[];
  sessions: OpsSessionRow[];
  /** The identity submissions, newest first (ids for `kyc view`, photos by OPS_PATHS.kycPhoto). */
  kyc: Array<{ id: number; status: string; name: string; docType: string; submittedAt: number; reason: string | null }>;
}

export interface OpsAuditItem {
  id: number;
  requestId: string;
  operator: string;
  /** console | channel | store (how the command came in). */
  via: string;
  command: string;
  /** The command as typed: `balance credit --email … --amount 5`. */
  line: string;
  reason: string | null;
  status: string;
  result: string | null;
  createdAt: number;
  completedAt: number | null;
}

export interface OpsDeskHealth {
  /** spot | perp | seconds | earn | coin … */
  desk: string;
  running: boolean;
  /** Commands waiting to be applied. */
  queue: number;
  /** Commit latency of the last minute's batches, ms (null: no batch). */
  commitP50Ms: number | null;
  commitP99Ms: number | null;
  /** Batches committed in the last minute. */
  batchesPerMinute: number;
}

export interface OpsHealth {
  at: number;
  uptimeMs: number;
  store: { dialect: 'sqlite' | 'postgres'; ok: boolean; latencyMs: number; sizeBytes: number | null };
  desks: OpsDeskHealth[];
  sockets: { open: number; subscriptions: number };
  priceRecord: { head: number | null; headAt: number | null; lagMs: number | null };
  jobs: Array<{ name: string; lastRunAt: number | null; ok: boolean }>;
}

export interface OpsArticleItem {
  id: number;
  kind: 'announcement' | 'help' | 'information' | 'page';
  category: string | null;
  slug: string | null;
  status: 'draft' | 'published' | 'unpublished';
  pinned: boolean;
  publishAt: number | null;
  /** The English title (or the first language's). */
  title: string;
  locales: string[];
  revision: number;
  updatedAt: number;
  updatedBy: string;
}

export interface OpsArticleDetail extends OpsArticleItem {
  texts: Array<{ locale: string; title: string; summary: string; markdown: string; html: string }>;
}

export interface OpsFeedbackItem {
  id: number;
  userId: number;
  account: string;
  topic: string;
  body: string;
  contact: string | null;
  screenshot: string | null;
  locale: string;
  status: 'open' | 'replied' | 'closed';
  createdAt: number;
  reply: string | null;
  repliedAt: number | null;
  repliedBy: string | null;
}

/**
 * The console's own refusals (the envelope's `code`, besides the app's `success`, `request.invalid`,
 * `request.not.found` and `system.error`); msg is in the operator's language (locales/<locale>/server.po). Where a
 * catalogue command refused, data.message has its words (English, as the CLI prints them).
 */
export const OPS_ERROR_CODES = [
  /** No live console session (never signed in, signed out, expired, revoked, the operator disabled): 401. */
  'ops.session.required',
  /** The operator's role lacks what the request needs: 403. */
  'ops.forbidden',
  /** A POST without the `x-ops-request: 1` header: 403. */
  'ops.request.header',
  /** Wrong name, password or code, a code used already, or a disabled operator (one answer for all): 401. */
  'ops.login.failed',
  /** Too many failed sign-ins: data.retryAfter (seconds): 429. */
  'ops.login.locked',
  /** Not a command of the catalogue: 400. */
  'ops.command.unknown',
  /** The command's arguments are wrong (data.message): 400. */
  'ops.command.usage',
  /** A change without a reason: 400. */
  'ops.reason.required',
  /** The command ran and was refused or failed (data.message): 422. */
  'ops.command.failed',
  /** No such approval: 404. */
  'ops.approval.not.found',
  /** An operator can't decide their own request: 403. */
  'ops.approval.self',
  /** The approval was decided already: 409. */
  'ops.approval.decided',
  /** No such user, submission or photo: 404. */
  'ops.not.found',
] as const;
export type OpsErrorCode = (typeof OPS_ERROR_CODES)[number];
