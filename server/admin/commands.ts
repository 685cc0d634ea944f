// What an operator can do to a running exchange, and the audit trail of it. One executor serves both ways in:
// the server's admin channel (channel.ts: the command runs through the server's own desks, in sequence with the
// users' commands, effective at once) and the CLI when no server runs (it opens the one desk it needs, under the
// desk's lease, for the one command). Same checks, same texts, same audit rows either way.
//
// Audit and exactly-once. Every state-changing command carries a request id (the CLI makes a UUID; an operator
// repeating a command whose answer was lost passes the same one with --request-id) and a reason. The executor
// writes the audit row (operator, time from the clock, command, arguments, reason; status pending) durably BEFORE
// acting, and completes it (done or failed, with the result) durably BEFORE answering. A balance adjustment's
// journal entry carries the request id in its reference (`admin:<memo>#<id>`), in the desk's own transaction, and
// the desk refuses to apply an id it has journalled (FundsDesk.adjustOnce). The audit row is not written inside the
// desk's transaction: a desk commits a whole group of users' commands at once through store.commitDesk (on SQLite
// on the writer thread), and carrying operator rows through that hot path would widen every commit's shape for a
// few rows a day. The two rows around the command plus the id in the journal give the same guarantees: no effect
// without an intent row, no answer without an outcome row, and a crash in between leaves a pending row that the
// next start (reconcile) or a repeat of the request settles from the journal, never by applying twice. An operator's
// contribution to the insurance fund is journalled the same way by the perp desk (PerpDesk.fundInsurance, reason
// admin.insurance), and so are the seconds house's and the earn treasury's credits and debits (admin/seconds.ts,
// admin/earn.ts). Market flags, freezes and session revocations are idempotent by nature; a repeated cancel-all
// cancels what is open then. The perp commands (perp.ts) only fund the insurance fund and read: none chooses a
// user's outcome (no forced liquidation, no position edits).
import type { Clock } from '../clock.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import { normalizeAccount } from '../contract/validate.ts';
import { adminRef, DeskUnavailableError, type Desks, type EarnFace, type FundsDesk, type FundsFace, type MarketStatus, type OrderView, type PerpDesk, type PerpFace, type Reply, type SecondsFace, type SpotDesk, type SpotFace } from '../desks/index.ts';
import type { OpenPositionRisk } from '../desks/perp/desk.ts';
import type { AdjustAction } from '../desks/funds.ts';
import { formatDecimal, WALLETS, type Wallet } from '../kernel/index.ts';
import type { AuditEntry, AuditVia } from '../store/audit.ts';
import type { Store } from '../store/index.ts';
import { OPEN_STATUSES } from '../store/spot.ts';
import type { UserRow } from '../store/users.ts';
import { fundedOutcome, INSURANCE_MEMO, perpSymbols, positionsOutcome, type PositionFilter } from './perp.ts';
import { changesState, type AdminArgs, type ChannelCommand } from './protocol.ts';
import { HOUSE_MEMO, isSecondsCommand, planSeconds } from './seconds.ts';
import type { SecondsDesk } from '../desks/seconds/desk.ts';
import { orderView } from '../desks/views.ts';
import { isIdentityCommand, planIdentity } from './identity.ts';
import { isInviteCommand, planInvite } from './invite.ts';
import { isSecurityCommand, planSecurity } from './security.ts';
import { isTwoFactorCommand, planTwoFactor } from './twofactor.ts';
import { isWalletCommand, planWallet } from './wallet.ts';
import { isReservesCommand, planReserves } from './reserves.ts';
import { isEarnCommand, planEarn, TREASURY_MEMO } from './earn.ts';
import { isQuantCommand, planQuant } from './quant.ts';
import { isContentCommand, planContent } from './content.ts';
import { isFeedbackCommand, planFeedback } from './feedback.ts';
import { isOpsCommand, planOps } from './ops-commands.ts';
import { isFeesCommand, planFees } from './fees.ts';
import { isSettingsCommand, planSettings } from './settings.ts';

/** usage: the request is malformed (the CLI exits 2); failed: understood but not done (exit 1). */
export class AdminError extends Error {
  override name = 'AdminError';
  readonly kind: 'usage' | 'failed';
  constructor(kind: 'usage' | 'failed', message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface AdminRequest {
  readonly id: string;
  readonly operator: string;
  readonly command: ChannelCommand;
  readonly args: AdminArgs;
  readonly reason?: string | undefined;
}

export interface AdminOutcome {
  readonly data: unknown;
  readonly text: string;
  /** Answered from the audit row of an earlier request with the same id: nothing was done this time. */
  readonly replayed: boolean;
}

/** The desks a command goes through: the running server's, or ones the CLI opens for one command. */
export interface AdminDesks {
  readonly via: AuditVia;
  withFunds<T>(wallet: Wallet, work: (desk: FundsFace) => Promise<T>): Promise<T>;
  withSpot<T>(work: (desk: SpotFace) => Promise<T>): Promise<T>;
  /** The perp desk (the contract wallet's): the running server's, or one opened under its lease for one command. */
  withPerp<T>(work: (desk: PerpFace) => Promise<T>): Promise<T>;
  /** The seconds desk: the running server's, or one opened under its lease for one command. */
  withSeconds<T>(work: (desk: SecondsFace) => Promise<T>): Promise<T>;
  /** The earn desk (the earn wallet's, with the products, pools and treasury): the running server's, or one opened under its lease for one command. */
  withEarn<T>(work: (desk: EarnFace) => Promise<T>): Promise<T>;
  /** Open positions with their risk figures: the running desk's memory, or the store's (perp.ts storePositions). */
  perpPositions(filter: PositionFilter): Promise<OpenPositionRisk[]>;
  /** applied: in effect for the next order (a running spot desk took it in sequence); stored: written for a server to read. */
  setMarketStatus(symbol: string, status: { isOpen?: number; maintenance?: boolean }): Promise<'applied' | 'stored' | 'unknown'>;
  /** The flags a running spot desk trades by, or null when none runs here. */
  marketFlags(): MarketStatus[] | null;
}

export interface AdminContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly desks: AdminDesks;
  /** Tells users what an operator did to them (a verification approved or rejected, a TOTP reset): the server's
   *  notifier over the channel; with no server, one that writes the outbox only. */
  readonly notifier: Notifier;
  readonly messages: Messages;
}

const REASON = /^[^\u0000-\u001f\u007f]{1,500}$/;
const ACTION_OF: Partial<Record<ChannelCommand, AdjustAction>> = {
  'balance credit': 'credit',
  'balance debit': 'debit',
  'balance freeze': 'freeze',
  'balance unfreeze': 'unfreeze',
  'balance lock': 'lock',
  'balance unlock': 'unlock',
};
const VERB: Record<AdjustAction, string> = { credit: 'credited', debit: 'debited', freeze: 'froze', unfreeze: 'unfroze', lock: 'locked', unlock: 'unlocked' };
const MARKET_TO: Partial<Record<ChannelCommand, 'open' | 'close' | 'maintenance'>> = {
  'market open': 'open',
  'market close': 'close',
  'market maintenance': 'maintenance',
};

const usage = (message: string) => new AdminError('usage', message);
const failed = (message: string) => new AdminError('failed', message);

/** The arguments as stored in the audit row and compared when a request id comes again: defined keys, sorted. */
export function canonicalArgs(args: AdminArgs): string {
  const out: Record<string, string> = {};
  for (const key of Object.keys(args).sort() as Array<keyof AdminArgs>) {
    const value = args[key];
    if (value !== undefined) out[key] = value;
  }
  return JSON.stringify(out);
}

/** `balance credit --email a@example.com --asset USDT --amount 5`: a command as the operator would type it. */
export function commandLine(command: string, argsJson: string): string {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(argsJson);
    if (parsed !== null && typeof parsed === 'object') args = parsed as Record<string, unknown>;
  } catch {
    return `${command} ${argsJson}`;
  }
  const words = [command];
  if (typeof args['symbol'] === 'string' && MARKET_TO[command as ChannelCommand] !== undefined) words.push(args['symbol']);
  for (const [key, value] of Object.entries(args)) {
    if (key === 'symbol' && MARKET_TO[command as ChannelCommand] !== undefined) continue;
    // A nested value (a four-eyes request's `args`: the command it waits to run) is shown as its JSON.
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    words.push(`--${key}`, /^[\w.@+:-]+$/.test(text) ? text : JSON.stringify(text));
  }
  return words.join(' ');
}

function checkReason(reason: string | undefined): string {
  const text = reason?.trim();
  if (!text) throw usage('--reason is required: say why (it goes into the audit log with your name)');
  if (!REASON.test(text)) throw usage('--reason must be 1 to 500 characters without control characters');
  return text;
}

function need(args: AdminArgs, name: 'email' | 'asset' | 'amount' | 'symbol'): string {
  const value = args[name];
  if (!value) throw usage(`--${name} is required`);
  return value;
}

function walletOf(args: AdminArgs): Wallet {
  const name = args.account ?? 'coin';
  if (!(WALLETS as readonly string[]).includes(name)) throw usage(`--account must be one of ${WALLETS.join(', ')}`);
  return name as Wallet;
}

async function userByEmail(store: Store, args: AdminArgs): Promise<{ id: number; who: string }> {
  const email = need(args, 'email');
  const user = await store.users.findByEmail(normalizeAccount('email', email));
  if (!user) throw failed(`no user with e-mail ${email}`);
  return { id: user.id, who: user.email ?? email };
}

async function userByEmailOrPhone(store: Store, args: AdminArgs): Promise<UserRow> {
  const { email, phone } = args;
  if (!email && !phone) throw usage('--email or --phone is required');
  const user = email ? await store.users.findByEmail(normalizeAccount('email', email)) : await store.users.findByPhone(normalizeAccount('phone', phone ?? ''));
  if (!user) throw failed(`no user with ${email ? `e-mail ${email}` : `phone ${phone}`}`);
  return user;
}

function needUser(args: AdminArgs): void {
  if (!args.email && !args.phone) throw usage('--email or --phone is required');
}

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw failed(`refused: ${reply.code}`);
  return reply.value;
}

/**
 * A conditional order's trigger in words: `stop_loss at last ≤ 59000` (a stop-loss sell and a take-profit buy wait
 * for the price to fall, the others for it to rise), `trailing 1.5% (150 bps), best so far 61000` (tracking), or
 * both (`..., then trailing ...` with `not tracking yet` before the stop is reached); a fired one says so, and a
 * closed one (cancel-all's) what it waited for.
 */
export function triggerText(o: Pick<OrderView, 'side' | 'status' | 'trigger' | 'working'>): string {
  const t = o.trigger;
  if (t === null) return '';
  if (o.working) return `${t.condition} fired`;
  const rises = (t.condition === 'stop_loss') === (o.side === 'buy');
  const parts: string[] = [];
  if (t.stopPrice !== null) parts.push(`at last ${rises ? '≥' : '≤'} ${t.stopPrice}`);
  if (t.trailingDelta !== null) {
    const trail = `trailing ${t.trailingDelta / 100}% (${t.trailingDelta} bps), ${t.trailPrice === null ? 'not tracking yet' : `best so far ${t.trailPrice}`}`;
    parts.push(t.stopPrice === null ? trail : `then ${trail}`);
  }
  // cancel-all reports orders already closed: what they waited for.
  const open = o.status === 'new' || o.status === 'partially_filled';
  return `${open ? 'waits' : 'waited'}: ${t.condition} ${parts.join(', ')}`;
}

const orderLine = (o: OrderView) => {
  const line = `  #${o.orderId}  ${o.symbol.padEnd(10)}${o.side.padEnd(5)}${o.type.padEnd(7)}price ${(o.price ?? '-').padEnd(14)}qty ${(o.qty ?? o.quoteQty ?? '-').padEnd(14)}filled ${o.filledQty}`;
  const extra = [triggerText(o), o.orderListId === null ? '' : `OCO list #${o.orderListId}`].filter((x) => x !== '');
  return extra.length === 0 ? line : `${line.padEnd(88)}  ${extra.join('  ')}`;
};

/** What the commands report of an order (cancel-all's and order list's data). */
const orderData = (o: OrderView) => ({
  orderId: o.orderId, clientOrderId: o.clientOrderId, symbol: o.symbol, side: o.side, type: o.type, tif: o.tif, price: o.price, qty: o.qty,
  quoteQty: o.quoteQty, filledQty: o.filledQty, status: o.status, createdAt: o.createdAt, working: o.working, trigger: o.trigger, orderListId: o.orderListId,
});

/**
 * A user's open orders as the store has them (no server runs): resting orders and conditional orders waiting for
 * their trigger, by id, from one snapshot. Only reads, takes no desk's lease: what a spot desk would rebuild.
 */
export async function storeOpenOrders(store: Store, user: number, symbol: string | undefined): Promise<OrderView[]> {
  const PAGE = 1000;
  return store.snapshot(async (repos) => {
    const rows = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await repos.spot.listOrders({ user, symbol, statuses: OPEN_STATUSES }, offset, PAGE);
      rows.push(...page.rows);
      if (page.rows.length < PAGE) break;
    }
    return rows.map(orderView).sort((a, b) => a.orderId - b.orderId);
  });
}

type Run = (ctx: AdminContext) => Promise<{ data: unknown; text: string }>;
/** What carries out one command, given the store, the clock and the desks. */
export type AdminRun = Run;

/**
 * Checks a request without acting: the usage errors (missing or malformed arguments, no reason) the executor would
 * answer. The CLI calls it before sending, so a mistyped command never reaches the server.
 */
export function checkRequest(req: AdminRequest): void {
  plan(req);
  if (changesState(req.command)) checkReason(req.reason);
}

/** Checks a command's arguments (usage errors) and returns what carries it out. */
function plan(req: AdminRequest): Run {
  const args = req.args;
  const action = ACTION_OF[req.command];
  if (action !== undefined) {
    needUser(args);
    const asset = need(args, 'asset').toUpperCase();
    const amount = need(args, 'amount');
    const wallet = walletOf(args);
    const memo = args.memo ?? `operator ${action}`;
    return async ({ store, desks }) => {
      const row = await userByEmailOrPhone(store, args);
      const user = { id: row.id, who: row.email ?? row.phone ?? String(row.id) };
      const known = new Set((await store.markets.configs()).flatMap((m) => [m.base, m.quote]));
      if (!known.has(asset)) throw failed(`unknown asset ${asset}; known: ${[...known].sort().join(', ')}`);
      const r = value(await desks.withFunds(wallet, (desk) => desk.adjustOnce({ user: user.id, asset, amount, action, memo, requestId: req.id })));
      const b = r.balance;
      const text = `${VERB[action]} ${amount} ${asset} ${action === 'credit' ? 'to' : 'of'} user ${user.id} (${user.who}), ${wallet} account: available ${b.available}, frozen ${b.frozen}`;
      return {
        data: { userId: user.id, action, amount, ...b, ...(r.duplicate ? { duplicate: true } : {}) },
        text: r.duplicate ? `request ${req.id} had already been applied, nothing changed now; ${text}` : text,
      };
    };
  }
  if (isIdentityCommand(req.command)) return planIdentity(req, usage, failed);
  if (isInviteCommand(req.command)) return planInvite(req, usage, failed);
  if (isSecurityCommand(req.command)) return planSecurity(req, usage, failed);
  if (isTwoFactorCommand(req.command)) return planTwoFactor(req, usage, failed);
  if (isWalletCommand(req.command)) return planWallet(req, usage, failed);
  if (isReservesCommand(req.command)) return planReserves(req, usage, failed);
  if (isContentCommand(req.command)) return planContent(req, usage, failed);
  if (isFeedbackCommand(req.command)) return planFeedback(req, usage, failed);
  if (isOpsCommand(req.command)) {
    const run = planOps(req, usage, failed);
    return async (ctx) => run(ctx);
  }
  if (isFeesCommand(req.command)) {
    const run = planFees(req, usage, failed);
    return async ({ store, clock }) => run(store, clock());
  }
  if (isSettingsCommand(req.command)) {
    const run = planSettings(req, usage);
    return async ({ store, clock }) => run(store, clock());
  }
  if (isEarnCommand(req.command)) {
    const run = planEarn(req, usage, failed);
    return async (ctx) => ctx.desks.withEarn((desk) => run(desk, ctx));
  }
  if (isQuantCommand(req.command)) {
    const run = planQuant(req, usage, failed);
    return async (ctx) => run(ctx, (work) => ctx.desks.withSpot(work));
  }
  if (isSecondsCommand(req.command)) {
    const run = planSeconds(req.command, args, req.id, usage, failed);
    return async ({ store, desks }) => desks.withSeconds((desk) => run(desk, store));
  }
  const to = MARKET_TO[req.command];
  if (to !== undefined) {
    const symbol = args.symbol?.toUpperCase();
    if (!symbol) throw usage(`usage: market ${to} SYMBOL`);
    // Opening clears maintenance too: "open" means users can trade.
    const status = to === 'open' ? { isOpen: 0, maintenance: false } : to === 'close' ? { isOpen: 1 } : { maintenance: true };
    return async ({ desks }) => {
      const done = await desks.setMarketStatus(symbol, status);
      if (done === 'unknown') throw failed(`no market ${symbol}`);
      const verb = to === 'open' ? 'opened' : to === 'close' ? 'closed' : 'put under maintenance';
      const when = done === 'applied' ? 'in effect now' : 'stored for the desk that trades it';
      return { data: { symbol, ...status }, text: `${symbol} ${verb} (${when})` };
    };
  }
  switch (req.command) {
    case 'market list':
      return async ({ store, desks }) => marketList(store, desks.marketFlags());
    case 'order cancel-all': {
      needUser(args);
      const symbol = args.symbol?.toUpperCase();
      return async ({ store, desks }) => {
        const user = await userByEmailOrPhone(store, args);
        const who = user.email ?? user.phone ?? '';
        const cancelled = await desks.withSpot(async (spot) => {
          const reply = await spot.cancelAll({ user: user.id, ...(symbol === undefined ? {} : { symbol }) });
          if (!reply.ok && reply.code === 'market.unknown') throw failed(`no market ${symbol ?? ''}`);
          return value(reply);
        });
        const data = {
          userId: user.id,
          symbol: symbol ?? null,
          cancelled: cancelled.map((o) => ({ ...orderData(o), status: o.status })),
        };
        const head = `cancelled ${cancelled.length} open order(s) of user ${user.id} (${who})${symbol ? ` in ${symbol}` : ''}`;
        return { data, text: [head, ...cancelled.map(orderLine)].join('\n') };
      };
    }
    case 'order list': {
      needUser(args);
      const symbol = args.symbol?.toUpperCase();
      return async ({ store, desks }) => {
        const user = await userByEmailOrPhone(store, args);
        const who = user.email ?? user.phone ?? '';
        let orders: OrderView[];
        if (desks.via !== 'store') {
          // The running desk's memory, in sequence with the users' commands (a trailing order's best price as of now).
          const reply = await desks.withSpot((spot) => spot.openOrders(user.id, symbol));
          if (!reply.ok && reply.code === 'market.unknown') throw failed(`no market ${symbol ?? ''}`);
          orders = value(reply);
        } else {
          if (symbol !== undefined && !(await store.markets.configs('spot')).some((m) => m.symbol === symbol)) throw failed(`no market ${symbol}`);
          orders = await storeOpenOrders(store, user.id, symbol);
        }
        const waiting = orders.filter((o) => !o.working).length;
        const where = symbol ? ` in ${symbol}` : '';
        const head = orders.length === 0
          ? `no open orders of user ${user.id} (${who})${where}`
          : `${orders.length} open order(s) of user ${user.id} (${who})${where}: ${orders.length - waiting} working, ${waiting} waiting for their trigger`;
        return { data: { userId: user.id, symbol: symbol ?? null, orders: orders.map(orderData) }, text: [head, ...orders.map(orderLine)].join('\n') };
      };
    }
    case 'user freeze':
    case 'user unfreeze': {
      const frozen = req.command === 'user freeze';
      needUser(args);
      return async ({ store, clock }) => {
        const user = await userByEmailOrPhone(store, args);
        const now = clock();
        const who = user.email ?? user.phone ?? '';
        if (!frozen) {
          await store.users.setFrozen(user.id, false, now);
          return { data: { userId: user.id, frozen }, text: `unfroze user ${user.id} (${who})` };
        }
        // Frozen and signed out in one transaction: the gateway refuses a frozen user's sign-in, requests and API
        // keys (accounts/sessions.ts, binance/auth.ts), and no session of theirs is left to try.
        const revoked = await store.transaction(async (tx) => {
          await tx.users.setFrozen(user.id, true, now);
          return tx.sessions.revokeAllForUser(user.id, now);
        });
        return { data: { userId: user.id, frozen, sessionsRevoked: revoked }, text: `froze user ${user.id} (${who}), signed out of ${revoked} session(s)` };
      };
    }
    case 'session revoke':
      needUser(args);
      return async ({ store, clock }) => {
        const user = await userByEmailOrPhone(store, args);
        const revoked = await store.sessions.revokeAllForUser(user.id, clock());
        return { data: { userId: user.id, revoked }, text: `revoked ${revoked} session(s) of user ${user.id}` };
      };
    case 'perp insurance fund': {
      const amount = need(args, 'amount');
      const memo = args.memo ?? INSURANCE_MEMO;
      return async ({ desks }) => fundedOutcome(value(await desks.withPerp((desk) => desk.fundInsurance({ amount, memo, requestId: req.id }))), amount, req.id);
    }
    case 'perp positions': {
      const symbol = args.symbol?.toUpperCase();
      return async ({ store, desks }) => {
        const user = args.email === undefined ? undefined : await userByEmail(store, args);
        if (symbol !== undefined && !(await perpSymbols(store)).includes(symbol)) throw failed(`no perpetual market ${symbol}`);
        const filter = { user: user?.id, symbol };
        return positionsOutcome(store, await desks.perpPositions(filter), filter, user === undefined ? null : `user ${user.id} (${user.who})`);
      };
    }
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}

const dec8 = (minor: bigint) => formatDecimal(minor, 8, true);

async function marketList(store: Store, flags: MarketStatus[] | null): Promise<{ data: unknown; text: string }> {
  const live = new Map((flags ?? []).map((f) => [f.symbol, f]));
  const markets = await store.markets.configs();
  const data = markets.map((m) => {
    const f = live.get(m.symbol);
    const isOpen = f?.isOpen ?? m.isOpen;
    const maintenance = f?.maintenance ?? m.maintenance;
    return {
      symbol: m.symbol,
      kind: m.kind,
      status: isOpen !== 0 ? 'closed' : maintenance ? 'maintenance' : 'open',
      tickSize: dec8(m.tickSize),
      lotSize: dec8(m.lotSize),
      minQty: dec8(m.minQty),
      maxQty: dec8(m.maxQty),
      minNotional: dec8(m.minNotional),
      maxNotional: dec8(m.maxNotional),
      priceBandPercent: m.priceBandBps / 100,
    };
  });
  const text = data
    .map((m) => `${m.symbol.padEnd(10)}${m.kind.padEnd(6)}${m.status.padEnd(13)}tick ${m.tickSize.padEnd(9)}lot ${m.lotSize.padEnd(12)}band ${m.priceBandPercent}%`)
    .join('\n');
  return { data, text };
}

interface StoredResult {
  data?: unknown;
  text?: string;
  error?: string;
}

function storedResult(entry: AuditEntry): StoredResult {
  try {
    const parsed: unknown = JSON.parse(entry.result ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as StoredResult) : {};
  } catch {
    return {};
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface AdminExecutor {
  execute(req: AdminRequest): Promise<AdminOutcome>;
  /**
   * Settles rows a crash left pending (call at a start, before taking commands): a balance adjustment whose entry
   * is in the journal is done, one that isn't never happened (interrupted); other commands are interrupted, and
   * running them again with the same request id finishes them. Returns how many rows it settled.
   */
  reconcile(): Promise<number>;
}

export function createAdminExecutor(ctx: AdminContext): AdminExecutor {
  const { store, clock } = ctx;
  /** Requests being carried out here, by id: a repeat that arrives meanwhile waits for the same outcome. */
  const running = new Map<string, { fingerprint: string; outcome: Promise<AdminOutcome> }>();

  async function audited(req: AdminRequest, reason: string, argsJson: string, run: Run): Promise<AdminOutcome> {
    const began = await store.audit.begin({
      requestId: req.id, operator: req.operator, command: req.command, args: argsJson, reason, via: ctx.desks.via, createdAt: clock(),
    });
    if (!began.created) {
      const e = began.entry;
      if (e.command !== req.command || e.args !== argsJson) {
        throw failed(`request id ${req.id} was already used for "${commandLine(e.command, e.args)}"; leave out --request-id to get a new one`);
      }
      const stored = storedResult(e);
      if (e.status === 'done') return { data: stored.data ?? null, text: stored.text ?? '', replayed: true };
      if (e.status === 'failed') throw failed(stored.error ?? 'failed');
      if (e.status === 'interrupted') await store.audit.resume(req.id, ctx.desks.via, clock());
      // pending: cut off by a crash (or running elsewhere). Running it again is safe: see the file's comment.
    }
    let result: { data: unknown; text: string };
    try {
      result = await run(ctx);
    } catch (error) {
      const message = error instanceof AdminError ? error.message : error instanceof DeskUnavailableError ? `${error.message}` : `unexpected failure: ${messageOf(error)}`;
      await store.audit.finish(req.id, 'failed', JSON.stringify({ error: message }), clock()).catch(() => false);
      if (error instanceof AdminError) throw error;
      throw failed(message);
    }
    try {
      await store.audit.finish(req.id, 'done', JSON.stringify(result), clock());
    } catch (error) {
      throw failed(`done, but its audit row could not be completed (${messageOf(error)}); run the same command with --request-id ${req.id} to complete it (it will not be applied twice)`);
    }
    return { ...result, replayed: false };
  }

  return {
    async execute(req) {
      const run = plan(req);
      if (!changesState(req.command)) return { ...(await run(ctx)), replayed: false };
      const reason = checkReason(req.reason);
      const argsJson = canonicalArgs(req.args);
      const fingerprint = `${req.command}|${argsJson}`;
      const same = running.get(req.id);
      if (same !== undefined) {
        if (same.fingerprint !== fingerprint) throw failed(`request id ${req.id} is in use by another command`);
        return { ...(await same.outcome), replayed: true };
      }
      const outcome = audited(req, reason, argsJson, run);
      running.set(req.id, { fingerprint, outcome });
      try {
        return await outcome;
      } finally {
        running.delete(req.id);
      }
    },

    async reconcile() {
      let settled = 0;
      for (const e of await store.audit.pending()) {
        if (running.has(e.requestId)) continue;
        let args: AdminArgs = {};
        try {
          args = JSON.parse(e.args) as AdminArgs;
        } catch {
          // unreadable arguments: settled as interrupted below
        }
        const journalled = journalledAt(e.command, args, e.requestId);
        if (journalled !== undefined) {
          const { wallet, ref } = journalled;
          const found = await store.adminLedger.findEntry(wallet, ref);
          if (found !== undefined) {
            const text = `${commandLine(e.command, e.args)}: applied before a restart (journal entry ${wallet}#${found.seq}); its answer was lost`;
            if (await store.audit.finish(e.requestId, 'done', JSON.stringify({ data: { recovered: true, desk: wallet, seq: found.seq }, text }), clock())) settled++;
            continue;
          }
        }
        const why = journalled !== undefined ? 'the server stopped before it took effect; nothing was applied' : 'the server stopped while it ran; run it again with the same --request-id to finish it';
        if (await store.audit.finish(e.requestId, 'interrupted', JSON.stringify({ error: why }), clock())) settled++;
      }
      return settled;
    },
  };
}

/**
 * Where a command that journals its request id (balance adjustments, the insurance fund's contributions) leaves its
 * entry: the desk and the reference a start looks up to tell an applied command from one that never happened.
 */
function journalledAt(command: string, args: AdminArgs, requestId: string): { wallet: string; ref: string } | undefined {
  if (command === 'perp insurance fund') return { wallet: 'contract', ref: adminRef(args.memo ?? INSURANCE_MEMO, requestId) };
  if (command === 'seconds house credit' || command === 'seconds house debit') return { wallet: 'seconds', ref: adminRef(args.memo ?? HOUSE_MEMO, requestId) };
  if (command === 'earn treasury credit' || command === 'earn treasury debit') return { wallet: 'earn', ref: adminRef(args.memo ?? TREASURY_MEMO, requestId) };
  const action = ACTION_OF[command as ChannelCommand];
  if (action === undefined) return undefined;
  const wallet = (WALLETS as readonly string[]).includes(args.account ?? 'coin') ? (args.account ?? 'coin') : 'coin';
  return { wallet, ref: adminRef(args.memo ?? `operator ${action}`, requestId) };
}

/** The running server's desks, for its admin channel. */
export function serverDesks(desks: Pick<Desks, 'spot' | 'perp' | 'seconds' | 'earn' | 'byWallet'>, store: Store): AdminDesks {
  return {
    via: 'server',
    withFunds: (wallet, work) => work(desks.byWallet[wallet]),
    withSpot: (work) => work(desks.spot),
    withPerp: (work) => work(desks.perp),
    withSeconds: (work) => work(desks.seconds),
    withEarn: (work) => work(desks.earn),
    perpPositions: (filter) => desks.perp.openPositions(filter),
    async setMarketStatus(symbol, status) {
      const reply = await desks.spot.setMarketStatus(symbol, status);
      if (reply.ok) return 'applied';
      // Not a spot market: a flag for whichever desk trades it to read.
      return (await store.markets.setStatus(symbol, status)) ? 'stored' : 'unknown';
    },
    marketFlags: () => desks.spot.markets(),
  };
}
