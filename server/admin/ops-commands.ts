// The operator console's own catalogue commands (issue 25): the four-eyes thresholds. A balance credit (and a
// house, treasury or insurance credit) or a withdrawal approval over its asset's threshold is not run by the console:
// it waits for a second operator (server/ops/approvals.ts). The thresholds are stored config (OPS_THRESHOLDS_KEY, a
// JSON object asset → decimal amount); an asset without one needs no second operator. Like every catalogue command
// these run through the executor (commands.ts) from the CLI and from the console alike, audited with their reason.
import { DECIMALS, formatDecimal, parseDecimal } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import type { AdminContext, AdminRequest } from './commands.ts';

export const OPS_COMMAND_NAMES = ['approval threshold', 'approval threshold set'] as const;
export type OpsCommand = (typeof OPS_COMMAND_NAMES)[number];

/** The stored thresholds: {"USDT":"10000","BTC":"0.5"}. */
export const OPS_THRESHOLDS_KEY = 'ops.approval.thresholds';

export const OPS_USAGE = `  approval threshold                                             the four-eyes thresholds per asset (credits and withdrawal approvals
                                                                 over one wait for a second operator in the console)
  approval threshold set --asset A --amount X|none --reason R    set an asset's threshold (none: no second operator needed)`;

export const isOpsCommand = (command: string): command is OpsCommand => (OPS_COMMAND_NAMES as readonly string[]).includes(command);

const ASSET = /^[A-Z0-9]{1,16}$/;
const dec = (minor: bigint) => formatDecimal(minor, DECIMALS, true);

/** The thresholds as stored, in minor units; an unreadable value is no threshold (and `approval threshold` says so). */
export async function readThresholds(store: Pick<Store, 'config'>): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  const text = await store.config.get(OPS_THRESHOLDS_KEY);
  if (text === null) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
  for (const [asset, value] of Object.entries(parsed)) {
    if (!ASSET.test(asset) || typeof value !== 'string') continue;
    const amount = parseDecimal(value);
    if (amount.ok && amount.value >= 0n) out.set(asset, amount.value);
  }
  return out;
}

function thresholdsText(set: ReadonlyMap<string, bigint>): string {
  if (set.size === 0) return 'no four-eyes thresholds: every credit and withdrawal approval runs at once';
  const lines = [...set].sort(([a], [b]) => (a < b ? -1 : 1)).map(([asset, amount]) => `  ${asset.padEnd(8)}over ${dec(amount)}`);
  return ['four-eyes thresholds (a credit or withdrawal approval over the amount waits for a second operator):', ...lines].join('\n');
}

const thresholdsData = (set: ReadonlyMap<string, bigint>) => Object.fromEntries([...set].sort(([a], [b]) => (a < b ? -1 : 1)).map(([asset, amount]) => [asset, dec(amount)]));

export type OpsRun = (ctx: Pick<AdminContext, 'store' | 'clock'>) => Promise<{ data: unknown; text: string }>;

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planOps(req: Pick<AdminRequest, 'args'> & { readonly command: string }, usage: (m: string) => Error, failed: (m: string) => Error): OpsRun {
  const args = req.args;
  switch (req.command) {
    case 'approval threshold':
      return async ({ store }) => {
        const set = await readThresholds(store);
        return { data: thresholdsData(set), text: thresholdsText(set) };
      };
    case 'approval threshold set': {
      const asset = args.asset?.toUpperCase();
      if (asset === undefined || !ASSET.test(asset)) throw usage('usage: approval threshold set --asset A --amount X|none --reason R');
      const raw = args.amount;
      if (raw === undefined) throw usage('--amount X (the asset\'s threshold) or --amount none is required');
      let amount: bigint | null = null;
      if (raw !== 'none') {
        const parsed = parseDecimal(raw);
        if (!parsed.ok || parsed.value < 0n) throw usage(`--amount must be a non-negative amount with at most ${DECIMALS} decimals, or none`);
        amount = parsed.value;
      }
      return async ({ store, clock }) => {
        const known = new Set((await store.markets.configs()).flatMap((m) => [m.base, m.quote]));
        if (amount !== null && !known.has(asset)) throw failed(`unknown asset ${asset}; known: ${[...known].sort().join(', ')}`);
        const set = await readThresholds(store);
        if (amount === null) set.delete(asset);
        else set.set(asset, amount);
        await store.config.set(OPS_THRESHOLDS_KEY, JSON.stringify(thresholdsData(set)), clock());
        const text = amount === null ? `${asset}: no four-eyes threshold (credits and withdrawal approvals run at once)` : `${asset}: a credit or withdrawal approval over ${dec(amount)} waits for a second operator`;
        return { data: thresholdsData(set), text };
      };
    }
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}
