// Field rules of spec §5, shared so the web app and the server reject the same input with the same key.
import type { ErrorCode } from './errors.ts';
import type { Channel } from './api.ts';

const PHONE = /^\+?[1-9]\d{5,14}$/;
const CODE = /^\d{6}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/**
 * E-mail addresses are RFC 5321 mailboxes, `local-part@domain`, limited to what mail systems deliver in practice:
 * - the local part is a dot-atom (RFC 5322 atext: letters, digits and !#$%&'*+-/=?^_`{|}~, in runs joined by
 *   single dots: no leading, trailing or doubled dot), at most 64 octets;
 * - the domain is a host name: LDH labels (letters, digits, hyphens; not starting or ending with a hyphen) of at
 *   most 63 octets, at least two of them, at most 255 octets in all, the last (top-level) label not all digits;
 * - the whole address is at most 254 octets (a 256-octet path less its angle brackets).
 * Refused on purpose, with the same format error: quoted local parts ("john doe"@example.com) and address literals
 * (user@[192.0.2.1]), which RFC 5321 allows but which are almost always typing mistakes or abuse and which many
 * mail systems reject; and non-ASCII addresses (SMTPUTF8): an internationalised domain is entered in its ASCII
 * form (xn--…).
 */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_DOMAIN_MAX = 255;
const ATEXT = "A-Za-z0-9!#$%&'*+/=?^_`{|}~-";
const DOT_ATOM = new RegExp(`^[${ATEXT}]+(?:\\.[${ATEXT}]+)*$`);
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at < 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length === 0 || local.length > EMAIL_LOCAL_MAX || !DOT_ATOM.test(local)) return false;
  if (domain.length > EMAIL_DOMAIN_MAX) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return !/^[0-9]+$/.test(labels[labels.length - 1]!);
}

/**
 * What sign-up accepted before the mailbox rule above, so an account registered then can still be named to sign in
 * or reset its password: addresses are not re-validated once they are an account's.
 */
const EARLIER_EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
function isEarlierEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EARLIER_EMAIL.test(value) && !value.includes('..');
}

/** Phone numbers in international form: optional "+", 6 to 15 digits, spaces and dashes ignored. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}
export function isPhone(value: string): boolean {
  return PHONE.test(normalizePhone(value));
}

/** Canonical form of an account for storage and lookup. */
export function normalizeAccount(channel: Channel, value: string): string {
  return channel === 'email' ? value.trim().toLowerCase() : normalizePhone(value.trim());
}

/** Infers the channel of a login account: anything with "@" is an e-mail. */
export function channelOf(account: string): Channel {
  return account.includes('@') ? 'email' : 'phone';
}

/** `new`: an account being registered or bound (the full rules); `existing`: naming one to sign in or reset. */
export type AccountUse = 'new' | 'existing';

export function checkAccount(channel: Channel, account: string, use: AccountUse = 'new'): ErrorCode | null {
  const value = account.trim();
  if (!value) return 'validate.required';
  // Every mailbox isEmail accepts, the earlier rule accepted too.
  if (channel === 'email') return (use === 'new' ? isEmail(value) : isEarlierEmail(value)) ? null : 'validate.email.format';
  return isPhone(value) ? null : 'validate.phone.format';
}

/** 8 to 32 characters with at least one letter and one digit. */
export function checkPassword(password: string): ErrorCode | null {
  if (!password) return 'validate.required';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'validate.password.format';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'validate.password.format';
  return null;
}

export function checkCode(code: string): ErrorCode | null {
  if (!code) return 'validate.required';
  return CODE.test(code) ? null : 'verify.code.error';
}
