// Operator commands that read balances and the ledger: `balance show` and `ledger verify`, on one snapshot of the
// store (safe while a server runs). The commands that change balances and markets go through a desk and leave an
// audit row: channel-commands.ts and server/admin/.
import { formatDecimal } from '../kernel/index.ts';
import { verifyLedger } from '../desks/index.ts';
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

/** A user's balances; `locked` (the part of frozen an operator locked: desks/funds.ts) appears only where there is one. */
export async function balanceShow(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const user = await userByEmail(store, args);
  const { rows, locks } = await store.snapshot(async (repos) => {
    const rows = (await repos.ledger.userBalances(user.id)).filter((b) => b.available !== 0n || b.frozen !== 0n);
    const locks = new Map<string, bigint>();
    for (const wallet of new Set(rows.filter((b) => b.frozen !== 0n).map((b) => b.wallet))) {
      for (const l of await repos.adminLedger.locked(wallet)) if (l.user === user.id) locks.set(`${wallet}:${l.asset}`, l.amount);
    }
    return { rows, locks };
  });
  const data = rows.map((b) => {
    const locked = locks.get(`${b.wallet}:${b.asset}`);
    return { account: b.wallet, asset: b.asset, available: dec(b.available), frozen: dec(b.frozen), ...(locked === undefined ? {} : { locked: dec(locked) }) };
  });
  const text = data.length
    ? [
        `user ${user.id} (${user.email})`,
        ...data.map((b) => `  ${b.account.padEnd(9)}${b.asset.padEnd(7)}available ${b.available.padEnd(20)}frozen ${b.frozen}${b.locked === undefined ? '' : ` (locked ${b.locked})`}`),
      ].join('\n')
    : `user ${user.id} (${user.email}) has no balances`;
  return { data: { userId: user.id, balances: data }, text };
}

export async function ledgerVerify(store: Store): Promise<CommandResult> {
  const report = await verifyLedger(store);
  if (!report.ok) throw new CommandError(`the ledger does not balance:\n  ${report.problems.join('\n  ')}`);
  const lines = report.assets.map((a) => `  ${a.asset.padEnd(7)}journal ${a.journal}, balances ${a.balances}`);
  return { data: report, text: [`ledger OK: ${report.entries} entries`, ...lines].join('\n') };
}
