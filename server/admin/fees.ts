// The fee rate table in the operator catalogue (issue 25): `fees set` replaces the table through the executor, so it
// needs a reason and lands in the audit log from the CLI and the console alike (before, the CLI wrote it to the store
// directly, unaudited). The table is checked in full (jobs/fee-table.ts): invalid = nothing changes. It is used from
// the next daily recompute (00:00 GMT+8) and charged from the 04:00 GMT+8 that follows. `fees show` reads it.
import { configuredFeeTable } from '../jobs/fee-levels.ts';
import { btcText, feeTableJson, FeeTableError, parseFeeTable, percentText } from '../jobs/fee-table.ts';
import type { FeeTableRow } from '../store/feeLevels.ts';
import type { Store } from '../store/index.ts';
import type { AdminRequest } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

export const FEES_USAGE = `  fees show                                                      the fee rate table (levels by trailing 30-day BTC volume)
  fees set --file TABLE.json --reason R                          replace it (checked in full; invalid = nothing changes)`;

export const isFeesCommand = (command: ChannelCommand): boolean => command === 'fees show' || command === 'fees set';

const render = (rows: ReturnType<typeof feeTableJson>['levels'], source: string) =>
  [
    `fee rate table (${source}); volume = trailing 30-day BTC equivalent`,
    'level  min volume (BTC)  maker %   taker %',
    ...rows.map((r) => `${String(r.level).padEnd(6)} ${r.minVolumeBtc.padStart(16)}  ${percentText(r.makerPpm).padEnd(8)}  ${percentText(r.takerPpm)}`),
  ].join('\n');

export type FeesRun = (store: Store, now: number) => Promise<{ data: unknown; text: string }>;

export function planFees(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): FeesRun {
  if (req.command === 'fees show') {
    return async (store) => {
      const stored = await store.feeLevels.table();
      const table = stored ?? (await configuredFeeTable(store));
      // source: whether an operator set this table or it is the built-in default; inForceAt: the recompute in force.
      const data = { ...feeTableJson(table), source: stored ? 'configured' : 'default', inForceAt: null as number | null };
      const inForce = await store.feeLevels.latestApplied();
      const tail = inForce
        ? `\nlevels in force: recompute of ${new Date(inForce.recomputeAt).toISOString()} (${inForce.users} users with volume)`
        : '\nno levels computed yet: everyone is at level 0';
      data.inForceAt = inForce?.recomputeAt ?? null;
      return { data, text: render(data.levels, stored ? 'configured' : 'built-in default') + tail };
    };
  }
  const text = req.args.table;
  if (text === undefined) throw usage('--file is required (JSON: { "levels": [ { "level": 0, "minVolumeBtc": "0", "makerPpm": 1000, "takerPpm": 1000 }, … ] })');
  let table: readonly FeeTableRow[];
  try {
    table = parseFeeTable(text);
  } catch (error) {
    if (error instanceof FeeTableError) throw failed(`invalid fee table, nothing changed: ${error.message}`);
    throw error;
  }
  return async (store, now) => {
    await store.transaction((repos) => repos.feeLevels.setTable(table, now));
    const data = { ...feeTableJson(table), source: 'configured' };
    const top = table[table.length - 1]!;
    return {
      data,
      text: `${render(data.levels, 'saved')}\n${table.length} levels, up to ${btcText(top.minVolume)} BTC; used from the next recompute at 00:00 GMT+8, charged from 04:00 GMT+8`,
    };
  };
}
