// `fees show|set`: the fee rate table (operator configuration). `set --file table.json` takes the JSON form of
// jobs/fee-table.ts, validates it in full and replaces the table in one transaction, or changes nothing. A new
// table is used from the next daily recompute (00:00 GMT+8) and charged from the 04:00 GMT+8 that follows.
import { readFileSync } from 'node:fs';
import { configuredFeeTable } from '../jobs/fee-levels.ts';
import { feeTableJson, FeeTableError, parseFeeTable, percentText, btcText } from '../jobs/fee-table.ts';
import type { Store } from '../store/index.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import { CommandError, type CommandResult } from './commands.ts';

const render = (rows: ReturnType<typeof feeTableJson>['levels'], source: string) =>
  [
    `fee rate table (${source}); volume = trailing 30-day BTC equivalent`,
    'level  min volume (BTC)  maker %   taker %',
    ...rows.map((r) => `${String(r.level).padEnd(6)} ${r.minVolumeBtc.padStart(16)}  ${percentText(r.makerPpm).padEnd(8)}  ${percentText(r.takerPpm)}`),
  ].join('\n');

export async function feesShow(store: Store): Promise<CommandResult> {
  const stored = await store.feeLevels.table();
  const table = stored ?? (await configuredFeeTable(store));
  const data = feeTableJson(table);
  const inForce = await store.feeLevels.latestApplied();
  const tail = inForce
    ? `\nlevels in force: recompute of ${new Date(inForce.recomputeAt).toISOString()} (${inForce.users} users with volume)`
    : '\nno levels computed yet: everyone is at level 0';
  return { data, text: render(data.levels, stored ? 'configured' : 'built-in default') + tail };
}

export async function feesSet(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const file = args.options.get('file');
  if (!file) throw new UsageError('--file is required (JSON: { "levels": [ { "level": 0, "minVolumeBtc": "0", "makerPpm": 1000, "takerPpm": 1000 }, … ] })');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CommandError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let table;
  try {
    table = parseFeeTable(text);
  } catch (error) {
    if (error instanceof FeeTableError) throw new CommandError(`invalid fee table, nothing changed: ${error.message}`);
    throw error;
  }
  await store.transaction((repos) => repos.feeLevels.setTable(table, store.clock()));
  const data = feeTableJson(table);
  const top = table[table.length - 1]!;
  return {
    data,
    text: `${render(data.levels, 'saved')}\n${table.length} levels, up to ${btcText(top.minVolume)} BTC; used from the next recompute at 00:00 GMT+8, charged from 04:00 GMT+8`,
  };
}
