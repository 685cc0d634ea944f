// Random secrets and their stored forms: session tokens, verification codes and invite codes.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Six digits, uniformly drawn (leading zeros kept). */
export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code, bound to its channel, account and purpose so equal codes hash differently. */
export function hashVerificationCode(channel: string, account: string, purpose: string, code: string): string {
  return sha256(`${channel}\u0000${account}\u0000${purpose}\u0000${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** No 0/O, 1/I/L: invite codes are read aloud and typed from posters. */
export const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_LENGTH = 8;

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}
