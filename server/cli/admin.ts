// `npm run admin -- <command>`: the operator's tool, over the same store as the server (DATA_DIR or
// DATABASE_URL). Commands that act on the exchange (balances, markets, orders, freezes, sessions, the insurance
// fund) and the perp positions read go to the running server over its admin channel when one answers, else run on
// the store (channel-commands.ts, server/admin/).
// runAdmin is exported so tests and other tools run commands in-process.
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createStore, type Store } from '../store/index.ts';
import type { Clock } from '../clock.ts';
import { parseArgs, UsageError, type ParsedArgs } from './args.ts';
import * as commands from './commands.ts';
import * as ledger from './ledger-commands.ts';
import * as apikey from './apikey-commands.ts';
import { auditList } from './audit-commands.ts';
import * as perp from './perp-commands.ts';
import { runChannelCommand, type ChannelCommandOptions } from './channel-commands.ts';
import { isChannelCommand } from '../admin/protocol.ts';
import { adminSettingsFromEnv } from '../admin/index.ts';
import { IDENTITY_USAGE } from '../admin/identity.ts';
import { INVITE_USAGE } from '../admin/invite.ts';
import { SECURITY_USAGE } from '../admin/security.ts';
import { TWO_FACTOR_USAGE } from '../admin/twofactor.ts';
import { WALLET_USAGE } from '../admin/wallet.ts';
import { RESERVES_USAGE } from '../admin/reserves.ts';
import { EARN_USAGE } from '../admin/earn.ts';
import { QUANT_USAGE } from '../admin/quant.ts';
import { CONTENT_USAGE } from '../admin/content.ts';
import { FEEDBACK_USAGE } from '../admin/feedback.ts';
import { FEES_USAGE } from '../admin/fees.ts';
import { SETTINGS_USAGE } from '../admin/settings.ts';
import { OPS_USAGE } from '../admin/ops-commands.ts';
import { OPERATOR_USAGE, runOperatorCommand } from './operator-commands.ts';

export const USAGE = `usage: npm run admin -- <command> [--json] [--verbose]

  user create --email E --password P [--phone N] [--verified]   create a user (--verified: real-name certified)
  user show --email E | --phone N                                show a user
  user freeze --email E | --phone N --reason R                   freeze an account: no sign-in, no trading, signed out everywhere
  user unfreeze --email E | --phone N --reason R                 unfreeze an account
  session revoke --email E | --phone N --reason R                sign a user out everywhere
  outbox list [--limit N]                                        newest messages first (default 20)
  config set KEY VALUE                                           set online_service, custom_line, custom_whatsapp or require_real_name (1 = trading needs real-name verification)
  config get KEY                                                 show a setting
  balance credit --email E|--phone P --asset A --amount X --reason R [--account W] [--memo TEXT]
                                                                 credit from outside (W: coin (default), contract, earn, seconds, fiat)
  balance debit|freeze|unfreeze|lock|unlock --email E --asset A --amount X --reason R [--account W] [--memo TEXT]
                                                                 lock: like freeze, but only unlock releases it (an unfreeze can't)
  balance show --email E                                         a user's balances in every account
  market list                                                    markets, their status and trading rules
  market open|close|maintenance SYMBOL --reason R                open (also ends maintenance), close, or pause a market
  order cancel-all --email E | --phone N --reason R [--symbol S] cancel a user's open orders (in one market, or all)
  order list --email E | --phone N [--symbol S]                  a user's open orders: working ones, and conditional ones waiting
                                                                 for their trigger (condition, stop price or trailing delta and
                                                                 best price so far, OCO list)
  audit list [--limit N]                                         the operators' audit log, newest first (default 20)
  ledger verify                                                  recompute every balance from the journal and compare
  apikey create --email E [--trade] [--ip A[,B...]]              a Binance API key (read only unless --trade); prints the secret once
  apikey list --email E                                          a user's API keys (never their secrets)
  apikey revoke --email E --key K                                revoke an API key
  perp insurance [--limit N]                                     the insurance fund's balance and its latest movements (default 20)
  perp insurance fund --amount X --reason R [--memo TEXT]        contribute to the insurance fund from outside (USDT)
  perp positions [--email E] [--symbol S]                        open positions: size, entry, leverage, margin mode, margin,
                                                                 liquidation price, unrealized P&L at the mark
  perp funding --symbol S [--limit N]                            a perpetual market's settled funding, newest first
  perp marks --symbol S [--limit N]                              a perpetual market's recorded mark prices, newest first
  perp markets                                                   each perpetual's last mark, index, funding rate, last funding, brackets
  seconds config list [--symbol S]                               the seconds contracts' duration table (disabled rows too)
  seconds config set --symbol S --duration SEC --reason R [--payout X] [--loss X] [--min X] [--max X] [--fee X] [--enabled true|false]
                                                                 set or add a row (ratios as fractions: --payout 0.85); for new contracts
  seconds exposure list                                          the house's net exposure limits per market and direction, and the exposure now
  seconds exposure set --symbol S --direction up|down --amount X|none --reason R
                                                                 a contract that would take the net exposure past X USDT is refused
  seconds settings                                               the timed orders' horizon and what one user may hold in them
  seconds settings set [--horizon SEC] [--orders N] [--amount X] --reason R
                                                                 timed orders start at most SEC ahead; a user holds at most N
                                                                 not started, X USDT of stakes in all (for orders scheduled afterwards)
  seconds house                                                  the house account: balance, the open contracts' worst case, what is free
  seconds house credit|debit --amount X --reason R [--memo TEXT] credit the house from outside, or take back what open contracts do not need
${[IDENTITY_USAGE, SECURITY_USAGE, TWO_FACTOR_USAGE, INVITE_USAGE, WALLET_USAGE, RESERVES_USAGE, EARN_USAGE, QUANT_USAGE, CONTENT_USAGE, FEEDBACK_USAGE, FEES_USAGE, SETTINGS_USAGE, OPS_USAGE].filter((u) => u !== '').join('\n')}
${OPERATOR_USAGE}

  --json prints the result as JSON. The store is DATA_DIR (default ./data) or DATABASE_URL.
  Balance, market, order, user freeze, session, perp insurance fund and perp positions commands go to the
  running server through its admin channel (DATA_DIR/admin.sock and DATA_DIR/admin.token, or ADMIN_SOCKET and
  ADMIN_TOKEN), through the same desks as users' commands and in effect at once; with no server running they work on the store directly. Those that
  change something need --reason and are written to the audit log with the operator (--operator, default the OS
  user name). A command whose answer was lost can be repeated with --request-id ID: it is never applied twice.
  --verbose says on stderr which way a command went. The perp commands (the contract account) fund the
  insurance fund and read; none chooses a user's outcome: there is no forced liquidation and no position edit.
  The seconds commands go the same way; they set terms for contracts placed afterwards and fund the house: no
  setting chooses an outcome (every contract settles on the public price record).
  The earn commands go the same way: products and pools, the treasury their incomes come from (a purchase is
  accepted only while the treasury holds every income promised), the users' orders, and a run of what is due.
  order list asks the running server's spot desk, or with no server reads the store.
  perp positions asks the running server's perp desk (figures at its current mark), or with no server reads the
  store (at the last recorded mark).
  API-key secrets are encrypted with API_KEY_SECRET, or DATA_DIR/api-key.secret when it is unset: the server
  must use the same one.`;

/** The channel's options, with the data folder optional (DATA_DIR or ./data when unset). */
export type AdminOptions = Omit<ChannelCommandOptions, 'dataDir'> & { dataDir?: string | undefined };

export interface AdminResult {
  exitCode: number;
  output: string;
  /** Lines for stderr: which way a command went (with --verbose) and notes such as a replayed request. */
  log?: string[];
}

type Command = (store: Store, args: ParsedArgs, options: AdminOptions) => Promise<commands.CommandResult>;

const COMMANDS: Readonly<Record<string, Command>> = {
  'user create': commands.userCreate,
  'user show': commands.userShow,
  'outbox list': commands.outboxList,
  'config set': commands.configSet,
  'config get': commands.configGet,
  'balance show': ledger.balanceShow,
  'ledger verify': ledger.ledgerVerify,
  'audit list': auditList,
  'apikey create': (store, args, o) => apikey.apiKeyCreate(store, args, o.dataDir),
  'apikey list': (store, args, o) => apikey.apiKeyList(store, args, o.dataDir),
  'apikey revoke': (store, args, o) => apikey.apiKeyRevoke(store, args, o.dataDir),
  'perp insurance': perp.perpInsurance,
  'perp funding': perp.perpFunding,
  'perp marks': perp.perpMarks,
  'perp markets': perp.perpMarketsRead,
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runAdmin(argv: readonly string[], options: AdminOptions = {}): Promise<AdminResult> {
  // The operator console's accounts (issue 25): their own options (--password-stdin), on the store.
  if (argv[0] === 'operator') return runOperatorCommand(argv, options);
  let json = argv.includes('--json');
  let args: ParsedArgs;
  try {
    args = parseArgs(
      argv,
      ['email', 'password', 'phone', 'limit', 'asset', 'amount', 'account', 'memo', 'ip', 'key', 'file', 'reason', 'operator', 'request-id', 'symbol', 'duration', 'payout', 'loss', 'min', 'max', 'fee', 'enabled', 'direction', 'horizon', 'orders', 'id', 'status', 'out', 'level1', 'level2', 'day', 'network', 'kind', 'name', 'income-asset', 'term', 'rate', 'quota', 'release', 'rebate', 'sort', 'category', 'slug', 'locale', 'title', 'summary', 'body', 'revision', 'at', 'text', 'value'],
      ['json', 'verified', 'help', 'trade', 'verbose', 'all', 'sell-base'],
    );
  } catch (error) {
    return { exitCode: 2, output: json ? JSON.stringify({ error: message(error) }) : `error: ${message(error)}\n\n${USAGE}` };
  }
  json = args.switches.has('json');
  if (args.switches.has('help')) return { exitCode: 0, output: USAGE };
  if (args.words.length === 0) return { exitCode: 2, output: USAGE };
  // Three-word channel commands first (`perp insurance fund`), then two words (`perp insurance`, `market open`).
  const long = args.words.slice(0, 3).join(' ');
  const name = args.words.length >= 3 && isChannelCommand(long) ? long : args.words.slice(0, 2).join(' ');
  if (isChannelCommand(name)) {
    const r = await runChannelCommand(name, args, {
      dataDir: resolve(options.dataDir ?? 'data'),
      databaseUrl: options.databaseUrl,
      clock: options.clock,
      adminSocket: options.adminSocket,
      adminToken: options.adminToken,
      operator: options.operator,
      answerTimeoutMs: options.answerTimeoutMs,
    });
    const verbose = args.switches.has('verbose');
    const log = r.notes.filter((n) => verbose || !n.verbose).map((n) => n.text);
    const output =
      r.exitCode === 0
        ? json ? JSON.stringify(r.data, null, 2) : (r.text ?? '')
        : json ? JSON.stringify({ error: r.error }) : `error: ${r.error}`;
    return { exitCode: r.exitCode, output, ...(log.length > 0 ? { log } : {}) };
  }
  const command = COMMANDS[name];
  if (!command) {
    const error = `unknown command "${args.words.join(' ')}"`;
    return { exitCode: 2, output: json ? JSON.stringify({ error }) : `error: ${error}\n\n${USAGE}` };
  }

  let store: Store | undefined;
  try {
    store = await createStore({
      databaseUrl: options.databaseUrl,
      dataDir: resolve(options.dataDir ?? 'data'),
      clock: options.clock,
    });
    const result = await command(store, args, options);
    return { exitCode: 0, output: json ? JSON.stringify(result.data, null, 2) : result.text };
  } catch (error) {
    const usage = error instanceof UsageError;
    const known = usage || error instanceof commands.CommandError;
    const text = known ? message(error) : `unexpected failure: ${message(error)}`;
    return { exitCode: usage ? 2 : 1, output: json ? JSON.stringify({ error: text }) : `error: ${text}` };
  } finally {
    await store?.close();
  }
}

if (import.meta.main) {
  try {
    const config = loadConfig();
    const admin = adminSettingsFromEnv(process.env);
    const result = await runAdmin(process.argv.slice(2), {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      adminSocket: admin.socketPath,
      adminToken: admin.token,
    });
    for (const line of result.log ?? []) process.stderr.write(`${line}\n`);
    (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    process.exitCode = result.exitCode;
  } catch (error) {
    process.stderr.write(`error: ${message(error)}\n`);
    process.exitCode = 1;
  }
}
