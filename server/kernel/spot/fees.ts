// Trading fees: integer rates in parts per million, charged in the asset the user receives, rounded up so the
// exchange never under-charges; the rounding costs the user less than one minor unit per fill.
import type { Amount } from '../money/nominal.ts';
import type { FeeRates } from './commands.ts';

export const PPM = 1_000_000;
const PPM_N = 1_000_000n;

/** Rates from 0 to 100%; rebates (negative maker rates) are not supported. */
export function validRate(ppm: number): boolean {
  return Number.isSafeInteger(ppm) && ppm >= 0 && ppm <= PPM;
}

export function validRates(fees: FeeRates): boolean {
  return validRate(fees.makerPpm) && validRate(fees.takerPpm);
}

/** ceil(received × ppm / 10^6): never more than `received`, never less than the exact fee. */
export function feeOn(received: Amount, ppm: number): Amount {
  if (ppm === 0 || received === 0n) return 0n as Amount;
  return ((received * BigInt(ppm) + PPM_N - 1n) / PPM_N) as Amount;
}
