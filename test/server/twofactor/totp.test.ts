// TOTP through the app API (issue 21): setup shows a secret that is only turned on by a valid code for it; a code's
// time step is used once (enable, sign-in, disable: a replay is refused, also when two requests race); sign-in asks
// for a code only while TOTP is on; disable needs a valid code; wrong codes are slowed, not locked out; the secret is
// stored encrypted. Each change is told to the owner. On SQLite and PostgreSQL.
import { generate } from 'otplib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { TWO_FACTOR_API } from '../../../server/contract/twofactor.ts';
import { SECRET_FAILURES_FREE } from '../../../server/accounts/security/guard.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, PASSWORD, type Harness } from '../harness.ts';

const EMAIL = 'totp@example.com';
const STEP = 30_000;

describeDialects('TOTP', (dialect) => {
  let h: Harness;
  let ticket: string;
  let userId: number;

  beforeEach(async () => {
    h = await openHarness(dialect);
    ticket = await h.signUp(EMAIL);
    userId = (await h.store.users.findByEmail(EMAIL))!.id;
  }, 30_000);
  afterEach(async () => h.dispose());

  const post = (url: string, body: unknown = {}) => h.call('POST', url, { ticket, body });
  const codeAt = (secret: string, ms = h.clock.now()) => generate({ secret, epoch: Math.floor(ms / 1000) });
  const status = async () => (await h.call('GET', TWO_FACTOR_API.status, { ticket })).body.data as { totpEnabled: boolean };
  const login = (totpCode?: string) => h.call('POST', '/app/account/login', { body: { account: EMAIL, password: PASSWORD, ...(totpCode === undefined ? {} : { totpCode }) } });
  const mails = async () => (await h.store.outbox.list(100)).filter((m) => m.recipient === EMAIL).map((m) => m.subject);

  /** Setup and enable; returns the secret. The clock then moves to the next step. */
  async function enable(): Promise<string> {
    const setup = await post(TWO_FACTOR_API.totpSetup);
    expect(setup.body.code).toBe('success');
    const secret = setup.body.data.secret as string;
    expect((await post(TWO_FACTOR_API.totpEnable, { code: await codeAt(secret) })).body.code).toBe('success');
    h.clock.advance(STEP);
    return secret;
  }

  it('shows the secret as text, URI and QR code, and turns on only with a valid code for it', async () => {
    const setup = await post(TWO_FACTOR_API.totpSetup);
    expect(setup.body.code).toBe('success');
    const { secret, uri, qrSvg } = setup.body.data as { secret: string; uri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/OpenEx:${encodeURIComponent(EMAIL)}?secret=${secret}&issuer=OpenEx`);
    expect(qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);

    // Wrong, malformed, and a code of another secret: refused, TOTP stays off.
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (const code of [wrong, '12345', 'abcdef', await codeAt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')]) {
      const r = await post(TWO_FACTOR_API.totpEnable, { code });
      expect(r.body.code, code).toBe('totp.code.invalid');
    }
    expect(await status()).toMatchObject({ totpEnabled: false });
    expect(await mails()).toHaveLength(1); // the sign-up code only

    // A code one step old is still taken (clock drift), two steps old is not.
    h.clock.advance(2 * STEP);
    expect((await post(TWO_FACTOR_API.totpEnable, { code: right })).body.code).toBe('totp.code.invalid');
    // That was the fifth wrong code: a one-second wait first (the guard), then the code of one step ago.
    expect((await post(TWO_FACTOR_API.totpEnable, { code: right })).body.code).toBe('security.throttled');
    h.clock.advance(1_000);
    const previous = await codeAt(secret, h.clock.now() - STEP);
    expect((await post(TWO_FACTOR_API.totpEnable, { code: previous })).body.code).toBe('success');
    expect(await status()).toMatchObject({ totpEnabled: true });
    expect(await mails()).toHaveLength(2); // told
    expect((await h.store.security.get(userId))?.withdrawal_locked_until).toBe(h.clock.now() + 24 * 3_600_000);

    // On: no second setup until it is off.
    expect((await post(TWO_FACTOR_API.totpSetup)).body.code).toBe('totp.already.enabled');
  });

  it('enables only the latest setup, and not after the setup expired', async () => {
    expect((await post(TWO_FACTOR_API.totpEnable, { code: '123456' })).body.code).toBe('totp.setup.missing');
    const first = (await post(TWO_FACTOR_API.totpSetup)).body.data.secret as string;
    const second = (await post(TWO_FACTOR_API.totpSetup)).body.data.secret as string;
    expect(second).not.toBe(first);
    expect((await post(TWO_FACTOR_API.totpEnable, { code: await codeAt(first) })).body.code).toBe('totp.code.invalid');
    h.clock.advance(15 * 60_000 + 1);
    expect((await post(TWO_FACTOR_API.totpEnable, { code: await codeAt(second) })).body.code).toBe('totp.setup.missing');
    expect(await status()).toMatchObject({ totpEnabled: false });
  });

  it('keeps the secret encrypted at rest', async () => {
    const setup = await post(TWO_FACTOR_API.totpSetup);
    const secret = setup.body.data.secret as string;
    const pending = await h.store.db.withTables<{ user_totp: { user_id: number; secret: string | null; pending_secret: string | null } }>()
      .selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(pending.pending_secret).toMatch(/^v1\./);
    expect(JSON.stringify(pending)).not.toContain(secret);
    expect(JSON.stringify(pending)).not.toContain(secret.toLowerCase());
    expect((await post(TWO_FACTOR_API.totpEnable, { code: await codeAt(secret) })).body.code).toBe('success');
    const on = await h.store.db.withTables<{ user_totp: { user_id: number; secret: string | null; pending_secret: string | null } }>()
      .selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(on.secret).toMatch(/^v1\./);
    expect(on.pending_secret).toBeNull();
    expect(JSON.stringify(on)).not.toContain(secret);
  });

  it('asks for the code at sign-in while on, refuses a wrong or used one, and not while off', async () => {
    expect((await login()).body.code).toBe('success');
    const secret = await enable();

    const asked = await login();
    expect(asked.body.code).toBe('login.totp.required');
    expect(asked.body.data).toBeNull();
    const code = await codeAt(secret);
    expect((await login(code === '000000' ? '111111' : '000000')).body.code).toBe('totp.code.invalid');
    const ok = await login(code);
    expect(ok.body.code).toBe('success');
    expect(typeof ok.body.data.token).toBe('string');
    // The same code (the same time step) again: refused, even though it is still the current code.
    const replay = await login(code);
    expect(replay.body.code).toBe('totp.code.used');
    expect(replay.body.msg).toMatch(/already been used/);
    // A wrong password is still a wrong password, code or not.
    expect((await h.call('POST', '/app/account/login', { body: { account: EMAIL, password: 'Wrong12345', totpCode: code } })).body.code).toBe('login.failed');

    h.clock.advance(STEP);
    const next = await codeAt(secret);
    expect((await login(next)).body.code).toBe('success');
    // An older code than the last accepted one (the previous step, still within tolerance) is refused too.
    expect((await login(code)).body.code).toBe('totp.code.used');

    h.clock.advance(STEP);
    expect((await post(TWO_FACTOR_API.totpDisable, { code: await codeAt(secret) })).body.code).toBe('success');
    expect((await login()).body.code).toBe('success');
  });

  it('disables only with a valid, unused code', async () => {
    const secret = await enable();
    const code = await codeAt(secret);
    expect((await post(TWO_FACTOR_API.totpDisable, { code: code === '000000' ? '111111' : '000000' })).body.code).toBe('totp.code.invalid');
    expect((await post(TWO_FACTOR_API.totpDisable, {})).body.code).toBe('validate.required');
    expect(await status()).toMatchObject({ totpEnabled: true });
    // Use this step's code for a sign-in: it can't disable afterwards.
    expect((await login(code)).body.code).toBe('success');
    expect((await post(TWO_FACTOR_API.totpDisable, { code })).body.code).toBe('totp.code.used');
    expect(await status()).toMatchObject({ totpEnabled: true });
    h.clock.advance(STEP);
    const before = (await mails()).length;
    expect((await post(TWO_FACTOR_API.totpDisable, { code: await codeAt(secret) })).body.code).toBe('success');
    expect(await status()).toMatchObject({ totpEnabled: false });
    expect(await mails()).toHaveLength(before + 1);
    expect((await post(TWO_FACTOR_API.totpDisable, { code: await codeAt(secret) })).body.code).toBe('totp.not.enabled');
    // The enable's step was used: enabling a new secret within the same step waits for the next code.
    const again = (await post(TWO_FACTOR_API.totpSetup)).body.data.secret as string;
    expect((await post(TWO_FACTOR_API.totpEnable, { code: await codeAt(again) })).body.code).toBe('totp.code.used');
  });

  it('lets only one of two requests racing with one code through', async () => {
    const secret = await enable();
    const code = await codeAt(secret);
    const replies = await Promise.all([login(code), login(code), login(code)]);
    expect(replies.map((r) => r.body.code).sort()).toEqual(['success', 'totp.code.used', 'totp.code.used']);
  });

  it('accepts a time step once in the store itself, whatever the service read before', async () => {
    await enable();
    const row = (await h.store.twoFactor.totp(userId))!;
    const step = row.lastStep! + 1;
    // Two requests that both read the same last step: only the first update takes.
    expect(await h.store.twoFactor.acceptStep(userId, row.secret!, step, h.clock.now())).toBe(true);
    expect(await h.store.twoFactor.acceptStep(userId, row.secret!, step, h.clock.now())).toBe(false);
    expect(await h.store.twoFactor.acceptStep(userId, row.secret!, step - 1, h.clock.now())).toBe(false);
    expect(await h.store.twoFactor.disable(userId, row.secret!, step, h.clock.now())).toBe(false);
    expect(await h.store.twoFactor.acceptStep(userId, 'v1.another.secret', step + 1, h.clock.now())).toBe(false);
    expect(await h.store.twoFactor.disable(userId, row.secret!, step + 1, h.clock.now())).toBe(true);
  });

  it('slows wrong codes (growing waits) without ever locking the owner out', async () => {
    const secret = await enable();
    const good = await codeAt(secret);
    const bad = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < SECRET_FAILURES_FREE - 1; i += 1) expect((await login(bad)).body.code).toBe('totp.code.invalid');
    // The failure that reaches the limit imposes a wait; while it lasts even the right code is not looked at.
    expect((await login(bad)).body.code).toBe('totp.code.invalid');
    const slowed = await login(good);
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('security.throttled');
    expect(slowed.body.data.retryAfter).toBe(1);
    // Enable/disable share the count (one secret).
    expect((await post(TWO_FACTOR_API.totpDisable, { code: good })).body.code).toBe('security.throttled');
    h.clock.advance(1_000);
    expect((await login(good)).body.code).toBe('success');
    // Forgotten after the success: five more free failures.
    h.clock.advance(STEP);
    for (let i = 0; i < SECRET_FAILURES_FREE - 1; i += 1) expect((await login(bad)).body.code).toBe('totp.code.invalid');
    expect((await login(await codeAt(secret))).body.code).toBe('success');
  });
});
