// The security centre (issue 21) through the app API: every flow's happy path, every refusal changing nothing,
// the codes to the old and new address, slowing of wrong secrets across a restart, sessions owned by their user,
// the anti-phishing code in every e-mail, the withdrawal lock and the login history. Both dialects.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SECRET_FAILURES_FREE } from '../../../server/accounts/security/guard.ts';
import { WITHDRAWAL_LOCK_MS } from '../../../server/accounts/security/events.ts';
import { DEVICE_KEEP_MS, LOGIN_HISTORY_KEEP, LOGIN_HISTORY_MAX_AGE_MS } from '../../../server/store/security.ts';
import { describeDialects } from '../dialects.ts';
import { CHROME, FIREFOX, openSecurityHarness, PASSWORD, type SecurityHarness } from './harness.ts';

const NEW_PASSWORD = 'Changed9876';
const PHONE = '+6580001234';

describeDialects('security centre', (dialect) => {
  let h: SecurityHarness;
  beforeEach(async () => {
    h = await openSecurityHarness(dialect);
  });
  afterEach(async () => {
    await h.dispose();
  });

  const overview = async (ticket: string) => (await h.call('GET', '/app/security/overview', { ticket })).body.data;
  const userRow = async (email: string) => (await h.store.users.findByEmail(email))!;

  it('answers the overview with masked bindings, the safety level and what raises it', async () => {
    const t = await h.signUp('alice@example.com');
    expect(await overview(t)).toEqual({
      email: 'al***@example.com',
      phone: null,
      passwordChangedAt: null,
      fundPasswordSet: false,
      totpEnabled: false,
      passkeys: 0,
      antiPhishingSet: false,
      antiPhishingCode: null,
      safetyLevel: 'low',
      missing: ['phone', 'fundPassword', 'twoFactor', 'antiPhishing'],
      withdrawalLockedUntil: null,
    });
    expect((await h.call('GET', '/app/security/overview')).body.code).toBe('login.user.not.login');
  });

  it('binds a phone with a code to it (first binding), then changes it only with codes to the new and the old number', async () => {
    const t = await h.signUp('bob@example.com');
    const code = await h.code(t, 'phone', 'bind', PHONE);
    const bound = await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: PHONE, code } });
    expect(bound.body.code).toBe('success');
    expect((await userRow('bob@example.com')).phone).toBe(PHONE);
    const info = (await h.call('GET', '/app/account/getUserInfo', { ticket: t })).body.data;
    expect(info.safetyLevel).toBe('medium');
    expect((await overview(t)).safetyLevel).toBe('medium');
    expect((await overview(t)).phone).toBe('+65****1234');

    // Changing: the new number's code alone is not enough.
    const other = '+6580005678';
    const newCode = await h.code(t, 'phone', 'bind', other);
    const withoutOld = await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: other, code: newCode } });
    expect(withoutOld.body.code).toBe('validate.required');
    const wrongOld = await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: other, code: newCode, oldCode: '000000' } });
    expect(wrongOld.body.code).toBe('verify.code.error');
    expect((await userRow('bob@example.com')).phone).toBe(PHONE);
    // The old number's code alone (as the new one) is not enough either.
    const oldCode = await h.code(t, 'phone', 'verify');
    const swapped = await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: other, code: oldCode, oldCode } });
    expect(swapped.body.code).toBe('verify.code.error');
    expect((await userRow('bob@example.com')).phone).toBe(PHONE);
    const changed = await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: other, code: newCode, oldCode } });
    expect(changed.body.code).toBe('success');
    expect((await userRow('bob@example.com')).phone).toBe(other);
    // Each code is used up.
    const again = await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: PHONE, code: newCode, oldCode } });
    expect(again.body.code).not.toBe('success');
  });

  it('changes the e-mail with codes to both addresses, and refuses a taken or identical address', async () => {
    const t = await h.signUp('carol@example.com');
    await h.signUp('taken@example.com');
    const taken = await h.call('POST', '/app/security/sendCode', { ticket: t, body: { channel: 'email', purpose: 'bind', account: 'taken@example.com' } });
    expect(taken.body.code).toBe('bind.account.taken');
    const same = await h.call('POST', '/app/security/sendCode', { ticket: t, body: { channel: 'email', purpose: 'bind', account: 'Carol@example.com' } });
    expect(same.body.code).toBe('security.bind.same');
    const newCode = await h.code(t, 'email', 'bind', 'carol2@example.com');
    const oldCode = await h.code(t, 'email', 'verify');
    const before = await h.store.outbox.count();
    const changed = await h.call('POST', '/app/security/bindEmail', { ticket: t, body: { account: 'carol2@example.com', code: newCode, oldCode } });
    expect(changed.body.code).toBe('success');
    expect(await h.store.users.findByEmail('carol2@example.com')).toBeDefined();
    expect(await h.store.users.findByEmail('carol@example.com')).toBeUndefined();
    // The old address is told.
    expect(await h.store.outbox.count()).toBe(before + 1);
    expect((await h.lastMessage('carol@example.com')).subject).toMatch(/Security change/);
    // Signing in now takes the new address.
    expect((await h.login('carol2@example.com', PASSWORD)).body.code).toBe('success');
  });

  it('changes the login password with the old one and a code, signing out every other session only', async () => {
    const t = await h.signUp('dave@example.com');
    const other = (await h.login('dave@example.com', PASSWORD, { userAgent: FIREFOX })).body.data.token as string;
    const code = await h.code(t, 'email', 'verify');
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ oldPassword: 'Wrong12345', newPassword: NEW_PASSWORD, channel: 'email', code }, 'security.password.wrong'],
      [{ oldPassword: PASSWORD, newPassword: 'short', channel: 'email', code }, 'validate.password.format'],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD, channel: 'email', code }, 'security.password.same'],
      [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, channel: 'phone', code }, 'security.channel.notBound'],
      [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, channel: 'email', code: '000000' }, 'verify.code.error'],
      [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, channel: 'email' }, 'validate.required'],
    ];
    const hashBefore = (await userRow('dave@example.com')).password_hash;
    for (const [body, expected] of refusals) {
      const reply = await h.call('POST', '/app/security/changePassword', { ticket: t, body });
      expect(reply.body.code, JSON.stringify(body)).toBe(expected);
      expect((await userRow('dave@example.com')).password_hash).toBe(hashBefore);
      expect((await h.call('GET', '/app/account/getUserInfo', { ticket: other })).body.code).toBe('success');
    }
    const done = await h.call('POST', '/app/security/changePassword', { ticket: t, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, channel: 'email', code } });
    expect(done.body.code).toBe('success');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: t })).body.code).toBe('success');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: other })).body.code).toBe('login.user.not.login');
    expect((await h.login('dave@example.com', PASSWORD)).body.code).toBe('login.failed');
    expect((await h.login('dave@example.com', NEW_PASSWORD)).body.code).toBe('success');
    expect((await overview(t)).passwordChangedAt).toBe(h.clock.now());
  });

  it('sets the fund password (its own rule, not the login one) and changes it with the old one; verifyFundPassword checks it', async () => {
    const t = await h.signUp('erin@example.com');
    const code = await h.code(t, 'email', 'verify');
    const set = (body: Record<string, unknown>) => h.call('POST', '/app/security/fundPassword/set', { ticket: t, body });
    expect((await set({ fundPassword: '12345', channel: 'email', code })).body.code).toBe('security.fund.format');
    expect((await set({ fundPassword: '123 456', channel: 'email', code })).body.code).toBe('security.fund.format');
    expect((await set({ fundPassword: PASSWORD, channel: 'email', code })).body.code).toBe('security.fund.sameAsLogin');
    expect((await set({ fundPassword: '246810', channel: 'email', code: '111111' })).body.code).toBe('verify.code.error');
    expect((await userRow('erin@example.com')).fund_password_hash).toBeNull();
    expect((await set({ fundPassword: '246810', channel: 'email', code })).body.code).toBe('success');
    const user = await userRow('erin@example.com');
    expect(user.fund_password_hash).toMatch(/^\$argon2id\$/);
    expect((await overview(t)).fundPasswordSet).toBe(true);
    const code2 = await h.code(t, 'email', 'verify');
    expect((await set({ fundPassword: '135790', channel: 'email', code: code2 })).body.code).toBe('security.fund.alreadySet');

    const accounts = await import('./accounts.ts');
    const centre = accounts.centreOf(h);
    await expect(centre.verifyFundPassword(user.id, '246810')).resolves.toBeUndefined();
    await expect(centre.verifyFundPassword(user.id, '000000')).rejects.toMatchObject({ code: 'security.fund.wrong' });

    const change = (body: Record<string, unknown>) => h.call('POST', '/app/security/fundPassword/change', { ticket: t, body });
    expect((await change({ oldFundPassword: '999999', fundPassword: '135790', channel: 'email', code: code2 })).body.code).toBe('security.fund.wrong');
    expect((await userRow('erin@example.com')).fund_password_hash).toBe(user.fund_password_hash);
    expect((await change({ oldFundPassword: '246810', fundPassword: '135790', channel: 'email', code: code2 })).body.code).toBe('success');
    await expect(centre.verifyFundPassword(user.id, '135790')).resolves.toBeUndefined();
  });

  it('sets the anti-phishing code (letters required) and every e-mail carries it from then on', async () => {
    const t = await h.signUp('fay@example.com');
    const code = await h.code(t, 'email', 'verify');
    const set = (antiPhishingCode: string, c = code) => h.call('POST', '/app/security/antiPhishing', { ticket: t, body: { antiPhishingCode, channel: 'email', code: c } });
    for (const bad of ['123456', 'ab', 'a'.repeat(21), 'abc-def', 'abc def']) {
      expect((await set(bad)).body.code, bad).toBe('security.antiPhishing.format');
    }
    expect((await overview(t)).antiPhishingSet).toBe(false);
    expect((await set('Fay_2024')).body.code).toBe('success');
    expect((await overview(t)).antiPhishingCode).toBe('Fa******');
    // The security e-mail of this very change, a code e-mail, a login alert: all carry it, once.
    const line = 'Your anti-phishing code: Fay_2024';
    expect((await h.lastMessage('fay@example.com')).body).toContain(line);
    const code2 = await h.code(t, 'email', 'verify');
    const codeMail = (await h.lastMessage('fay@example.com')).body;
    expect(codeMail.split(line).length).toBe(2);
    expect(codeMail).toContain(code2);
    for (let i = 0; i < 10; i++) await h.login('fay@example.com', 'Wrong12345', { address: `198.51.100.${i + 1}` });
    expect((await h.lastMessage('fay@example.com')).subject).toMatch(/failed sign-in|sign-in/i);
    expect((await h.lastMessage('fay@example.com')).body).toContain(line);
    // Another user's mail is untouched.
    await h.signUp('gus@example.com');
    expect((await h.lastMessage('gus@example.com')).body).not.toContain('anti-phishing');
    // Every message to fay since the code was set.
    const all = (await h.store.outbox.list(200)).filter((m) => m.recipient === 'fay@example.com');
    const since = all.slice(0, all.findIndex((m) => m.body.includes('Your anti-phishing code was set')) + 1);
    expect(since.length).toBeGreaterThanOrEqual(3);
    for (const m of since) expect(m.body.split(line).length, m.subject).toBe(2);
  });

  it('lists only the user\'s own sessions; another user\'s ids answer not found and change nothing', async () => {
    const a1 = await h.signUp('ann@example.com');
    h.clock.advance(1000);
    const a2 = (await h.login('ann@example.com', PASSWORD, { userAgent: FIREFOX, address: '198.51.100.20' })).body.data.token as string;
    const b = await h.signUp('ben@example.com');
    const list = (await h.call('GET', '/app/security/sessions', { ticket: a1 })).body.data as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list.map((s) => s['device'])).toEqual(['Firefox 133 on Windows', 'Chrome 131 on Linux']);
    expect(list.map((s) => s['current'])).toEqual([false, true]);
    expect(list[0]).toMatchObject({ address: '198.51.100.20', method: 'password' });
    expect(JSON.stringify(list)).not.toMatch(/token/i);
    const bList = (await h.call('GET', '/app/security/sessions', { ticket: b })).body.data as Array<{ id: string }>;
    expect(bList).toHaveLength(1);
    // B names A's session: not found, A stays signed in.
    for (const id of [list[0]!['id'], list[1]!['id'], 'x', '1']) {
      const reply = await h.call('POST', '/app/security/sessions/revoke', { ticket: b, body: { id } });
      expect(reply.body.code).toBe('security.session.notFound');
    }
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: a2 })).body.code).toBe('success');
    // A signs out the other device.
    const revoked = await h.call('POST', '/app/security/sessions/revoke', { ticket: a1, body: { id: list[0]!['id'] } });
    expect(revoked.body.code).toBe('success');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: a2 })).body.code).toBe('login.user.not.login');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: a1 })).body.code).toBe('success');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: b })).body.code).toBe('success');
  });

  it('signs out all other sessions, keeping the current one; records the last use at most once a minute', async () => {
    const t = await h.signUp('hal@example.com');
    const others = [];
    for (let i = 0; i < 3; i++) others.push((await h.login('hal@example.com', PASSWORD)).body.data.token as string);
    const bob = await h.signUp('hal-b@example.com');
    h.clock.advance(30_000);
    await h.call('GET', '/app/account/getUserInfo', { ticket: t });
    const first = (await h.call('GET', '/app/security/sessions', { ticket: t })).body.data.find((s: { current: boolean }) => s.current);
    h.clock.advance(61_000);
    await h.call('GET', '/app/account/getUserInfo', { ticket: t });
    const later = (await h.call('GET', '/app/security/sessions', { ticket: t })).body.data.find((s: { current: boolean }) => s.current);
    expect(later.lastSeenAt).toBeGreaterThan(first.lastSeenAt);
    const reply = await h.call('POST', '/app/security/sessions/revokeOthers', { ticket: t });
    expect(reply.body.data).toEqual({ revoked: 3 });
    for (const o of others) expect((await h.call('GET', '/app/account/getUserInfo', { ticket: o })).body.code).toBe('login.user.not.login');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: t })).body.code).toBe('success');
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: bob })).body.code).toBe('success');
    expect((await h.call('GET', '/app/security/sessions', { ticket: t })).body.data).toHaveLength(1);
  });

  it('slows wrong codes, passwords and fund passwords per kind, across a restart, and takes the right one after the wait', async () => {
    const t = await h.signUp('ivy@example.com');
    let code = await h.code(t, 'email', 'verify');
    const change = (oldPassword: string, c: string) =>
      h.call('POST', '/app/security/changePassword', { ticket: t, body: { oldPassword, newPassword: NEW_PASSWORD, channel: 'email', code: c } });
    // SECRET_FAILURES_FREE wrong ones are each answered as wrong; the last of them starts the wait.
    for (let i = 0; i < SECRET_FAILURES_FREE; i++) expect((await change('Wrong12345', code)).body.code).toBe('security.password.wrong');
    const throttled = await change(PASSWORD, code);
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('security.throttled');
    expect(throttled.body.data.retryAfter).toBeGreaterThan(0);
    // Another kind is not slowed by it: a wrong code is answered as such.
    expect((await h.call('POST', '/app/security/antiPhishing', { ticket: t, body: { antiPhishingCode: 'Ivy1', channel: 'email', code: '000000' } })).body.code).toBe('verify.code.error');

    await h.restart();
    expect((await change(PASSWORD, code)).body.code).toBe('security.throttled');
    h.clock.advance(throttled.body.data.retryAfter * 1000);
    expect((await change(PASSWORD, code)).body.code).toBe('success');

    // Codes: SECRET_FAILURES_FREE wrong ones, then a wait, across a restart; a fresh code works after it.
    code = await h.code(t, 'email', 'verify');
    const fund = (c: string) => h.call('POST', '/app/security/fundPassword/set', { ticket: t, body: { fundPassword: '246810', channel: 'email', code: c } });
    let last;
    for (let i = 0; i < SECRET_FAILURES_FREE; i++) last = await fund('000000');
    expect(['verify.code.error', 'verify.code.attempts']).toContain(last!.body.code);
    const waiting = await fund(code);
    expect(waiting.body.code).toBe('security.throttled');
    await h.restart();
    expect((await fund(code)).body.code).toBe('security.throttled');
    h.clock.advance(waiting.body.data.retryAfter * 1000);
    code = await h.code(t, 'email', 'verify');
    expect((await fund(code)).body.code).toBe('success');
    expect((await h.store.users.findByEmail('ivy@example.com'))!.fund_password_hash).not.toBeNull();

    // Fund passwords.
    const { centreOf } = await import('./accounts.ts');
    const user = (await h.store.users.findByEmail('ivy@example.com'))!;
    for (let i = 0; i < SECRET_FAILURES_FREE; i++) await expect(centreOf(h).verifyFundPassword(user.id, '999999')).rejects.toMatchObject({ code: 'security.fund.wrong' });
    const refused = await centreOf(h).verifyFundPassword(user.id, '246810').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'security.throttled' });
    await h.restart();
    await expect(centreOf(h).verifyFundPassword(user.id, '246810')).rejects.toMatchObject({ code: 'security.throttled' });
    h.clock.advance(5 * 60_000);
    await expect(centreOf(h).verifyFundPassword(user.id, '246810')).resolves.toBeUndefined();
  });

  it('locks withdrawals for 24 h after a password or fund-password change, and not after other changes', async () => {
    const t = await h.signUp('jon@example.com');
    const user = await userRow('jon@example.com');
    const { eventsOf } = await import('./accounts.ts');
    const events = eventsOf(h);
    // Binding a phone and the anti-phishing code do not lock.
    const bindCode = await h.code(t, 'phone', 'bind', PHONE);
    expect((await h.call('POST', '/app/security/bindPhone', { ticket: t, body: { account: PHONE, code: bindCode } })).body.code).toBe('success');
    const apCode = await h.code(t, 'email', 'verify');
    expect((await h.call('POST', '/app/security/antiPhishing', { ticket: t, body: { antiPhishingCode: 'Jon_ok', channel: 'email', code: apCode } })).body.code).toBe('success');
    await h.call('POST', '/app/security/sessions/revokeOthers', { ticket: t });
    expect(await events.withdrawalLockedUntil(user.id)).toBeNull();
    expect((await overview(t)).withdrawalLockedUntil).toBeNull();

    const code = await h.code(t, 'email', 'verify');
    expect((await h.call('POST', '/app/security/fundPassword/set', { ticket: t, body: { fundPassword: '246810', channel: 'email', code } })).body.code).toBe('success');
    const setAt = h.clock.now();
    expect(await events.withdrawalLockedUntil(user.id)).toBe(setAt + WITHDRAWAL_LOCK_MS);
    await expect(events.ensureWithdrawalsAllowed(user.id)).rejects.toMatchObject({ code: 'security.withdrawal.locked' });
    expect((await h.lastMessage('jon@example.com')).body).toMatch(/withdrawals are locked until/);

    h.clock.advance(WITHDRAWAL_LOCK_MS);
    expect(await events.withdrawalLockedUntil(user.id)).toBeNull();
    await expect(events.ensureWithdrawalsAllowed(user.id)).resolves.toBeUndefined();

    const code2 = await h.code(t, 'email', 'verify');
    expect((await h.call('POST', '/app/security/changePassword', { ticket: t, body: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, channel: 'email', code: code2 } })).body.code).toBe('success');
    const changedAt = h.clock.now();
    await h.restart();
    expect(await eventsOf(h).withdrawalLockedUntil(user.id)).toBe(changedAt + WITHDRAWAL_LOCK_MS);
    expect((await overview(t)).withdrawalLockedUntil).toBe(changedAt + WITHDRAWAL_LOCK_MS);

    h.clock.advance(WITHDRAWAL_LOCK_MS);
    const code3 = await h.code(t, 'email', 'verify');
    expect((await h.call('POST', '/app/security/fundPassword/change', { ticket: t, body: { oldFundPassword: '246810', fundPassword: '135790', channel: 'email', code: code3 } })).body.code).toBe('success');
    expect(await eventsOf(h).withdrawalLockedUntil(user.id)).toBe(h.clock.now() + WITHDRAWAL_LOCK_MS);

    // A password reset (signed out) locks too; the TOTP events (the two-factor helper's calls) as well.
    h.clock.advance(WITHDRAWAL_LOCK_MS);
    await h.call('POST', '/app/account/sendCode', { body: { channel: 'email', account: 'jon@example.com', purpose: 'reset' } });
    const resetCode = await h.latestCode('jon@example.com');
    expect((await h.call('POST', '/app/account/resetPassword', { body: { channel: 'email', account: 'jon@example.com', code: resetCode, password: PASSWORD } })).body.code).toBe('success');
    expect(await eventsOf(h).withdrawalLockedUntil(user.id)).toBe(h.clock.now() + WITHDRAWAL_LOCK_MS);
    h.clock.advance(WITHDRAWAL_LOCK_MS);
    const ctx = { locale: 'en' as const, address: '203.0.113.7' };
    await eventsOf(h).changed(user, 'passkey.added', ctx);
    expect(await eventsOf(h).withdrawalLockedUntil(user.id)).toBeNull();
    await eventsOf(h).changed(user, 'totp.enabled', ctx);
    expect(await eventsOf(h).withdrawalLockedUntil(user.id)).toBe(h.clock.now() + WITHDRAWAL_LOCK_MS);
  });

  it('records sign-ins in the login history, successes and failures, newest first, paged; a new device is told', async () => {
    await h.signUp('kim@example.com');
    h.clock.advance(1000);
    await h.login('kim@example.com', 'Wrong12345', { address: '198.51.100.9', userAgent: FIREFOX });
    h.clock.advance(1000);
    const before = await h.store.outbox.count();
    const t = (await h.login('kim@example.com', PASSWORD, { address: '198.51.100.9', userAgent: FIREFOX })).body.data.token as string;
    // A sign-in from a browser the account has not used: the owner is told.
    expect(await h.store.outbox.count()).toBe(before + 1);
    expect((await h.lastMessage('kim@example.com')).body).toMatch(/new device[\s\S]*Firefox 133 on Windows/);
    const page = (await h.call('GET', '/app/security/loginHistory', { ticket: t, query: { page: '1', pageSize: '2' } })).body.data;
    expect(page.total).toBe(3);
    expect(page.items).toEqual([
      { at: h.clock.now(), address: '198.51.100.9', device: 'Firefox 133 on Windows', method: 'password', result: 'success' },
      { at: h.clock.now() - 1000, address: '198.51.100.9', device: 'Firefox 133 on Windows', method: 'password', result: 'failed' },
    ]);
    const page2 = (await h.call('GET', '/app/security/loginHistory', { ticket: t, query: { page: '2', pageSize: '2' } })).body.data;
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]).toMatchObject({ result: 'success', device: 'Chrome 131 on Linux' });
    // Another user's history is not there.
    const other = await h.signUp('lee@example.com', CHROME);
    expect((await h.call('GET', '/app/security/loginHistory', { ticket: other })).body.data.total).toBe(1);
    expect((await h.call('GET', '/app/security/loginHistory', { ticket: t, query: { page: '0' } })).body.code).toBe('request.invalid');
  });

  it('keeps the login history and the devices of ended sessions bounded', async () => {
    const t = await h.signUp('max@example.com');
    const user = await userRow('max@example.com');
    const start = h.clock.now();
    for (let i = 0; i < LOGIN_HISTORY_KEEP + 5; i++) {
      await h.store.security.recordLogin({ user_id: user.id, at: start + i, address: '198.51.100.1', user_agent: CHROME, method: 'password', result: 'failed' });
    }
    const page = (await h.call('GET', '/app/security/loginHistory', { ticket: t, query: { pageSize: '1' } })).body.data;
    expect(page.total).toBe(LOGIN_HISTORY_KEEP);
    expect(page.items[0].at).toBe(start + LOGIN_HISTORY_KEEP + 4);
    await h.store.security.recordLogin({ user_id: user.id, at: start + LOGIN_HISTORY_MAX_AGE_MS + LOGIN_HISTORY_KEEP + 10, address: '-', user_agent: '', method: 'password', result: 'success' });
    expect((await h.call('GET', '/app/security/loginHistory', { ticket: t })).body.data.total).toBe(1);

    // An ended session's device is forgotten after DEVICE_KEEP_MS; a live one is kept however old.
    const old = (await h.login('max@example.com', PASSWORD, { userAgent: FIREFOX })).body.data.token as string;
    await h.call('POST', '/app/security/sessions/revokeOthers', { ticket: t });
    expect(await h.store.security.knownDevice(user.id, FIREFOX)).toEqual({ any: true, same: true });
    h.clock.advance(DEVICE_KEEP_MS + 1);
    // The first session is still live (as if renewed by use all along): its device stays.
    const first = (await h.store.security.liveDevices(user.id, 0))[0]!;
    await h.store.sessions.extend(first.tokenHash, h.clock.now() + 3_600_000);
    await h.login('max@example.com', PASSWORD);
    expect(await h.store.security.knownDevice(user.id, FIREFOX)).toEqual({ any: true, same: false });
    const live = await h.store.security.liveDevices(user.id, h.clock.now());
    expect(live.map((d) => d.tokenHash)).toContain(first.tokenHash);
    expect(live).toHaveLength(2);
    expect((await h.call('GET', '/app/account/getUserInfo', { ticket: old })).body.code).toBe('login.user.not.login');
  });
});
