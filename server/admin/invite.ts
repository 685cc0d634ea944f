// The operator commands of invitations: commission rates, the daily commission runs, their check against the fee
// records (issue 21; server/accounts/invite/README.md). The executor (commands.ts) audits every state-changing one
// with its reason, before and after it runs. `invite commissions run` pays through the spot desk (the running
// server's over the channel, or one the CLI opens under its lease), which pays each reference once, so running it
// beside the server's own job, or twice, never pays twice.
import {
  dayText, minorText, parseDay, parseRate, rateText, runCommissions, verifyCommissions, DEFAULT_RATES, type RunReport, type VerifyReport,
} from '../accounts/invite/commission.ts';
import { normalizeAccount } from '../contract/validate.ts';
import type { AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const INVITE_USAGE = [
  '  invite rates                                                   the commission rates in force and their history',
  '  invite rates set --level1 X --level2 Y --reason R              set the rates (fractions of the fee, e.g. 0.2; level1 + level2 ≤ 1), from the next UTC day on',
  '  invite commissions [--day YYYY-MM-DD] [--email E] [--limit N]  commission payments, newest first (default 50)',
  '  invite commissions run --reason R                              pay every finished UTC day not yet paid, now',
  '  invite verify [--day YYYY-MM-DD]                               recompute the payments from the fee records and compare with the journal',
].join('\n');

export function isInviteCommand(command: ChannelCommand): boolean {
  return command.startsWith('invite ');
}

const pct = (ppm: number) => `${rateText(ppm)} (${ppm / 10_000}%)`;

function runText(r: RunReport): string {
  if (r.days.length === 0) return `nothing to pay${r.through === null ? '' : `: every day through ${r.through} is paid`}`;
  const lines = r.days.map((d) => {
    const totals = d.totals.map((t) => `L${t.level} ${t.amount} ${t.asset}`).join(', ') || 'no commissions';
    return `  ${d.day}: ${d.payments} payment(s), ${d.paid} paid now, ${d.duplicates} already paid, ${d.waiting} waiting for fee income; ${totals}`;
  });
  return [`commissions paid through ${r.through ?? '-'}:`, ...lines].join('\n');
}

function verifyText(r: VerifyReport): string {
  if (r.days.length === 0) return 'no commission days to verify';
  const lines = r.days.flatMap((d) => [
    `  ${d.day} (${d.state}): ${d.journalled}/${d.expected} journalled${d.waiting > 0 ? `, ${d.waiting} waiting` : ''}, ${d.mismatches.length === 0 ? 'matches the fee records' : 'MISMATCH'}`,
    ...d.mismatches.map((m) => `    ${m}`),
  ]);
  return [r.ok ? 'commissions verified: every payment equals its recomputation from the fee records' : 'commission mismatch', ...lines].join('\n');
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planInvite(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const args = req.args;
  const day = (): number | undefined => {
    if (args.day === undefined) return undefined;
    const d = parseDay(args.day);
    if (d === null) throw usage(`--day must be a date YYYY-MM-DD, not ${args.day}`);
    return d;
  };
  const limit = (): number => {
    if (args.limit === undefined) return 50;
    if (!/^[1-9]\d{0,3}$/.test(args.limit)) throw usage(`--limit must be 1 to 9999, not ${args.limit}`);
    return Number(args.limit);
  };
  switch (req.command) {
    case 'invite rates':
      return async ({ store, clock }) => {
        const now = await store.invites.ratesAt(clock());
        const history = await store.invites.rateHistory(20);
        const inForce = now ?? DEFAULT_RATES;
        const data = {
          level1: rateText(inForce.level1Ppm), level2: rateText(inForce.level2Ppm), default: now === null,
          history: history.map((h) => ({ level1: rateText(h.level1Ppm), level2: rateText(h.level2Ppm), effectiveAt: h.effectiveAt, operator: h.operator, reason: h.reason })),
        };
        const head = `in force: level 1 ${pct(inForce.level1Ppm)}, level 2 ${pct(inForce.level2Ppm)}${now === null ? ' (the default: never set)' : ''}`;
        const lines = history.map((h) => `  ${new Date(h.effectiveAt).toISOString()}  L1 ${rateText(h.level1Ppm)}  L2 ${rateText(h.level2Ppm)}  by ${h.operator}: ${h.reason}`);
        return { data, text: [head, ...lines].join('\n') };
      };
    case 'invite rates set': {
      if (args.level1 === undefined || args.level2 === undefined) throw usage('--level1 X and --level2 Y are required (fractions of the fee, e.g. 0.2)');
      const level1 = parseRate(args.level1);
      const level2 = parseRate(args.level2);
      if (level1 === null) throw usage(`--level1 must be a fraction from 0 to 1 with at most 6 decimals, not ${args.level1}`);
      if (level2 === null) throw usage(`--level2 must be a fraction from 0 to 1 with at most 6 decimals, not ${args.level2}`);
      if (level1 + level2 > 1_000_000) throw usage('--level1 + --level2 must be at most 1: a fee must cover its commissions');
      return async ({ store, clock }) => {
        const now = clock();
        await store.invites.setRates({ level1Ppm: level1, level2Ppm: level2, effectiveAt: now, operator: req.operator, reason: req.reason ?? '', createdAt: now });
        const next = dayText(Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000);
        return {
          data: { level1: rateText(level1), level2: rateText(level2), effectiveAt: now, firstDay: next },
          text: `commission rates set: level 1 ${pct(level1)}, level 2 ${pct(level2)}; the first day paid at them is ${next} (a day pays at the rates in force at its start)`,
        };
      };
    }
    case 'invite commissions': {
      const d = day();
      const n = limit();
      return async ({ store }) => {
        let user: number | undefined;
        if (args.email !== undefined) {
          const row = await store.users.findByEmail(normalizeAccount('email', args.email));
          if (row === undefined) throw failed(`no user with e-mail ${args.email}`);
          user = row.id;
        }
        const all = await store.invites.payments(d === undefined ? 'invite:' : `invite:${dayText(d)}:`);
        const rows = all.filter((p) => user === undefined || p.user === user).reverse().slice(0, n);
        const data = rows.map((p) => {
          const [, payDay, , level] = p.ref.split(':');
          return { day: payDay, level: Number(level), user: p.user, asset: p.asset, amount: minorText(p.amount), paidAt: p.time, entry: p.seq, ref: p.ref };
        });
        const head = `${data.length} commission payment(s)${d === undefined ? '' : ` for ${dayText(d)}`}${user === undefined ? '' : ` to user ${user}`}`;
        const lines = data.map((p) => `  ${p.day}  L${p.level}  user ${p.user}  ${p.amount} ${p.asset}  paid ${new Date(p.paidAt).toISOString()}  coin#${p.entry}`);
        return { data, text: [head, ...lines].join('\n') };
      };
    }
    case 'invite commissions run':
      return async ({ store, clock, desks }) => {
        const report = await desks.withSpot((spot) => runCommissions({ store, clock, pay: (r) => spot.payCommission(r) }));
        return { data: report, text: runText(report) };
      };
    case 'invite verify': {
      const d = day();
      return async ({ store }) => {
        const report = await verifyCommissions(store, d);
        if (!report.ok) throw failed(verifyText(report));
        return { data: report, text: verifyText(report) };
      };
    }
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}
