// The web app's auth forms apply the contract's mailbox rule to new addresses (sign-up) and the earlier rule to
// addresses that name an existing account (sign-in, password reset), exactly as the server does.
import { describe, expect, it } from 'vitest';
import { validateLogin, validateRegister, validateReset } from '../../../src/pages/auth/rules.ts';

const form = { channel: 'email' as const, code: '123456', password: 'Trader12345', confirmPassword: 'Trader12345', inviteCode: '', agree: true };

describe('auth forms and the e-mail rule', () => {
  it('sign-up refuses what RFC 5321 does not take', () => {
    for (const account of ['.a@x.io', 'a.@x.io', 'a..b@x.io', '"q"@x.io', 'user@example.123', 'user@[192.0.2.1]']) {
      expect(validateRegister({ ...form, account }).account, account).toEqual({ rule: 'validate.email.format' });
    }
    expect(validateRegister({ ...form, account: "o'brien+fx@mail.example.ie" })).toEqual({});
  });

  it('sign-in and reset take an address an account may already have', () => {
    expect(validateLogin({ account: '.a@x.io', password: 'x' })).toEqual({});
    expect(validateReset({ ...form, account: '.a@x.io' })).toEqual({});
    expect(validateLogin({ account: 'a..b@x.io', password: 'x' }).account).toEqual({ rule: 'validate.email.format' });
  });
});
