// The operator commands that act on a running exchange (server/admin/protocol.ts CHANNEL_COMMANDS): balance
// credit|debit|freeze|unfreeze|lock|unlock, market list|open|close|maintenance, order cancel-all, user
// freeze|unfreeze, session revoke, perp insurance fund, perp positions, and the areas' (seconds, kyc, invite, wallet,
// reserves, earn, quant, content and feedback: `content save --file PATH` is read here and sent as the body).
// If the admin socket of the configured store answers, the command goes there and runs through the server's own
// desks; if nothing listens (no server), the CLI runs the same executor on the store itself, opening the one desk it
// needs under that desk's lease (the reads take none: `perp positions` rebuilds the perp desk's memory from a
// snapshot of the store). Either way the state-changing ones need --reason and leave an audit row; a request whose
// answer was lost is repeated once with the same request id, and if that fails too the operator is told the id to
// repeat it with: a request id is never applied twice.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { Compile } from 'typebox/compile';
import { createInProcessBus } from '../bus/index.ts';
import { checkRequest, createAdminExecutor, AdminError, type AdminDesks, type AdminOutcome, type AdminRequest } from '../admin/commands.ts';
import { callChannel, ChannelAccessError, type ChannelOutcome } from '../admin/client.ts';
import { socketAnswers } from '../admin/channel.ts';
import { adminLocation, AdminSetupError, readToken, storeIdentity } from '../admin/paths.ts';
import { storePositions } from '../admin/perp.ts';
import { ADMIN_PROTOCOL_VERSION, AdminArgsSchema, changesState, REQUEST_ID_PATTERN, type AdminArgs, type ChannelCommand } from '../admin/protocol.ts';
import type { Clock } from '../clock.ts';
import { LeaseHeldError, PerpDesk, SecondsDesk, SpotDesk, type DeskEvent, type FundsDesk } from '../desks/index.ts';
import { newHolderId } from '../desks/lease.ts';
import { openWalletDesk } from '../desks/wallet.ts';
import { EarnDesk } from '../desks/earn/desk.ts';
import type { Wallet } from '../kernel/index.ts';
import { createStore, type Store } from '../store/index.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import { CONTENT_LIMITS } from '../contract/content.ts';
import { createMessages } from '../i18n/messages.ts';
import { withAntiPhishing } from '../notify/anti-phishing.ts';
import { createNotifier } from '../notify/notifier.ts';

/** With no server running, what a command tells a user is written to the outbox (`outbox list`), in their language. */
export function outboxNotifier(store: Store) {
  return { notifier: withAntiPhishing(createNotifier({ outbox: store.outbox, clock: store.clock }), store), messages: createMessages() };
}

export interface ChannelCommandOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  clock?: Clock | undefined;
  /** ADMIN_SOCKET: the server's socket when it is not DATA_DIR/admin.sock. */
  adminSocket?: string | undefined;
  /** ADMIN_TOKEN: the token when the CLI can't read DATA_DIR/admin.token. */
  adminToken?: string | undefined;
  /** Who is acting (default: --operator, else the OS user name). */
  operator?: string | undefined;
  /** How long to wait for the server's answer before counting it lost (default 60 s). */
  answerTimeoutMs?: number | undefined;
}

export interface ChannelCommandResult {
  exitCode: number;
  data?: unknown;
  text?: string;
  error?: string;
  /** For stderr: which way the command went (shown with --verbose) and notes shown always. */
  notes: Array<{ verbose: boolean; text: string }>;
}

const argsCheck = Compile(AdminArgsSchema);
const REQUEST_ID = new RegExp(REQUEST_ID_PATTERN);

/** The arguments a command takes, from the command line (nothing else goes into the request or its audit row). */
export function requestArgs(command: ChannelCommand, args: ParsedArgs): AdminArgs {
  const o = args.options;
  const pick = (...names: Array<keyof AdminArgs>): AdminArgs => {
    const out: Record<string, string> = {};
    for (const n of names) {
      const v = o.get(n);
      if (v !== undefined) out[n] = v;
    }
    return out;
  };
  let picked: AdminArgs;
  if (command.startsWith('balance ')) picked = pick('email', 'phone', 'asset', 'amount', 'account', 'memo');
  else if (command === 'market list') picked = {};
  else if (command.startsWith('market ')) picked = args.words[2] === undefined ? {} : { symbol: args.words[2] };
  else if (command === 'order cancel-all' || command === 'order list') picked = pick('email', 'phone', 'symbol');
  else if (command === 'perp insurance fund') picked = pick('amount', 'memo');
  else if (command === 'perp positions') picked = pick('email', 'symbol');
  // horizon and orders: `seconds settings set` (server/admin/seconds.ts), in AdminArgsSchema beside the rest.
  else if (command.startsWith('seconds settings')) picked = { ...pick('amount'), ...Object.fromEntries(['horizon', 'orders'].flatMap((n) => (o.get(n) === undefined ? [] : [[n, o.get(n)!]]))) };
  else if (command.startsWith('seconds ')) picked = pick('symbol', 'duration', 'payout', 'loss', 'min', 'max', 'fee', 'enabled', 'direction', 'amount', 'memo');
  else if (command.startsWith('kyc ')) picked = pick('email', 'phone', 'id', 'status', 'limit', 'out');
  else if (command.startsWith('invite ')) picked = pick('email', 'phone', 'level1', 'level2', 'day', 'limit');
  else if (command.startsWith('withdrawal ') || command.startsWith('deposit ') || command.startsWith('wallet ')) picked = pick('email', 'phone', 'id', 'status', 'limit', 'asset', 'network');
  else if (command.startsWith('reserves ')) picked = pick('id', 'limit');
  else if (command.startsWith('earn ')) {
    // --income-asset on the command line, incomeAsset in the request; the --all switch as "true".
    picked = {
      ...pick('kind', 'name', 'asset', 'term', 'rate', 'min', 'max', 'quota', 'release', 'rebate', 'status', 'sort', 'id', 'amount', 'memo', 'email', 'limit'),
      ...(o.get('income-asset') === undefined ? {} : { incomeAsset: o.get('income-asset') }),
      ...(args.switches.has('all') ? { all: 'true' } : {}),
    };
  }
  // --sell-base travels as `all` ("true"): the one switch a quant command takes.
  else if (command.startsWith('quant ')) picked = { ...pick('email', 'kind', 'status', 'limit', 'id', 'min'), ...(args.switches.has('sell-base') ? { all: 'true' } : {}) };
  else if (command.startsWith('content ')) picked = { ...pick('id', 'kind', 'status', 'category', 'slug', 'locale', 'title', 'summary', 'body', 'revision', 'at'), ...contentBody(args) };
  else if (command.startsWith('feedback ')) picked = pick('id', 'status', 'limit', 'text');
  else if (command.startsWith('approval ')) picked = pick('asset', 'amount');
  else if (command === 'fees set') picked = feeTable(args);
  else if (command === 'fees show' || command === 'settings') picked = {};
  else if (command === 'settings set') picked = pick('key', 'value');
  else picked = pick('email', 'phone');
  if (!argsCheck.Check(picked)) {
    const e = argsCheck.Errors(picked)[0];
    const name = e?.instancePath.slice(1) ?? '';
    throw new UsageError(`${name === 'symbol' && command.startsWith('market ') ? 'SYMBOL' : `--${name}`}: ${e?.message ?? 'invalid'}`);
  }
  return picked;
}

/**
 * `content save --file PATH`: the CLI reads the Markdown (UTF-8, a byte-order mark dropped) and sends it as the body;
 * a body over the limit is refused here with its length, before anything is sent.
 */
function contentBody(args: ParsedArgs): { body?: string } {
  const file = args.options.get('file');
  const given = args.options.get('body');
  if (file !== undefined && given !== undefined) throw new UsageError('give the body as --body TEXT or --file PATH, not both');
  let body = given;
  if (file !== undefined) {
    try {
      body = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    } catch (error) {
      throw new UsageError(`--file: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (body === undefined) return {};
  if (body.length > CONTENT_LIMITS.body) throw new UsageError(`the body is ${body.length} characters; an article's body is at most ${CONTENT_LIMITS.body}`);
  return { body };
}

/** `fees set --file TABLE.json`: the CLI reads the table and sends its text; the executor checks it in full. */
function feeTable(args: ParsedArgs): { table?: string } {
  const file = args.options.get('file');
  if (file === undefined) return {};
  try {
    return { table: readFileSync(file, 'utf8').replace(/^\uFEFF/, '') };
  } catch (error) {
    throw new UsageError(`--file: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
  }
}

function operatorName(args: ParsedArgs, o: ChannelCommandOptions): string {
  const given = args.options.get('operator') ?? o.operator;
  let name = given;
  if (name === undefined) {
    try {
      name = userInfo().username;
    } catch {
      name = process.env['USER'] ?? 'unknown';
    }
  }
  if (!/^[^\u0000-\u001f\u007f]{1,64}$/.test(name)) throw new UsageError('--operator must be 1 to 64 characters without control characters');
  return name;
}

/** How long the store path waits for a desk's lease after the server was seen going away under a request. */
const STOPPING_SERVER_WAIT_MS = 30_000;

/** The CLI's own desks for one command: opened under their leases, closed after. `leaseWaitMs`: a server was just
 *  seen stopping (its channel cut a request), and its desks hold their leases until its stop ends: wait that long
 *  for them rather than refuse at once. */
function storeDesks(store: Store, socketPath: string, leaseWaitMs = 0): AdminDesks {
  const openOnce = async (wallet: Wallet): Promise<FundsDesk> => {
    const o = { store, bus: createInProcessBus<DeskEvent>(), clock: store.clock, holder: newHolderId('cli-') };
    // The contract wallet is the perp desk's: it knows the margins its positions and orders hold.
    if (wallet === 'coin') return await SpotDesk.open(o);
    if (wallet === 'seconds') return await SecondsDesk.open(o);
    // The earn wallet is the earn desk's: it knows the principal its orders lock and owns the treasury.
    if (wallet === 'earn') return await EarnDesk.open(o);
    return wallet === 'contract' ? await PerpDesk.open(o) : await openWalletDesk({ ...o, wallet });
  };
  const open = async (wallet: Wallet): Promise<FundsDesk> => {
    // Counted in tries, not read from the clock: a test's clock may stand still.
    for (let tries = Math.ceil(leaseWaitMs / 200); ; tries -= 1) {
      try {
        return await openOnce(wallet);
      } catch (error) {
        if (!(error instanceof LeaseHeldError)) throw error;
        if (tries > 0) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        throw new AdminError('failed', `${error.message} (no server answered on the admin socket ${socketPath}; if that process is a server on this store, point ADMIN_SOCKET and ADMIN_TOKEN at its channel)`);
      }
    }
  };
  const using = async <D extends FundsDesk, T>(desk: D, work: (d: D) => Promise<T>): Promise<T> => {
    try {
      return await work(desk);
    } finally {
      await desk.close();
    }
  };
  return {
    via: 'store',
    withFunds: async (wallet, work) => using(await open(wallet), work),
    withSpot: async (work) => using((await open('coin')) as SpotDesk, work),
    withPerp: async (work) => using((await open('contract')) as PerpDesk, work),
    withSeconds: async (work) => using((await open('seconds')) as SecondsDesk, work),
    withEarn: async (work) => using((await open('earn')) as EarnDesk, work),
    perpPositions: (filter) => storePositions(store, filter),
    // A spot market's flags through the coin desk, as a sequenced command written with its batch (a desk running
    // elsewhere holds the lease: refused, since it alone writes them while it runs); another kind's in the store.
    async setMarketStatus(symbol, status) {
      const reply = await using((await open('coin')) as SpotDesk, (spot) => spot.setMarketStatus(symbol, status));
      if (reply.ok) return 'applied';
      return (await store.markets.setStatus(symbol, status)) ? 'stored' : 'unknown';
    },
    marketFlags: () => null,
  };
}

/** Sends the request to the server, if one answers on the socket; null when none does (or it runs another store).
 *  `seen.stopping` is set when a server cut the request and then was gone: it is stopping, its desks still leased. */
async function viaServer(request: AdminRequest, o: ChannelCommandOptions, socketPath: string, tokenFile: string, notes: ChannelCommandResult['notes'], seen: { stopping: boolean }): Promise<AdminOutcome | null> {
  let token = o.adminToken;
  if (token === undefined) {
    try {
      token = readToken(tokenFile);
    } catch (error) {
      // No token to read: fine if no server runs (a fresh DATA_DIR); an answering socket needs it.
      if (!(await socketAnswers(socketPath))) {
        notes.push({ verbose: true, text: `admin: no server answers on ${socketPath}; working on the store directly` });
        return null;
      }
      throw error;
    }
  }
  const wire = {
    v: ADMIN_PROTOCOL_VERSION,
    token,
    id: request.id,
    store: storeIdentity({ databaseUrl: o.databaseUrl, dataDir: o.dataDir }),
    operator: request.operator,
    command: request.command,
    args: request.args,
    ...(request.reason === undefined ? {} : { reason: request.reason }),
  } as const;
  const timeouts = { answerTimeoutMs: o.answerTimeoutMs };
  let outcome: ChannelOutcome = await callChannel(socketPath, wire, timeouts);
  if (outcome.kind === 'lost') {
    notes.push({ verbose: false, text: `admin: the answer to request ${request.id} was lost (${outcome.why}); asking again with the same request id` });
    await new Promise((r) => setTimeout(r, 500));
    outcome = await callChannel(socketPath, wire, timeouts);
    if (outcome.kind === 'absent') seen.stopping = true;
  }
  if (outcome.kind === 'absent') {
    notes.push({ verbose: true, text: `admin: no server answers on ${socketPath} (${outcome.why}); working on the store directly` });
    return null;
  }
  if (outcome.kind === 'lost') {
    throw new AdminError(
      'failed',
      `no answer from the server for request ${request.id} (${outcome.why}); it may or may not have been done. Run the same command again with --request-id ${request.id}: it is never applied twice`,
    );
  }
  const a = outcome.answer;
  if (a.ok) {
    notes.push({ verbose: true, text: `admin: done by the server through its admin channel ${socketPath} (request ${request.id})` });
    return { data: a.data, text: a.text, replayed: a.replayed };
  }
  if (a.error.kind === 'store') {
    notes.push({ verbose: true, text: `admin: the server on ${socketPath} runs another store; working on this store directly` });
    return null;
  }
  if (a.error.kind === 'protocol' && !changesState(request.command)) {
    // A read the server does not know (an older version): the store answers it just as well.
    notes.push({ verbose: false, text: `admin: the server on ${socketPath} does not take "${request.command}" (${a.error.message}); reading the store directly` });
    return null;
  }
  if (a.error.kind === 'usage') throw new UsageError(a.error.message);
  throw new AdminError('failed', a.error.kind === 'auth' ? `the server refused the admin token (${a.error.message}); check ADMIN_TOKEN or ${tokenFile}` : a.error.message);
}

export async function runChannelCommand(command: ChannelCommand, args: ParsedArgs, o: ChannelCommandOptions): Promise<ChannelCommandResult> {
  const notes: ChannelCommandResult['notes'] = [];
  const fail = (exitCode: number, error: string): ChannelCommandResult => ({ exitCode, error, notes });
  try {
    const id = args.options.get('request-id') ?? randomUUID();
    if (!REQUEST_ID.test(id)) throw new UsageError('--request-id must be 8 to 64 of letters, digits and . _ : -');
    const request: AdminRequest = { id, operator: operatorName(args, o), command, args: requestArgs(command, args), reason: args.options.get('reason') };
    checkRequest(request); // usage errors here, before anything is sent or opened
    const at = adminLocation(o.dataDir, {});
    const socketPath = o.adminSocket ?? at.socketPath;
    const seen = { stopping: false };
    let outcome = await viaServer(request, o, socketPath, at.tokenFile, notes, seen);
    if (outcome === null) {
      const store = await createStore({ databaseUrl: o.databaseUrl, dataDir: o.dataDir, clock: o.clock });
      try {
        const desks = storeDesks(store, socketPath, seen.stopping ? STOPPING_SERVER_WAIT_MS : 0);
        outcome = await createAdminExecutor({ store, clock: store.clock, desks, ...outboxNotifier(store) }).execute(request);
      } finally {
        await store.close();
      }
    }
    if (outcome.replayed) notes.push({ verbose: false, text: `admin: request ${id} was answered before; this is its recorded outcome, nothing was done again` });
    return { exitCode: 0, data: outcome.data, text: outcome.text, notes };
  } catch (error) {
    if (error instanceof UsageError) return fail(2, error.message);
    if (error instanceof AdminError) return fail(error.kind === 'usage' ? 2 : 1, error.message);
    if (error instanceof ChannelAccessError || error instanceof AdminSetupError) return fail(1, error.message);
    return fail(1, `unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
  }
}
