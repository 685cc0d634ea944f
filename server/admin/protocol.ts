// The admin channel's wire protocol: one request per connection, one line of JSON each way, over a Unix domain
// socket (channel.ts). Both ends check what they read against these TypeBox schemas before using it, and the
// sizes are bounded, so a confused or hostile local peer gets a clear refusal and changes nothing.
//
// Request:  {"v":1,"token":"…","id":"<request id>","store":"<store identity>","operator":"alice",
//            "command":"balance credit","args":{"email":"a@example.com","asset":"USDT","amount":"5"},"reason":"…"}
// Answer:   {"v":1,"id":"…","ok":true,"data":…,"text":"…","replayed":false}
//        or {"v":1,"id":"…"|null,"ok":false,"error":{"kind":"usage"|"failed"|"auth"|"protocol"|"store"|"internal","message":"…"}}
import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { CONTENT_LIMITS, FEEDBACK_LIMITS } from '../contract/content.ts';

export const ADMIN_PROTOCOL_VERSION = 1;
/**
 * Largest request line the server reads (bytes, newline included); a longer one is refused unread. An article's body
 * (`content save`) is up to CONTENT_LIMITS.body characters, each at most 6 bytes once JSON-escaped (`\u2028`, a lone
 * surrogate; CJK is 3, astral 4 for two characters): 600 KB, with its title, summary, reason and the rest well
 * within 1 MiB.
 */
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** Largest answer line the client reads (a long market list, cancel-all or order list fits easily). */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** A connection that has not sent its whole request by then is dropped. */
export const REQUEST_READ_TIMEOUT_MS = 10_000;

/** Commands the channel takes; every one but the reads (READ_COMMANDS) changes state, needs a reason and is audited. */
export const CHANNEL_COMMANDS = [
  'balance credit',
  'balance debit',
  'balance freeze',
  'balance unfreeze',
  'balance lock',
  'balance unlock',
  'market list',
  'market open',
  'market close',
  'market maintenance',
  'order cancel-all',
  'order list',
  'user freeze',
  'user unfreeze',
  'session revoke',
  'perp insurance fund',
  'perp positions',
  'seconds config list',
  'seconds config set',
  'seconds exposure list',
  'seconds exposure set',
  'seconds house',
  'seconds house credit',
  'seconds house debit',
  'seconds settings',
  'seconds settings set',
  // issue 21: real-name verification (admin/identity.ts), invitations (admin/invite.ts), security (admin/security.ts, admin/twofactor.ts)
  'kyc list',
  'kyc view',
  'kyc approve',
  'kyc reject',
  'invite rates',
  'invite rates set',
  'invite commissions',
  'invite commissions run',
  'invite verify',
  'user security',
  'user totp reset',
  // issue 22: withdrawals' review and the chain's state (admin/wallet.ts), the liabilities snapshots (admin/reserves.ts)
  'withdrawal list',
  'withdrawal approve',
  'withdrawal reject',
  'deposit list',
  'wallet status',
  'reserves snapshot',
  'reserves list',
  // issue 23: wealth products and mining pools, their treasury, orders and payments (admin/earn.ts)
  'earn product list',
  'earn product add',
  'earn product set',
  'earn treasury',
  'earn treasury credit',
  'earn treasury debit',
  'earn orders',
  'earn run',
  // issue 24: quantitative bots (admin/quant.ts)
  'quant list',
  'quant stop',
  'quant config',
  'quant config set',
  // issue 25: published content (admin/content.ts) and the feedback inbox (admin/feedback.ts)
  'content list',
  'content view',
  'content save',
  'content publish',
  'content unpublish',
  'content pin',
  'content unpin',
  'content delete',
  'feedback list',
  'feedback reply',
  'feedback close',
  // issue 25: the four-eyes thresholds (admin/ops-commands.ts) and the fee rate table (admin/fees.ts)
  'approval threshold',
  'approval threshold set',
  'fees show',
  'fees set',
  // the exchange's settings (admin/settings.ts)
  'settings',
  'settings set',
] as const;
export type ChannelCommand = (typeof CHANNEL_COMMANDS)[number];

/** Commands that only read: no reason, no audit row, and answered from the store when no server runs. */
export const READ_COMMANDS: readonly ChannelCommand[] = [
  'market list', 'order list', 'perp positions', 'seconds config list', 'seconds exposure list', 'seconds house', 'seconds settings',
  'kyc list', 'kyc view', 'invite rates', 'invite commissions', 'invite verify', 'user security',
  'withdrawal list', 'deposit list', 'wallet status', 'reserves list',
  'earn product list', 'earn treasury', 'earn orders',
  'quant list', 'quant config',
  'approval threshold', 'fees show', 'settings',
  'content list', 'content view', 'feedback list',
];

export const isChannelCommand = (name: string): name is ChannelCommand => (CHANNEL_COMMANDS as readonly string[]).includes(name);
export const changesState = (command: ChannelCommand): boolean => !READ_COMMANDS.includes(command);

/** Request ids: what the operator tool generates (a UUID) or the operator passes with --request-id. */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9._:-]{8,64}$';

/** Text without control characters (a NUL is not even storable in PostgreSQL's text). */
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]+$' });
/** Text of several lines (tabs and line breaks allowed, no other control character): an article's Markdown, a reply. */
const Lines = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]+$' });

export const AdminArgsSchema = Type.Object(
  {
    email: Type.Optional(Text(320)),
    phone: Type.Optional(Text(32)),
    asset: Type.Optional(Text(16)),
    amount: Type.Optional(Text(64)),
    account: Type.Optional(Text(16)),
    memo: Type.Optional(Text(200)),
    symbol: Type.Optional(Text(32)),
    // Seconds contracts (server/admin/seconds.ts): a row of the duration table, an exposure limit's direction.
    duration: Type.Optional(Text(16)),
    payout: Type.Optional(Text(32)),
    loss: Type.Optional(Text(32)),
    min: Type.Optional(Text(32)),
    max: Type.Optional(Text(32)),
    fee: Type.Optional(Text(32)),
    enabled: Type.Optional(Text(8)),
    direction: Type.Optional(Text(8)),
    // seconds settings set: the timed orders' horizon (seconds) and how many one user may hold (--amount: their stakes).
    horizon: Type.Optional(Text(16)),
    orders: Type.Optional(Text(16)),
    // issue 21: a submission's id (kyc view|approve|reject), a state to list (kyc list --status), how many (--limit),
    // a folder the CLI writes a submission's photos to (kyc view --out); the commission rates (invite rates set
    // --level1 --level2, fractions such as 0.2) and a UTC day (invite commissions|verify --day YYYY-MM-DD).
    id: Type.Optional(Text(32)),
    status: Type.Optional(Text(16)),
    limit: Type.Optional(Text(8)),
    out: Type.Optional(Text(1024)),
    level1: Type.Optional(Text(16)),
    level2: Type.Optional(Text(16)),
    day: Type.Optional(Text(16)),
    // issue 22: a wallet network (ETH, BTC) for withdrawal|deposit list.
    network: Type.Optional(Text(16)),
    // issue 23 (admin/earn.ts): a product's kind (wealth, mining), name, income coin, term (days), rate (a fraction),
    // quota, income release and principal return (daily, end), place in the list; `all` (the --all switch: "true").
    // (16: also an article's kind, issue 25)
    kind: Type.Optional(Text(16)),
    name: Type.Optional(Text(64)),
    incomeAsset: Type.Optional(Text(16)),
    term: Type.Optional(Text(8)),
    rate: Type.Optional(Text(32)),
    quota: Type.Optional(Text(64)),
    release: Type.Optional(Text(8)),
    rebate: Type.Optional(Text(8)),
    sort: Type.Optional(Text(12)),
    all: Type.Optional(Text(8)),
    // issue 25 (admin/content.ts, admin/feedback.ts): an article's help category or information section, a page's
    // slug, the language written, its title, summary (may be empty: made from the body) and Markdown body (--body,
    // or --file read by the CLI), the revision edited, a scheduled publish time (--at), and a reply to feedback.
    category: Type.Optional(Text(32)),
    slug: Type.Optional(Text(32)),
    locale: Type.Optional(Text(8)),
    title: Type.Optional(Text(CONTENT_LIMITS.title)),
    summary: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.summary, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
    body: Type.Optional(Lines(CONTENT_LIMITS.body)),
    revision: Type.Optional(Text(12)),
    at: Type.Optional(Text(40)),
    text: Type.Optional(Lines(FEEDBACK_LIMITS.reply)),
    // `fees set`: the fee rate table as JSON (the CLI reads --file; the console sends the text).
    table: Type.Optional(Lines(64 * 1024)),
    // `settings set`: a setting's key and value.
    key: Type.Optional(Text(32)),
    value: Type.Optional(Type.String({ maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
  },
  { additionalProperties: false },
);
export type AdminArgs = Static<typeof AdminArgsSchema>;

export const AdminRequestSchema = Type.Object(
  {
    v: Type.Literal(ADMIN_PROTOCOL_VERSION),
    token: Text(256),
    id: Type.String({ pattern: REQUEST_ID_PATTERN }),
    store: Text(128),
    operator: Text(64),
    command: Type.Enum(CHANNEL_COMMANDS),
    args: AdminArgsSchema,
    reason: Type.Optional(Type.String({ maxLength: 500, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
  },
  { additionalProperties: false },
);
export type AdminWireRequest = Static<typeof AdminRequestSchema>;

export const ERROR_KINDS = ['usage', 'failed', 'auth', 'protocol', 'store', 'internal'] as const;
export type AdminErrorKind = (typeof ERROR_KINDS)[number];

export const AdminAnswerSchema = Type.Union([
  Type.Object({
    v: Type.Literal(ADMIN_PROTOCOL_VERSION),
    id: Type.String(),
    ok: Type.Literal(true),
    data: Type.Unknown(),
    text: Type.String(),
    replayed: Type.Boolean(),
  }),
  Type.Object({
    v: Type.Literal(ADMIN_PROTOCOL_VERSION),
    id: Type.Union([Type.String(), Type.Null()]),
    ok: Type.Literal(false),
    error: Type.Object({ kind: Type.Enum(ERROR_KINDS), message: Type.String() }),
  }),
]);
export type AdminAnswer = Static<typeof AdminAnswerSchema>;

const requestCheck = Compile(AdminRequestSchema);
const answerCheck = Compile(AdminAnswerSchema);

/** The first thing wrong with a request, in words, or null when it is well-formed. */
function firstProblem(check: typeof requestCheck | typeof answerCheck, value: unknown): string | null {
  if (check.Check(value)) return null;
  const e = check.Errors(value)[0];
  if (e === undefined) return 'invalid';
  const where = e.instancePath === '' ? 'the request' : e.instancePath.slice(1).replaceAll('/', '.');
  return `${where}: ${e.message}`;
}

export function parseRequest(value: unknown): { ok: true; request: AdminWireRequest } | { ok: false; problem: string } {
  const problem = firstProblem(requestCheck, value);
  return problem === null ? { ok: true, request: value as AdminWireRequest } : { ok: false, problem };
}

export function parseAnswer(value: unknown): { ok: true; answer: AdminAnswer } | { ok: false; problem: string } {
  const problem = firstProblem(answerCheck, value);
  return problem === null ? { ok: true, answer: value as AdminAnswer } : { ok: false, problem };
}
