// Fee levels: a user's trailing 30-day volume (in BTC-equivalent minor units) picks a row of the configured rate
// table; the row's maker/taker rates then go into that user's orders. Pure: the desk supplies volume and table.
import type { Amount } from '../money/nominal.ts';
import { validRate } from '../spot/fees.ts';

export interface FeeLevel {
  readonly level: number;
  /** Smallest trailing volume that earns this level, BTC-equivalent minor units. */
  readonly minVolume: Amount;
  readonly makerPpm: number;
  readonly takerPpm: number;
}

/**
 * Checks a rate table from configuration: levels ascending from a first row at volume 0, volumes strictly
 * increasing, rates valid. Throws with the reason, so a bad configuration fails at start-up, not at a trade.
 */
export function checkFeeTable(table: readonly FeeLevel[]): readonly FeeLevel[] {
  if (table.length === 0) throw new RangeError('fee table is empty');
  if (table[0]!.minVolume !== 0n) throw new RangeError('the first fee level must start at volume 0');
  table.forEach((row, i) => {
    if (!validRate(row.makerPpm) || !validRate(row.takerPpm)) throw new RangeError(`fee level ${row.level}: rates must be 0..1000000 ppm`);
    const prev = table[i - 1];
    if (prev && !(row.minVolume > prev.minVolume && row.level > prev.level)) {
      throw new RangeError(`fee level ${row.level}: levels and volumes must increase`);
    }
  });
  return table;
}

/** The highest level whose minimum the volume reaches. */
export function feeLevelFor(volume: Amount, table: readonly FeeLevel[]): FeeLevel {
  let found = table[0]!;
  for (const row of table) if (volume >= row.minVolume) found = row;
  return found;
}
