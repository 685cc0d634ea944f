// The transfer form's rules (spec §5: amount not 0 and greater than 0, sufficient balance; two different accounts),
// checked before sending with the same catalogue keys the server answers, so both speak with one voice.
import { ACCOUNT_TYPES, type AccountType, type ErrorCode, type TransferRequest } from '../../../contract.ts';
import { DECIMALS, minorText, toMinor } from '../asset-values.ts';

export interface TransferInput {
  from: AccountType;
  to: AccountType;
  asset: string;
  amount: string;
}

export type TransferField = 'to' | 'asset' | 'amount';
export type TransferRule = Extract<
  ErrorCode,
  'transfer.same.account' | 'validate.required' | 'number.format' | 'number.not.positive' | 'number.too.precise' | 'funds.insufficient'
>;
export interface TransferError {
  field: TransferField;
  rule: TransferRule;
}

const NUMBER = /^\d+(?:\.\d*)?$|^\.\d+$/;

/** The amount in minor units, or the rule it breaks. */
export function parseAmount(text: string): { ok: true; units: bigint } | { ok: false; rule: TransferRule } {
  const value = text.trim();
  if (!value) return { ok: false, rule: 'validate.required' };
  if (!NUMBER.test(value)) return { ok: false, rule: 'number.format' };
  const [, fraction = ''] = value.split('.');
  if (/[1-9]/.test(fraction.slice(DECIMALS))) return { ok: false, rule: 'number.too.precise' };
  const units = toMinor(value.startsWith('.') ? `0${value}` : value.endsWith('.') ? value.slice(0, -1) : value);
  if (units === null) return { ok: false, rule: 'number.format' };
  if (units <= 0n) return { ok: false, rule: 'number.not.positive' };
  return { ok: true, units };
}

/** The first rule the form breaks, against the from-account's available balance (minor units; null while
 *  unknown, which leaves that check to the server). */
export function checkTransfer(input: TransferInput, available: bigint | null): TransferError | null {
  if (input.from === input.to) return { field: 'to', rule: 'transfer.same.account' };
  if (!input.asset) return { field: 'asset', rule: 'validate.required' };
  const amount = parseAmount(input.amount);
  if (!amount.ok) return { field: 'amount', rule: amount.rule };
  if (available !== null && amount.units > available) return { field: 'amount', rule: 'funds.insufficient' };
  return null;
}

/** The request for a valid form: the amount written canonically, one client id per attempt (a retry of the same
 *  attempt answers the first transfer instead of making a second). */
export function transferRequest(input: TransferInput, clientId: string): TransferRequest | null {
  const amount = parseAmount(input.amount);
  if (!amount.ok || input.from === input.to) return null;
  return { asset: input.asset, amount: minorText(amount.units), from: input.from, to: input.to, clientId };
}

/** The other account when the two collide (the swap button's partner for a preset "from"). */
export function otherAccount(account: AccountType, prefer: AccountType = 'contract'): AccountType {
  if (account !== prefer) return prefer;
  return ACCOUNT_TYPES.find((a) => a !== account) ?? 'coin';
}
