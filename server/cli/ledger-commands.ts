// Operator commands for balances, markets and the ledger.
//
// Safety: a balance change goes through the very desk that owns the wallet (same checks, journal, records), which
// the CLI opens for the duration of the command. Opening a desk takes its lease, so while a server runs that desk
// the command is refused with a message naming the holder: no second writer can ever touch the balances. (When the
// admin API exists, it will send the same command to the running desk instead.) Market flags are plain settings:
// written to the store and picked up by a running spot desk within its refresh interval (2 s by default), in
// sequence with orders. `balance show`, `market list` and `ledger verify` only read, from one snapshot.
import { createInProcessBus } from '../bus/index.ts';
import { formatDecimal, WALLETS, type Wallet } from '../kernel/index.ts';
import type { DeskEvent, FundsDesk } from '../desks/index.ts';
import { LeaseHeldError, SpotDesk, verifyLedger } from '../desks/index.ts';
import type { AdjustAction } from '../desks/funds.ts';
import { newHolderId } from '../desks/lease.ts';
import { openWalletDesk } from '../desks/wallet.ts';
import { normalizeAccount } from '../contract/validate.ts';
import type { Store } from '../store/index.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import { CommandError, type CommandResult } from './commands.ts';

const dec = (minor: bigint) => formatDecimal(minor, 8, true);

async function userByEmail(store: Store, args: ParsedArgs): Promise<{ id: number; email: string }> {
  const email = args.options.get('email');
  if (!email) throw new UsageError('--email is required');
  const user = await store.users.findByEmail(normalizeAccount('email', email));
  if (!user) throw new CommandError(`no user with e-mail ${email}`);
  return { id: user.id, email: user.email ?? email };
}

function wallet(args: ParsedArgs): Wallet {
  const name = args.options.get('account') ?? 'coin';
  if (!(WALLETS as readonly string[]).includes(name)) throw new UsageError(`--account must be one of ${WALLETS.join(', ')}`);
  return name as Wallet;
}

/** Opens the wallet's desk (taking its lease), runs `work`, closes it; refuses while another process runs it. */
async function withDesk<T>(store: Store, name: Wallet, work: (desk: FundsDesk) => Promise<T>): Promise<T> {
  const o = { store, bus: createInProcessBus<DeskEvent>(), clock: store.clock, holder: newHolderId('cli-') };
  let desk: FundsDesk;
  try {
    desk = name === 'coin' ? await SpotDesk.open({ ...o, marketRefreshMs: 0 }) : await openWalletDesk({ ...o, wallet: name });
  } catch (error) {
    if (error instanceof LeaseHeldError) throw new CommandError(`${error.message} (balance commands need the server stopped)`);
    throw error;
  }
  try {
    return await work(desk);
  } finally {
    await desk.close();
  }
}

export async function balanceAdjust(store: Store, args: ParsedArgs, action: AdjustAction): Promise<CommandResult> {
  const user = await userByEmail(store, args);
  const asset = args.options.get('asset')?.toUpperCase();
  const amount = args.options.get('amount');
  if (!asset) throw new UsageError('--asset is required');
  if (!amount) throw new UsageError('--amount is required');
  const known = new Set((await store.markets.configs()).flatMap((m) => [m.base, m.quote]));
  if (!known.has(asset)) throw new CommandError(`unknown asset ${asset}; known: ${[...known].sort().join(', ')}`);
  const account = wallet(args);
  const memo = args.options.get('memo') ?? `operator ${action}`;
  const reply = await withDesk(store, account, (desk) => desk.adjust({ user: user.id, asset, amount, action, memo }));
  if (!reply.ok) throw new CommandError(`refused: ${reply.code}`);
  const b = reply.value;
  const verb = { credit: 'credited', debit: 'debited', freeze: 'froze', unfreeze: 'unfroze' }[action];
  return {
    data: { userId: user.id, action, amount, ...b },
    text: `${verb} ${amount} ${asset} ${action === 'credit' ? 'to' : 'of'} user ${user.id} (${user.email}), ${account} account: available ${b.available}, frozen ${b.frozen}`,
  };
}

export async function balanceShow(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const user = await userByEmail(store, args);
  const rows = (await store.ledger.userBalances(user.id)).filter((b) => b.available !== 0n || b.frozen !== 0n);
  const data = rows.map((b) => ({ account: b.wallet, asset: b.asset, available: dec(b.available), frozen: dec(b.frozen) }));
  const text = data.length
    ? [`user ${user.id} (${user.email})`, ...data.map((b) => `  ${b.account.padEnd(9)}${b.asset.padEnd(7)}available ${b.available.padEnd(20)}frozen ${b.frozen}`)].join('\n')
    : `user ${user.id} (${user.email}) has no balances`;
  return { data: { userId: user.id, balances: data }, text };
}

export async function marketList(store: Store): Promise<CommandResult> {
  const markets = await store.markets.configs();
  const data = markets.map((m) => ({
    symbol: m.symbol,
    kind: m.kind,
    status: m.isOpen !== 0 ? 'closed' : m.maintenance ? 'maintenance' : 'open',
    tickSize: dec(m.tickSize),
    lotSize: dec(m.lotSize),
    minQty: dec(m.minQty),
    maxQty: dec(m.maxQty),
    minNotional: dec(m.minNotional),
    maxNotional: dec(m.maxNotional),
    priceBandPercent: m.priceBandBps / 100,
  }));
  const text = data
    .map((m) => `${m.symbol.padEnd(10)}${m.kind.padEnd(6)}${m.status.padEnd(13)}tick ${m.tickSize.padEnd(9)}lot ${m.lotSize.padEnd(12)}band ${m.priceBandPercent}%`)
    .join('\n');
  return { data, text };
}

export async function marketSet(store: Store, args: ParsedArgs, to: 'open' | 'close' | 'maintenance'): Promise<CommandResult> {
  const symbol = args.words[2]?.toUpperCase();
  if (!symbol) throw new UsageError(`usage: market ${to} SYMBOL`);
  // Opening clears maintenance too: "open" means users can trade.
  const status = to === 'open' ? { isOpen: 0, maintenance: false } : to === 'close' ? { isOpen: 1 } : { maintenance: true };
  if (!(await store.markets.setStatus(symbol, status))) throw new CommandError(`no market ${symbol}`);
  const done = to === 'open' ? 'opened' : to === 'close' ? 'closed' : 'put under maintenance';
  return { data: { symbol, ...status }, text: `${symbol} ${done} (a running server applies it within a few seconds)` };
}

export async function ledgerVerify(store: Store): Promise<CommandResult> {
  const report = await verifyLedger(store);
  if (!report.ok) throw new CommandError(`the ledger does not balance:\n  ${report.problems.join('\n  ')}`);
  const lines = report.assets.map((a) => `  ${a.asset.padEnd(7)}journal ${a.journal}, balances ${a.balances}`);
  return { data: report, text: [`ledger OK: ${report.entries} entries`, ...lines].join('\n') };
}
