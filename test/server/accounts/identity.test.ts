// Derived user fields and secrets: masked nicknames, invite codes, tokens and codes.
import { describe, expect, it } from 'vitest';
import { maskAccount } from '../../../server/accounts/identity.ts';
import { safetyLevel } from '../../../server/accounts/profile.ts';
import {
  hashVerificationCode,
  INVITE_ALPHABET,
  newInviteCode,
  newSessionToken,
  newVerificationCode,
} from '../../../server/accounts/secrets.ts';
import type { UserRow } from '../../../server/store/users.ts';

describe('maskAccount', () => {
  it.each([
    ['email', 'abcdef@mail.com', 'ab***@mail.com'],
    ['email', 'ab@mail.com', 'a***@mail.com'],
    ['email', 'a@mail.com', 'a***@mail.com'],
    ['phone', '+8613812341234', '+86***1234'],
    ['phone', '13812341234', '138***1234'],
    ['phone', '1234567', '12***67'],
  ] as const)('%s %s → %s', (channel, account, masked) => {
    expect(maskAccount(channel, account)).toBe(masked);
  });
});

describe('secrets', () => {
  it('makes invite codes of 8 unambiguous characters', () => {
    expect(INVITE_ALPHABET).not.toMatch(/[01ILO]/);
    const codes = Array.from({ length: 200 }, newInviteCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('makes session tokens of 32 random bytes in base64url', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).not.toBe(newSessionToken());
  });

  it('makes six-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 500 }, newVerificationCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(450);
  });

  it('hashes the same code differently for another account or purpose', () => {
    const a = hashVerificationCode('email', 'a@x.com', 'register', '123456');
    expect(hashVerificationCode('email', 'b@x.com', 'register', '123456')).not.toBe(a);
    expect(hashVerificationCode('email', 'a@x.com', 'reset', '123456')).not.toBe(a);
    expect(hashVerificationCode('email', 'a@x.com', 'register', '123456')).toBe(a);
  });
});

describe('safetyLevel', () => {
  const base = { email: 'a@x.com', phone: null, fund_password_hash: null } as UserRow;
  it('rises with each bound factor', () => {
    expect(safetyLevel(base)).toBe('low');
    expect(safetyLevel({ ...base, phone: '+6580001234' })).toBe('medium');
    expect(safetyLevel({ ...base, phone: '+6580001234', fund_password_hash: 'h' })).toBe('high');
  });
});
