// Field rules of spec §5, shared so the web app and the server reject the same input with the same key.
import type { ErrorCode } from './errors.ts';
import type { Channel } from './api.ts';

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE = /^\+?[1-9]\d{5,14}$/;
const CODE = /^\d{6}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value) && !value.includes('..');
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

export function checkAccount(channel: Channel, account: string): ErrorCode | null {
  const value = account.trim();
  if (!value) return 'validate.required';
  if (channel === 'email') return isEmail(value) ? null : 'validate.email.format';
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
