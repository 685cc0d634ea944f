// The fee rate table as operators write it and users see it. On disk and in `fees show --json`:
//   { "levels": [ { "level": 0, "minVolumeBtc": "0", "makerPpm": 1000, "takerPpm": 1000 }, ... ] }
// minVolumeBtc is decimal BTC (up to 8 decimals) of trailing 30-day volume; rates are parts per million
// (1000 = 0.1%). A table must pass the kernel's checkFeeTable (first row at 0, levels and volumes increasing,
// rates 0..100%), number its levels 0, 1, 2, … and never raise a rate with the level (spec: higher level, lower rate).
import { checkFeeTable, formatDecimal, parseDecimal, type Amount, type FeeLevel } from '../kernel/index.ts';
import type { FeeTableRow } from '../store/feeLevels.ts';

const BTC = 100_000_000n;
const MAX_LEVELS = 50;

/**
 * The built-in table (Binance-VIP-like, thresholds in BTC): used until an operator sets one.
 * L0 0 BTC 0.100%/0.100% · L1 50 BTC 0.090/0.095 · L2 200 BTC 0.080/0.090 · L3 1,000 BTC 0.070/0.080 ·
 * L4 5,000 BTC 0.050/0.065 · L5 20,000 BTC 0.030/0.050 · L6 100,000 BTC 0.020/0.040 · L7 500,000 BTC 0.010/0.030
 */
export const DEFAULT_FEE_TABLE: readonly FeeTableRow[] = Object.freeze(
  ([
    [0n, 1000, 1000],
    [50n, 900, 950],
    [200n, 800, 900],
    [1_000n, 700, 800],
    [5_000n, 500, 650],
    [20_000n, 300, 500],
    [100_000n, 200, 400],
    [500_000n, 100, 300],
  ] as const).map(([btc, makerPpm, takerPpm], level) => Object.freeze({ level, minVolume: btc * BTC, makerPpm, takerPpm })),
);

export class FeeTableError extends Error {
  override name = 'FeeTableError';
}

export const asKernelTable = (table: readonly FeeTableRow[]): FeeLevel[] =>
  table.map((r) => ({ level: r.level, minVolume: r.minVolume as Amount, makerPpm: r.makerPpm, takerPpm: r.takerPpm }));

/** The table if valid; else throws FeeTableError with the reason. */
export function validateFeeTable(table: readonly FeeTableRow[]): readonly FeeTableRow[] {
  if (table.length > MAX_LEVELS) throw new FeeTableError(`at most ${MAX_LEVELS} levels`);
  try {
    checkFeeTable(asKernelTable(table));
  } catch (error) {
    throw new FeeTableError(error instanceof Error ? error.message : String(error));
  }
  table.forEach((row, i) => {
    if (row.level !== i) throw new FeeTableError(`levels must be numbered 0, 1, 2, … in order (found ${row.level} at position ${i})`);
    const prev = table[i - 1];
    if (prev && (row.makerPpm > prev.makerPpm || row.takerPpm > prev.takerPpm)) {
      throw new FeeTableError(`fee level ${row.level}: rates must not rise with the level`);
    }
  });
  return table;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the JSON form (see the head of this file) and validates it; throws FeeTableError. */
export function parseFeeTable(text: string): readonly FeeTableRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FeeTableError(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const levels = isRecord(value) ? value['levels'] : undefined;
  if (!Array.isArray(levels)) throw new FeeTableError('expected { "levels": [ … ] }');
  const rows = levels.map((item: unknown, i): FeeTableRow => {
    if (!isRecord(item)) throw new FeeTableError(`levels[${i}] must be an object`);
    const extra = Object.keys(item).filter((k) => !['level', 'minVolumeBtc', 'makerPpm', 'takerPpm'].includes(k));
    if (extra.length > 0) throw new FeeTableError(`levels[${i}]: unknown field ${extra.join(', ')}`);
    const { level, minVolumeBtc, makerPpm, takerPpm } = item;
    if (typeof level !== 'number' || !Number.isSafeInteger(level)) throw new FeeTableError(`levels[${i}].level must be an integer`);
    if (typeof minVolumeBtc !== 'string') throw new FeeTableError(`levels[${i}].minVolumeBtc must be decimal text, e.g. "50"`);
    const volume = parseDecimal(minVolumeBtc);
    if (!volume.ok) throw new FeeTableError(`levels[${i}].minVolumeBtc "${minVolumeBtc}" is not a BTC amount with at most 8 decimals`);
    if (typeof makerPpm !== 'number' || typeof takerPpm !== 'number') throw new FeeTableError(`levels[${i}]: makerPpm and takerPpm must be integers`);
    return { level, minVolume: volume.value, makerPpm, takerPpm };
  });
  return validateFeeTable(rows);
}

/** BTC-equivalent minor units → decimal BTC text ("50", "0.125"). */
export const btcText = (minor: bigint): string => formatDecimal(minor, 8, true);

/** Parts per million → percent as decimal text: 1000 → "0.1", 75 → "0.0075". */
export const percentText = (ppm: number): string => formatDecimal(BigInt(ppm), 4, true);

export function feeTableJson(table: readonly FeeTableRow[]): { levels: Array<{ level: number; minVolumeBtc: string; makerPpm: number; takerPpm: number }> } {
  return { levels: table.map((r) => ({ level: r.level, minVolumeBtc: btcText(r.minVolume), makerPpm: r.makerPpm, takerPpm: r.takerPpm })) };
}
