// Display of prices and amounts (spec §9: 4 decimals). Works on decimal strings digit by digit, so a price sent as
// "0.123456789" is rounded exactly, never through a binary float.

export const DEFAULT_DECIMALS = 4;
export const EMPTY_VALUE = '--';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Rounds half away from zero to `decimals` places and groups thousands with commas; "--" for no value. */
export function formatDecimal(value: string | number | null | undefined, decimals: number = DEFAULT_DECIMALS): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  if (text === null) return EMPTY_VALUE;
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return EMPTY_VALUE;
  const sign = match[1] === '-' ? '-' : '';
  const intDigits = match[2] || '0';
  const fracDigits = match[3] ?? '';
  const [intPart, fracPart] = roundDigits(intDigits, fracDigits, decimals);
  const grouped = intPart.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^[0,]*$/.test(grouped) && /^0*$/.test(fracPart);
  return `${isZero ? '' : sign}${grouped}${decimals > 0 ? `.${fracPart}` : ''}`;
}

function numberToPlain(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // toFixed keeps plain notation for everything a price can be (|x| < 1e21).
  return Math.abs(value) < 1e21 ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : null;
}

function roundDigits(intDigits: string, fracDigits: string, decimals: number): [string, string] {
  const padded = fracDigits.padEnd(decimals, '0');
  const kept = padded.slice(0, decimals);
  const roundUp = (padded[decimals] ?? '0') >= '5';
  if (!roundUp) return [intDigits, kept];
  // Add one unit in the last kept place, carrying through the fraction into the integer part.
  const all = (intDigits + kept).split('').map(Number);
  let i = all.length - 1;
  while (i >= 0) {
    const digit = (all[i] ?? 0) + 1;
    if (digit < 10) {
      all[i] = digit;
      break;
    }
    all[i] = 0;
    i -= 1;
  }
  const digits = (i < 0 ? '1' : '') + all.join('');
  const split = digits.length - decimals;
  return [digits.slice(0, split), digits.slice(split)];
}
