// Rate limits through the API: they trigger at the configured counts and clear when their window ends.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { CODE_RESEND_MS, RATE_RULES } from '../../../server/accounts/policy.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, PASSWORD, type Harness } from '../harness.ts';

describeDialects('rate limits', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await openHarness(dialect);
  });
  afterEach(async () => h.dispose());

  const login = (account: string, password: string, address?: string) =>
    h.call('POST', API.login, { body: { account, password }, ...(address ? { address } : {}) });

  it('blocks an account after repeated failed logins, even with the right password, until the window ends', async () => {
    await h.signUp('a@example.com');
    const rule = RATE_RULES.loginFailuresPerAccount;
    for (let i = 0; i < rule.limit; i++) expect((await login('a@example.com', 'Wrong12345')).body.code).toBe('login.failed');
    const blocked = await login('a@example.com', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'rate.limited', data: { retryAfter: rule.windowMs / 1000 } });
    expect(blocked.raw.headers['retry-after']).toBe(String(rule.windowMs / 1000));
    expect(blocked.body.msg).toBe(`Too many attempts. Please try again in ${rule.windowMs / 1000} seconds.`);
    h.clock.advance(rule.windowMs);
    expect((await login('a@example.com', PASSWORD)).body.code).toBe('success');
  });

  it('forgets failures after a successful login', async () => {
    await h.signUp('a@example.com');
    const rule = RATE_RULES.loginFailuresPerAccount;
    for (let i = 0; i < rule.limit - 1; i++) await login('a@example.com', 'Wrong12345');
    expect((await login('a@example.com', PASSWORD)).body.code).toBe('success');
    for (let i = 0; i < rule.limit - 1; i++) await login('a@example.com', 'Wrong12345');
    expect((await login('a@example.com', PASSWORD)).body.code).toBe('success');
  });

  it('limits login attempts per address across accounts', async () => {
    const rule = RATE_RULES.loginAttemptsPerAddress;
    for (let i = 0; i < rule.limit; i++) {
      expect((await login(`u${i}@example.com`, 'Wrong12345', '10.0.0.1')).body.code).toBe('login.failed');
    }
    expect((await login('x@example.com', 'Wrong12345', '10.0.0.1')).body.code).toBe('rate.limited');
    expect((await login('x@example.com', 'Wrong12345', '10.0.0.2')).body.code).toBe('login.failed');
    h.clock.advance(rule.windowMs);
    expect((await login('x@example.com', 'Wrong12345', '10.0.0.1')).body.code).toBe('login.failed');
  });

  it('limits codes per account per hour', async () => {
    const rule = RATE_RULES.codesPerAccount;
    const send = (address: string) =>
      h.call('POST', API.sendCode, { address, body: { channel: 'email', account: 'a@example.com', purpose: 'register' } });
    for (let i = 0; i < rule.limit; i++) {
      expect((await send(`10.0.1.${i}`)).body.code).toBe('success');
      h.clock.advance(CODE_RESEND_MS);
    }
    const blocked = await send('10.0.2.1');
    expect(blocked.body.code).toBe('rate.limited');
    expect(await h.store.outbox.count()).toBe(rule.limit);
    h.clock.advance(rule.windowMs - rule.limit * CODE_RESEND_MS);
    expect((await send('10.0.2.1')).body.code).toBe('success');
  });

  it('limits code requests per address across accounts', async () => {
    const rule = RATE_RULES.codeRequestsPerAddress;
    const send = (i: number) =>
      h.call('POST', API.sendCode, { address: '10.0.0.9', body: { channel: 'email', account: `u${i}@example.com`, purpose: 'register' } });
    for (let i = 0; i < rule.limit; i++) expect((await send(i)).body.code).toBe('success');
    expect((await send(rule.limit)).body.code).toBe('rate.limited');
    h.clock.advance(rule.windowMs);
    expect((await send(rule.limit)).body.code).toBe('success');
  });
});
