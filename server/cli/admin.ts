// `npm run admin -- <command>`: the operator's tool, over the same store as the server (DATA_DIR or
// DATABASE_URL). runAdmin is exported so tests and other tools run commands in-process.
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createStore, type Store } from '../store/index.ts';
import type { Clock } from '../clock.ts';
import { parseArgs, UsageError, type ParsedArgs } from './args.ts';
import * as commands from './commands.ts';
import * as ledger from './ledger-commands.ts';
import * as apikey from './apikey-commands.ts';
import * as fees from './fee-commands.ts';

export const USAGE = `usage: npm run admin -- <command> [--json]

  user create --email E --password P [--phone N] [--verified]   create a user (--verified: real-name certified)
  user show --email E | --phone N                                show a user
  user freeze --email E | --phone N                              freeze an account
  user unfreeze --email E | --phone N                            unfreeze an account
  session revoke --email E | --phone N                           sign a user out everywhere
  outbox list [--limit N]                                        newest messages first (default 20)
  config set KEY VALUE                                           set online_service, custom_line, custom_whatsapp or require_real_name (1 = trading needs real-name verification)
  config get KEY                                                 show a setting
  balance credit --email E --asset A --amount X [--account W] [--memo TEXT]
                                                                 credit from outside (W: coin (default), contract, earn, seconds, fiat)
  balance debit|freeze|unfreeze --email E --asset A --amount X [--account W] [--memo TEXT]
  balance show --email E                                         a user's balances in every account
  market list                                                    markets, their status and trading rules
  market open|close|maintenance SYMBOL                           open (also ends maintenance), close, or pause a market
  ledger verify                                                  recompute every balance from the journal and compare
  apikey create --email E [--trade] [--ip A[,B...]]              a Binance API key (read only unless --trade); prints the secret once
  apikey list --email E                                          a user's API keys (never their secrets)
  apikey revoke --email E --key K                                revoke an API key
  fees show                                                      the fee rate table (levels by trailing 30-day BTC volume)
  fees set --file TABLE.json                                     replace it (checked in full; invalid = nothing changes)

  --json prints the result as JSON. The store is DATA_DIR (default ./data) or DATABASE_URL.
  Balance commands act through the wallet's desk and are refused while a server runs it (stop the server first);
  market changes reach a running server within a few seconds; show, list and verify only read.
  API-key secrets are encrypted with API_KEY_SECRET, or DATA_DIR/api-key.secret when it is unset: the server
  must use the same one.`;

export interface AdminOptions {
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  clock?: Clock | undefined;
}

export interface AdminResult {
  exitCode: number;
  output: string;
}

type Command = (store: Store, args: ParsedArgs, options: AdminOptions) => Promise<commands.CommandResult>;

const COMMANDS: Readonly<Record<string, Command>> = {
  'user create': commands.userCreate,
  'user show': commands.userShow,
  'user freeze': (store, args) => commands.userFreeze(store, args, true),
  'user unfreeze': (store, args) => commands.userFreeze(store, args, false),
  'session revoke': commands.sessionRevoke,
  'outbox list': commands.outboxList,
  'config set': commands.configSet,
  'config get': commands.configGet,
  'balance credit': (store, args) => ledger.balanceAdjust(store, args, 'credit'),
  'balance debit': (store, args) => ledger.balanceAdjust(store, args, 'debit'),
  'balance freeze': (store, args) => ledger.balanceAdjust(store, args, 'freeze'),
  'balance unfreeze': (store, args) => ledger.balanceAdjust(store, args, 'unfreeze'),
  'balance show': ledger.balanceShow,
  'market list': ledger.marketList,
  'market open': (store, args) => ledger.marketSet(store, args, 'open'),
  'market close': (store, args) => ledger.marketSet(store, args, 'close'),
  'market maintenance': (store, args) => ledger.marketSet(store, args, 'maintenance'),
  'ledger verify': ledger.ledgerVerify,
  'apikey create': (store, args, o) => apikey.apiKeyCreate(store, args, o.dataDir),
  'apikey list': (store, args, o) => apikey.apiKeyList(store, args, o.dataDir),
  'apikey revoke': (store, args, o) => apikey.apiKeyRevoke(store, args, o.dataDir),
  'fees show': (store) => fees.feesShow(store),
  'fees set': (store, args) => fees.feesSet(store, args),
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runAdmin(argv: readonly string[], options: AdminOptions = {}): Promise<AdminResult> {
  let json = argv.includes('--json');
  let args: ParsedArgs;
  try {
    args = parseArgs(argv, ['email', 'password', 'phone', 'limit', 'asset', 'amount', 'account', 'memo', 'ip', 'key', 'file'], ['json', 'verified', 'help', 'trade']);
  } catch (error) {
    return { exitCode: 2, output: json ? JSON.stringify({ error: message(error) }) : `error: ${message(error)}\n\n${USAGE}` };
  }
  json = args.switches.has('json');
  if (args.switches.has('help')) return { exitCode: 0, output: USAGE };
  if (args.words.length === 0) return { exitCode: 2, output: USAGE };
  const command = COMMANDS[args.words.slice(0, 2).join(' ')];
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
    const result = await runAdmin(process.argv.slice(2), { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    process.exitCode = result.exitCode;
  } catch (error) {
    process.stderr.write(`error: ${message(error)}\n`);
    process.exitCode = 1;
  }
}
