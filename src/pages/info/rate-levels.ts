// The fee-level page's pure parts: where a user stands in the table and how far the next level is, in exact
// decimal arithmetic (volumes are BTC with up to 8 decimals; no floats). Pure, for tests in node.
import type { FeeLevelItem, MyFeeLevelReply } from '../../contract.ts';

const SCALE = 8;
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal text as units of 10^-8 (extra digits truncated); null when it is not one. */
export function toUnits(text: string): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1] ?? '0') * 10n ** BigInt(SCALE) + BigInt((m[2] ?? '').slice(0, SCALE).padEnd(SCALE, '0'));
}

/** Units of 10^-8 as plain decimal text without trailing zeros: 150000000n → "1.5". */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const whole = digits.slice(0, -SCALE);
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export type NextLevel =
  /** At the top of the table: nothing further to reach. */
  | { kind: 'top' }
  /** `more` BTC of 30-day volume to reach `level`. */
  | { kind: 'more'; level: number; more: string }
  /** The volume already reaches `level`; it applies after the next recompute. */
  | { kind: 'reached'; level: number };

/** How far the user's 30-day volume is from the level above theirs. */
export function nextLevel(levels: readonly FeeLevelItem[], mine: Pick<MyFeeLevelReply, 'level' | 'volumeBtc'>): NextLevel {
  const above = [...levels].sort((a, b) => a.level - b.level).find((l) => l.level > mine.level);
  if (!above) return { kind: 'top' };
  const need = toUnits(above.minVolumeBtc) ?? 0n;
  const have = toUnits(mine.volumeBtc) ?? 0n;
  return need > have ? { kind: 'more', level: above.level, more: fromUnits(need - have) } : { kind: 'reached', level: above.level };
}
