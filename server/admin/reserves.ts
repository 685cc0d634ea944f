// The operator commands of the proof of liabilities (issue 22; server/reserves/README.md): take a snapshot now, and
// list the snapshots with their roots, totals and record entries. The executor (commands.ts) audits `reserves
// snapshot` with its reason, before and after it runs; its request id goes on the snapshot, so the same request
// again (an answer lost) answers the snapshot it made instead of taking another. A snapshot only reads balances and
// publishes a root: it changes nobody's money. Over the channel it runs in the server (one at a time with the daily
// job); with no server, on the store directly.
import { formatDecimal } from '../kernel/money/decimal.ts';
import { takeSnapshot, type SnapshotReport } from '../reserves/snapshot.ts';
import type { SnapshotRow } from '../store/reserves.ts';
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const RESERVES_USAGE = [
  '  reserves snapshot --reason R                                   snapshot every user\'s balances into the liabilities tree now and publish its root',
  '  reserves list [--limit N] [--id N]                             snapshots, newest first (default 20), or one with its totals and record entry',
].join('\n');

export function isReservesCommand(command: ChannelCommand): boolean {
  return command.startsWith('reserves ');
}

const coins = (units: string) => formatDecimal(BigInt(units), 8, true);
const totalsText = (assets: readonly string[], totals: Record<string, string>) =>
  assets.length === 0 ? 'nothing held' : assets.map((a) => `${coins(totals[a] ?? '0')} ${a}`).join(', ');
const iso = (t: number) => new Date(t).toISOString();

function snapshotText(r: SnapshotReport): string {
  const head = r.duplicate
    ? `request already done: snapshot #${r.snapshotId} (record entry #${r.seq}), nothing taken now`
    : `snapshot #${r.snapshotId} published as record entry #${r.seq} in ${(r.ms.total / 1000).toFixed(1)} s`;
  const lines = [
    head,
    `  taken at ${iso(r.takenAt)}: ${r.userCount} user(s) in ${r.leafCount} leaves`,
    `  root ${r.rootHash}`,
    `  record hash ${r.recordHash}`,
    `  totals: ${totalsText(r.assets, r.totals)}`,
  ];
  if (r.negatives.length > 0) {
    lines.push(`  ${r.negatives.length} negative sum(s), left at zero in their leaves (the totals overstate, never understate):`);
    for (const n of r.negatives) lines.push(`    user ${n.user}: ${coins(n.amount)} ${n.asset}`);
  }
  return lines.join('\n');
}

const rowData = (s: SnapshotRow) => ({
  id: s.id, status: s.status, cause: s.cause, takenAt: s.takenAt, publishedAt: s.publishedAt, userCount: s.userCount, leafCount: s.leafCount,
  rootHash: s.rootHash, assets: s.assets, totals: s.totals, negatives: s.negatives, operator: s.operator, reason: s.reason, error: s.error,
});

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planReserves(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const args = req.args;
  switch (req.command) {
    case 'reserves snapshot':
      if (args.id !== undefined || args.limit !== undefined) throw usage('reserves snapshot takes only --reason');
      return async ({ store, clock }) => {
        const report = await takeSnapshot({ store, clock, cause: 'operator', requestId: req.id, operator: req.operator, reason: req.reason });
        const { ms, ...data } = report;
        return { data: { ...data, ms: Math.round(ms.total) }, text: snapshotText(report) };
      };
    case 'reserves list': {
      let limit = 20;
      if (args.limit !== undefined) {
        if (!/^[1-9]\d{0,3}$/.test(args.limit)) throw usage(`--limit must be 1 to 9999, not ${args.limit}`);
        limit = Number(args.limit);
      }
      if (args.id !== undefined && !/^[1-9]\d{0,14}$/.test(args.id)) throw usage(`--id must be a snapshot number, not ${args.id}`);
      const id = args.id === undefined ? undefined : Number(args.id);
      return async ({ store }) => {
        if (id !== undefined) {
          const s = await store.reserves.byId(id);
          if (s === undefined) throw failed(`no snapshot #${id}`);
          const entry = await store.reserves.recordOf(id);
          const lines = [
            `snapshot #${s.id} (${s.status}, ${s.cause}${s.operator === null ? '' : ` by ${s.operator}: ${s.reason ?? ''}`}) taken at ${iso(s.takenAt)}`,
            `  ${s.userCount} user(s) in ${s.leafCount} leaves; root ${s.rootHash ?? '-'}`,
            `  totals: ${totalsText(s.assets, s.totals)}`,
            entry === undefined ? '  not in the public record' : `  record entry #${entry.seq}: hash ${entry.hash}, previous ${entry.prevHash}`,
            ...(s.error === null ? [] : [`  error: ${s.error}`]),
            ...s.negatives.map((n) => `  negative, left at zero: user ${n.user} ${coins(n.amount)} ${n.asset}`),
          ];
          return { data: { ...rowData(s), record: entry ?? null }, text: lines.join('\n') };
        }
        const rows = await store.reserves.list(limit);
        const head = rows.length === 0 ? 'no snapshots yet' : `${rows.length} snapshot(s), newest first:`;
        const lines = rows.map((s) =>
          `  #${s.id}  ${iso(s.takenAt)}  ${s.status.padEnd(9)} ${s.cause.padEnd(8)} ${String(s.userCount).padStart(9)} users  ` +
            `${s.rootHash === null ? '-' : `${s.rootHash.slice(0, 16)}…`}  ${s.status === 'published' ? totalsText(s.assets, s.totals) : (s.error ?? '')}`,
        );
        return { data: rows.map(rowData), text: [head, ...lines].join('\n') };
      };
    }
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}
