import { describe, expect, it } from 'vitest';
import { fieldOfCode, hasErrors, validateLogin, validateRegister, validateReset } from '../../../src/pages/auth/rules.ts';
import { RULE_MESSAGES } from '../../../src/i18n/rules.ts';
import { ERROR_CODES } from '../../../src/contract.ts';

const good = {
  channel: 'email' as const,
  account: 'trader@example.com',
  code: '123456',
  password: 'Trader12345',
  confirmPassword: 'Trader12345',
  inviteCode: '',
  agree: true,
};

describe('auth form rules', () => {
  it('accepts a complete sign-up', () => {
    expect(validateRegister(good)).toEqual({});
    expect(hasErrors(validateRegister(good))).toBe(false);
  });

  it('reports every broken rule of the sign-up form', () => {
    const errors = validateRegister({ ...good, account: 'not-an-email', password: 'short', confirmPassword: 'different', agree: false });
    expect(errors).toEqual({
      account: { rule: 'validate.email.format' },
      password: { rule: 'validate.password.format' },
      confirmPassword: { rule: 'password.mismatch' },
      agree: { rule: 'agreement.required' },
    });
  });

  it('checks phone numbers on the phone channel', () => {
    expect(validateRegister({ ...good, channel: 'phone', account: '+8613800000000' })).toEqual({});
    expect(validateRegister({ ...good, channel: 'phone', account: 'abc' }).account).toEqual({ rule: 'validate.phone.format' });
  });

  it('requires fields and a six-digit code', () => {
    const errors = validateRegister({ ...good, account: '', code: '12', confirmPassword: '' });
    expect(errors.account).toEqual({ rule: 'validate.required' });
    expect(errors.code).toEqual({ rule: 'verify.code.error' });
    expect(errors.confirmPassword).toEqual({ rule: 'validate.required' });
  });

  it('accepts an empty invite code and rejects a malformed one', () => {
    expect(validateRegister({ ...good, inviteCode: '  ' }).inviteCode).toBeUndefined();
    expect(validateRegister({ ...good, inviteCode: 'bad code!' }).inviteCode).toEqual({ rule: 'register.invite.invalid' });
  });

  it('validates sign-in by the kind of account typed', () => {
    expect(validateLogin({ account: 'trader@example.com', password: 'x' })).toEqual({});
    expect(validateLogin({ account: '+14155550100', password: 'x' })).toEqual({});
    expect(validateLogin({ account: 'trader@', password: '' })).toEqual({
      account: { rule: 'validate.email.format' },
      password: { rule: 'validate.required' },
    });
  });

  it('validates the reset form like the sign-up form', () => {
    expect(validateReset({ ...good })).toEqual({});
    expect(validateReset({ ...good, confirmPassword: 'Other12345' })).toEqual({ confirmPassword: { rule: 'password.mismatch' } });
  });

  it('puts server replies under the right field', () => {
    expect(fieldOfCode('account.already.registered')).toBe('account');
    expect(fieldOfCode('verify.code.expired')).toBe('code');
    expect(fieldOfCode('verify.code.resend.wait')).toBe('code');
    expect(fieldOfCode('register.invite.invalid')).toBe('inviteCode');
    expect(fieldOfCode('rate.limited')).toBeNull();
  });

  it('has a message for every error code and client rule', () => {
    for (const code of ERROR_CODES) expect(RULE_MESSAGES[code]?.id, code).toMatch(/^rule\./);
    expect(RULE_MESSAGES['password.mismatch'].id).toBe('rule.password.mismatch');
    expect(RULE_MESSAGES['agreement.required'].id).toBe('rule.agreement.required');
  });
});
