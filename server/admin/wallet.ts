// The operator commands of issue 22's wallet (server/wallet/README.md): reviewing withdrawals, reading deposits, and
// the wallet's state. The executor (commands.ts) audits every state-changing one with its reason, before and after
// it runs; each works over the running server's channel (the desk in sequence with users' commands) or, with no
// server, on the store (a reject opens the spot desk under its lease for the one command).
//
// - `withdrawal list` reads withdrawals, newest first (a status, a user, an asset, a network, a count).
// - `withdrawal approve --id N --reason R`: applied → approved; the signer sends it.
// - `withdrawal reject --id N --reason R`: the reason is the one the user reads (their list and the e-mail); the
//   held amount goes back (the desk's 'withdrawal_rejected' record). Also for an approved withdrawal whose
//   transaction the signer gave up on (failed, never settled).
// - `deposit list --email E | --phone N`: a user's deposits as the chain's watchers recorded them.
// - `wallet status`: the watchers' heads, the signer's open and failed transactions, the on-chain balances read
//   last (deposit addresses and the hot wallet), and how many withdrawals wait in each state.
import { normalizeAccount } from '../contract/validate.ts';
import { DECIMALS, formatDecimal } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import type { UserRow } from '../store/users.ts';
import type { WithdrawalRow, WithdrawalState } from '../store/wallet.ts';
import { isNetworkId, NETWORK_IDS, type DepositRow, type DepositState } from '../wallet/ports.ts';
import { approveWithdrawal, rejectWithdrawal, ReviewRefused } from '../wallet/review.ts';
import type { AdminContext, AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const WALLET_USAGE = `  withdrawal list [--status S] [--email E | --phone N] [--asset A] [--network ETH|BTC] [--limit N]
                                                                 withdrawals, newest first (default 50); S: applied (waiting for review),
                                                                 approved, broadcast, confirmed, rejected, cancelled
  withdrawal approve --id N --reason R                           approve an applied withdrawal: the signer sends it
  withdrawal reject --id N --reason R                            reject one (the reason is shown to the user); the amount goes back
  deposit list --email E | --phone N [--asset A] [--status S] [--limit N]
                                                                 a user's deposits, newest first; S: pending, credited, below_min, orphaned
  wallet status                                                  watcher heads, signer state, on-chain balances, withdrawals per state`;

const WITHDRAWAL_STATES: readonly WithdrawalState[] = ['applying', 'applied', 'approved', 'broadcast', 'confirmed', 'rejected', 'cancelled'];
const DEPOSIT_STATES: readonly DepositState[] = ['pending', 'credited', 'below_min', 'orphaned'];
const WHOLE = /^[1-9]\d{0,14}$/;
const MAX_LIST = 500;

export function isWalletCommand(command: ChannelCommand): boolean {
  return command.startsWith('withdrawal ') || command.startsWith('deposit ') || command === 'wallet status';
}

const dec = (v: bigint) => formatDecimal(v, DECIMALS, true);
const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));

const withdrawalData = (w: WithdrawalRow) => ({
  id: w.id, userId: w.user, asset: w.asset, network: w.network, address: w.address, amount: dec(w.amount), fee: dec(w.fee), received: dec(w.amount - w.fee),
  valueUsdt: dec(w.valueUsdt), status: w.status, reason: w.reason, clientId: w.clientId, via: w.via, txHash: w.txHash, confirmations: w.confirmations,
  createdAt: w.createdAt, updatedAt: w.updatedAt, reviewedBy: w.reviewedBy, reviewedAt: w.reviewedAt, releasedAt: w.releasedAt, settledAt: w.settledAt,
});

const withdrawalLine = (w: WithdrawalRow) =>
  `  #${String(w.id).padEnd(7)}${w.status.padEnd(10)}user ${w.user}  ${dec(w.amount)} ${w.asset} (fee ${dec(w.fee)}) on ${w.network} to ${w.address}  ${when(w.createdAt)}` +
  (w.txHash ? `  tx ${w.txHash}` : '') + (w.reviewedBy ? `  by ${w.reviewedBy}` : '') + (w.reason ? `: ${w.reason}` : '');

const depositData = (d: DepositRow) => ({
  id: d.id, userId: d.user, asset: d.asset, network: d.network, amount: dec(d.amount), address: d.address, txHash: d.txHash, index: d.index,
  confirmations: d.confirmations, required: d.required, status: d.status, createdAt: d.createdAt, creditedAt: d.creditedAt,
});

async function findUser(store: Store, args: AdminRequest['args'], failed: (m: string) => Error): Promise<UserRow> {
  const row = args.email !== undefined ? await store.users.findByEmail(normalizeAccount('email', args.email)) : await store.users.findByPhone(normalizeAccount('phone', args.phone ?? ''));
  if (row === undefined) throw failed(`no user with ${args.email !== undefined ? `e-mail ${args.email}` : `phone ${args.phone}`}`);
  return row;
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planWallet(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const args = req.args;
  const limit = (fallback: number): number => {
    if (args.limit === undefined) return fallback;
    if (!WHOLE.test(args.limit) || Number(args.limit) > MAX_LIST) throw usage(`--limit must be 1 to ${MAX_LIST}, not ${args.limit}`);
    return Number(args.limit);
  };
  const asset = (): string | undefined => {
    if (args.asset === undefined) return undefined;
    if (!/^[A-Za-z0-9]{1,16}$/.test(args.asset)) throw usage(`--asset must be a coin such as USDT, not ${args.asset}`);
    return args.asset.toUpperCase();
  };
  const withdrawalId = (): number => {
    if (args.id === undefined) throw usage('--id N is required (the withdrawal, from withdrawal list)');
    if (!WHOLE.test(args.id)) throw usage(`--id must be a withdrawal number, not ${args.id}`);
    return Number(args.id);
  };
  const refusal = (error: unknown): never => {
    if (error instanceof ReviewRefused) throw failed(error.message);
    throw error;
  };

  switch (req.command) {
    case 'withdrawal list': {
      const status = args.status as WithdrawalState | undefined;
      if (status !== undefined && !WITHDRAWAL_STATES.includes(status)) throw usage(`--status must be one of ${WITHDRAWAL_STATES.join(', ')}`);
      const network = args.network?.toUpperCase();
      if (network !== undefined && !isNetworkId(network)) throw usage(`--network must be one of ${NETWORK_IDS.join(', ')}`);
      if (args.email !== undefined && args.phone !== undefined) throw usage('give --email or --phone, not both');
      const n = limit(50);
      const a = asset();
      return async ({ store }) => {
        const user = args.email !== undefined || args.phone !== undefined ? await findUser(store, args, failed) : undefined;
        const statuses = status === undefined ? undefined : status === 'applied' ? (['applying', 'applied'] as WithdrawalState[]) : [status];
        const { rows, total } = await store.wallet.list({ user: user?.id, asset: a, network, statuses }, 0, n);
        const head = rows.length === 0 ? 'no withdrawals' : `${rows.length} of ${total} withdrawal(s)${status ? ` ${status}` : ''}${user ? ` of user ${user.id}` : ''}, newest first:`;
        return { data: rows.map(withdrawalData), text: [head, ...rows.map(withdrawalLine)].join('\n') };
      };
    }
    case 'withdrawal approve': {
      const id = withdrawalId();
      return async (ctx) => {
        const done = await approveWithdrawal(ctx, id, req.operator).catch(refusal);
        const w = done.row;
        const text = done.already
          ? `withdrawal #${id} was already ${w.status} (by ${w.reviewedBy ?? '-'}); nothing changed`
          : `approved withdrawal #${id}: ${dec(w.amount)} ${w.asset} of user ${w.user} to ${w.address} on ${w.network}; the signer sends ${dec(w.amount - w.fee)}`;
        return { data: { ...withdrawalData(w), already: done.already }, text };
      };
    }
    case 'withdrawal reject': {
      const id = withdrawalId();
      return async (ctx: AdminContext) => {
        const reason = req.reason?.trim() ?? '';
        const done = await ctx.desks.withSpot((spot) => rejectWithdrawal(ctx, spot, id, req.operator, reason)).catch(refusal);
        const w = done.row;
        const text = done.already
          ? `withdrawal #${id} was already rejected (${w.reason ?? ''}); its amount is back${w.releasedAt === null ? ' once the desk is' : ''}`
          : `rejected withdrawal #${id} of user ${w.user}: ${dec(w.amount)} ${w.asset} back to their balance${done.notified ? '; the user was told' : ''}`;
        return { data: { ...withdrawalData(w), already: done.already, notified: done.notified }, text };
      };
    }
    case 'deposit list': {
      if ((args.email === undefined) === (args.phone === undefined)) throw usage('deposit list needs --email E or --phone N (one of them)');
      const status = args.status as DepositState | undefined;
      if (status !== undefined && !DEPOSIT_STATES.includes(status)) throw usage(`--status must be one of ${DEPOSIT_STATES.join(', ')}`);
      const network = args.network?.toUpperCase();
      if (network !== undefined && !isNetworkId(network)) throw usage(`--network must be one of ${NETWORK_IDS.join(', ')}`);
      const n = limit(50);
      const a = asset();
      return async ({ store }) => {
        const user = await findUser(store, args, failed);
        const page = await store.chain.deposits({ user: user.id, ...(a === undefined ? {} : { asset: a }), ...(status === undefined ? {} : { status }), pageIndex: 1, pageSize: n });
        const rows = page.list.filter((d) => network === undefined || d.network === network);
        const head = rows.length === 0 ? `no deposits of user ${user.id}` : `${rows.length} of ${page.total} deposit(s) of user ${user.id}, newest first:`;
        const lines = rows.map((d) => `  #${String(d.id).padEnd(7)}${d.status.padEnd(10)}${dec(d.amount)} ${d.asset} on ${d.network}  ${d.confirmations}/${d.required}  tx ${d.txHash}:${d.index}  ${when(d.createdAt)}`);
        return { data: rows.map(depositData), text: [head, ...lines].join('\n') };
      };
    }
    case 'wallet status':
      return async ({ store }) => {
        const heads = await Promise.all(NETWORK_IDS.map(async (n) => ({ network: n, head: await store.chain.tip(n) })));
        const counts = await store.wallet.counts();
        const reserves = await store.chain.latestReserves();
        const signer = (await Promise.all(NETWORK_IDS.map((n) => store.signer.list(n, 200)))).flat();
        const open = signer.filter((t) => t.status === 'prepared' || t.status === 'signed' || t.status === 'broadcast');
        const stuckRows = await store.wallet.inStates(['approved', 'broadcast'], 500);
        const txs = await store.signer.txsFor(stuckRows.map((w) => w.id));
        const failedIds = new Set(txs.filter((t) => t.status === 'failed').map((t) => t.withdrawalId));
        const stuck = stuckRows.filter((w) => failedIds.has(w.id));
        const data = {
          watchers: heads.map((h) => ({ network: h.network, height: h.head?.height ?? null, hash: h.head?.hash ?? null })),
          signer: {
            open: open.map((t) => ({ withdrawalId: t.withdrawalId, network: t.network, nonce: t.fields?.nonce ?? null, status: t.status, hash: t.hash })),
            failed: stuck.map((w) => ({ ...withdrawalData(w), error: txs.find((t) => t.withdrawalId === w.id && t.status === 'failed')?.error ?? null })),
          },
          reserves: reserves.map((r) => ({ asset: r.asset, network: r.network, amount: dec(r.amount), addresses: r.addresses, block: r.block, readAt: r.readAt })),
          withdrawals: counts,
        };
        const lines = [
          'watchers:',
          ...data.watchers.map((w) => `  ${w.network.padEnd(4)}${w.height === null ? 'not started' : `block ${w.height} ${w.hash}`}`),
          `signer: ${open.length} transaction(s) in flight, ${stuck.length} failed withdrawal(s) waiting for an operator`,
          ...open.map((t) => `  withdrawal #${t.withdrawalId}  ${t.network}  nonce ${t.fields?.nonce ?? '-'}  ${t.status}  ${t.hash ?? ''}`),
          ...data.signer.failed.map((f) => `  FAILED withdrawal #${f.id} (${f.status}) ${f.amount} ${f.asset} to ${f.address}: ${f.error ?? ''}`),
          'on-chain balances (deposit addresses and hot wallet, as last read):',
          ...(data.reserves.length === 0 ? ['  none read yet'] : data.reserves.map((r) => `  ${r.asset.padEnd(6)}${r.network.padEnd(4)}${r.amount}  (${r.addresses} address(es), block ${r.block ?? '-'}, read ${when(r.readAt)})`)),
          `withdrawals: ${WITHDRAWAL_STATES.map((s) => `${s} ${counts[s]}`).join(', ')}`,
        ];
        return { data, text: lines.join('\n') };
      };
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}
