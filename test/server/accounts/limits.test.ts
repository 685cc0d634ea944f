// Rate limits through the API: they trigger at the configured counts and clear when their window ends. Sign-in
// guessing is slowed (growing waits per address) without ever locking the owner out (login-guard.ts).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { addressSubject } from '../../../server/accounts/login-guard.ts';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { CODE_RESEND_MS, LOGIN_DELAYS, loginDelayMs, RATE_RULES } from '../../../server/accounts/policy.ts';
import { buildApp } from '../../../server/gateway/app.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, PASSWORD, SESSION_TTL_MS, type Harness } from '../harness.ts';

describeDialects('rate limits', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await openHarness(dialect);
  });
  afterEach(async () => h.dispose());

  const login = (account: string, password: string, address?: string) =>
    h.call('POST', API.login, { body: { account, password }, ...(address ? { address } : {}) });

  it('never locks the owner out: the right password from a fresh address works while an attacker is throttled', async () => {
    await h.signUp('a@example.com');
    const pair = RATE_RULES.loginFailuresPerPair;
    for (let i = 0; i < pair.limit; i++) expect((await login('a@example.com', 'Wrong12345', '10.6.0.1')).body.code).toBe('login.failed');
    // The attacker's address now waits, even with the right password (it has been failing)…
    const throttled = await login('a@example.com', PASSWORD, '10.6.0.1');
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ code: 'login.throttled', data: { retryAfter: 1 } });
    expect(throttled.raw.headers['retry-after']).toBe('1');
    expect(throttled.body.msg).toBe('Too many failed sign-ins from here. Please try again in 1 seconds.');
    // …the owner, elsewhere, is not refused at all.
    expect((await login('a@example.com', PASSWORD, '10.6.0.2')).body.code).toBe('success');
    expect((await login('a@example.com', PASSWORD)).body.code).toBe('success');
  });

  it('grows the wait per account and address, doubling up to a cap, and forgets it after a success there', async () => {
    // The owner's own address (trusted since signing in there), so past the account's limit no code is asked and
    // the waits go on growing; a stranger's address would be asked for a code by then (next test).
    await h.signUp('a@example.com');
    const pair = RATE_RULES.loginFailuresPerPair;
    const at = '10.6.1.1';
    expect((await login('a@example.com', PASSWORD, at)).body.code).toBe('success');
    for (let i = 0; i < pair.limit; i++) await login('a@example.com', 'Wrong12345', at);
    const waits: number[] = [];
    for (let failures = pair.limit; failures < pair.limit + 12; failures++) {
      const wait = loginDelayMs(pair, failures);
      const refused = await login('a@example.com', 'Wrong12345', at);
      expect(refused.body.code).toBe('login.throttled');
      expect(refused.body.data.retryAfter).toBe(Math.ceil(wait / 1000));
      waits.push(refused.body.data.retryAfter);
      h.clock.advance(wait);
      expect((await login('a@example.com', 'Wrong12345', at)).body.code).toBe('login.failed');
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    expect(LOGIN_DELAYS.maxMs).toBe(300_000);
    // Kept in the store: another gateway over the same store (or this one restarted) refuses the same way.
    const other = await buildApp({
      store: h.store, notifier: createNotifier({ outbox: h.store.outbox, clock: h.clock.now }), messages: createMessages(),
      hasher: argon2Hasher(), clock: h.clock.now, sessionTtlMs: SESSION_TTL_MS, staticDir: '/nonexistent-openex-dist',
    });
    try {
      const reply = await other.inject({ method: 'POST', url: API.login, remoteAddress: at, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ account: 'a@example.com', password: PASSWORD }) });
      expect(reply.json()).toMatchObject({ code: 'login.throttled', data: { retryAfter: 300 } });
    } finally {
      await other.close();
    }
    h.clock.advance(LOGIN_DELAYS.maxMs);
    // The account has seen many failures by now: an address that never signed in to it needs a code too.
    expect((await login('a@example.com', PASSWORD, '10.6.1.2')).body.code).toBe('login.code.required');
    // A success forgets that address's failures: the next mistake costs no wait.
    expect((await login('a@example.com', PASSWORD, at)).body.code).toBe('success');
    expect((await login('a@example.com', 'Wrong12345', at)).body.code).toBe('login.failed');
    expect((await login('a@example.com', PASSWORD, at)).body.code).toBe('success');
  });

  it('throttles one address failing across many accounts, and only that address', async () => {
    await h.signUp('owner@example.com');
    const rule = RATE_RULES.loginFailuresPerAddress;
    for (let i = 0; i < rule.limit; i++) {
      expect((await login(`u${i}@example.com`, 'Wrong12345', '10.6.2.1')).body.code).toBe('login.failed');
    }
    expect((await login('fresh@example.com', 'Wrong12345', '10.6.2.1')).body).toMatchObject({ code: 'login.throttled', data: { retryAfter: 1 } });
    expect((await login('owner@example.com', PASSWORD, '10.6.2.2')).body.code).toBe('success');
    h.clock.advance(1000);
    expect((await login('fresh@example.com', 'Wrong12345', '10.6.2.1')).body.code).toBe('login.failed');
    expect((await login('fresh@example.com', 'Wrong12345', '10.6.2.1')).body).toMatchObject({ code: 'login.throttled', data: { retryAfter: 2 } });
  });

  it('after many failures from anywhere asks a new address for a code, tells the owner once, and lets password + code in', async () => {
    // The owner last signed in in Thai: the warning is written in Thai.
    const ticket = await h.signUp('a@example.com');
    expect(ticket).toBeTruthy();
    expect((await h.call('POST', API.login, { body: { account: 'a@example.com', password: PASSWORD }, headers: { lang: 'th' } })).body.code).toBe('success');
    const outboxBefore = await h.store.outbox.count();
    const rule = RATE_RULES.loginFailuresPerAccount;
    // A distributed guesser: one try from each of many addresses, so no address is ever throttled; from the
    // limit on, an address new to the account must bring a code, and without one its password is not even tried.
    for (let i = 0; i < rule.limit + 5; i++) {
      expect((await login('a@example.com', 'Wrong12345', `10.7.0.${i}`)).body.code).toBe(i < rule.limit ? 'login.failed' : 'login.code.required');
    }

    const alerts = (await h.store.outbox.list(100)).filter((m) => m.recipient === 'a@example.com' && m.subject.includes('OpenEx') && !/\b\d{6}\b/.test(m.body));
    expect(await h.store.outbox.count()).toBe(outboxBefore + 1);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe('มีการพยายามเข้าสู่ระบบบัญชี OpenEx ของคุณที่ไม่สำเร็จ');
    expect(alerts[0]!.body).toContain(`${rule.limit} ครั้ง`);

    // The guesser, even with the right password, cannot get in without the code.
    const needs = await login('a@example.com', PASSWORD, '10.7.1.1');
    expect(needs.body).toMatchObject({ code: 'login.code.required', data: { channel: 'email' } });
    expect(needs.body.msg).toContain('verification code');
    // A wrong code counts as a failure and says nothing about the password.
    const wrongCode = await h.call('POST', API.login, { address: '10.7.1.1', body: { account: 'a@example.com', password: 'Wrong12345', code: '000000' } });
    expect(wrongCode.body.code).toBe('verify.code.error');
    // The owner on a new device: asks for the code, signs in with password + code.
    const sent = await h.call('POST', API.sendCode, { address: '10.7.2.1', body: { channel: 'email', account: 'a@example.com', purpose: 'login' } });
    expect(sent.body.code).toBe('success');
    const code = await h.latestCode('a@example.com');
    expect((await h.call('POST', API.login, { address: '10.7.2.1', body: { account: 'a@example.com', password: PASSWORD, code } })).body.code).toBe('success');
    // Used up, and no longer needed from there: that address is trusted now.
    expect((await login('a@example.com', PASSWORD, '10.7.2.1')).body.code).toBe('success');
    // The address the owner always used never needed one.
    expect((await login('a@example.com', PASSWORD)).body.code).toBe('success');
    // More failures in the same window (wrong codes, wrong passwords from a trusted address): no second warning.
    for (let i = 0; i < 3; i++) await h.call('POST', API.login, { address: `10.7.3.${i}`, body: { account: 'a@example.com', password: 'Wrong12345', code: '111111' } });
    for (let i = 0; i < 2; i++) expect((await login('a@example.com', 'Wrong12345')).body.code).toBe('login.failed');
    expect((await h.store.outbox.list(100)).filter((m) => m.subject === alerts[0]!.subject)).toHaveLength(1);
    // An account nobody owns behaves the same (nothing to learn from the answers) and warns no one.
    for (let i = 0; i < rule.limit; i++) await login('nobody@example.com', 'Wrong12345', `10.7.4.${i}`);
    expect((await login('nobody@example.com', 'Wrong12345', '10.7.5.1')).body.code).toBe('login.code.required');
  });

  it('limits login attempts per address, right or wrong, as a flood guard', async () => {
    await h.signUp('a@example.com');
    const rule = RATE_RULES.loginAttemptsPerAddress;
    for (let i = 0; i < rule.limit; i++) expect((await login('a@example.com', PASSWORD, '10.0.0.1')).body.code).toBe('success');
    expect((await login('a@example.com', PASSWORD, '10.0.0.1')).body.code).toBe('rate.limited');
    expect((await login('a@example.com', PASSWORD, '10.0.0.2')).body.code).toBe('success');
    h.clock.advance(rule.windowMs);
    expect((await login('a@example.com', PASSWORD, '10.0.0.1')).body.code).toBe('success');
  });

  it('counts an IPv6 client by its /64, an IPv4-mapped one as IPv4', () => {
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressSubject('10.1.2.3')).toBe('10.1.2.3');
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
