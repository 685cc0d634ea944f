// Verification codes through the API: lifetime, wrong-attempt budget, resend wait, single use, hashed storage.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS } from '../../../server/accounts/policy.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, PASSWORD, type Harness } from '../harness.ts';

const EMAIL = 'c@example.com';
const send = (h: Harness, purpose = 'register', lang?: string) =>
  h.call('POST', API.sendCode, { body: { channel: 'email', account: EMAIL, purpose }, ...(lang ? { headers: { lang } } : {}) });
const register = (h: Harness, code: string) =>
  h.call('POST', API.register, { body: { channel: 'email', account: EMAIL, code, password: PASSWORD, agree: true } });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describeDialects('verification codes', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await openHarness(dialect);
  });
  afterEach(async () => h.dispose());

  it('sends six digits in the requested language and stores only a hash', async () => {
    const reply = await send(h, 'register', 'ja');
    expect(reply.body.data).toEqual({ resendAfter: 60, expiresIn: 600 });
    const [message] = await h.store.outbox.list(1);
    expect(message).toMatchObject({ channel: 'email', recipient: EMAIL, status: 'stored', subject: 'OpenEx の認証コード' });
    const code = await h.latestCode(EMAIL);
    expect(message?.body).toContain(`認証コードは ${code} です`);
    const stored = await h.store.codes.find({ channel: 'email', account: EMAIL, purpose: 'register' });
    expect(stored?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.code_hash).not.toContain(code);
  });

  it('accepts a code until it expires', async () => {
    await send(h);
    const code = await h.latestCode(EMAIL);
    h.clock.advance(CODE_TTL_MS);
    const reply = await register(h, code);
    expect(reply.body.code).toBe('verify.code.expired');
    expect(await h.store.users.count()).toBe(0);
  });

  it('kills a code after five wrong attempts, even for the right code afterwards', async () => {
    await send(h);
    const code = await h.latestCode(EMAIL);
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) expect((await register(h, wrong(code))).body.code).toBe('verify.code.error');
    expect((await register(h, wrong(code))).body.code).toBe('verify.code.attempts');
    expect((await register(h, code)).body.code).toBe('verify.code.attempts');
    expect(await h.store.users.count()).toBe(0);
  });

  it('refuses a resend within 60 s with the seconds left, then replaces the code', async () => {
    await send(h);
    const first = await h.latestCode(EMAIL);
    h.clock.advance(20_000);
    const early = await send(h);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ code: 'verify.code.resend.wait', data: { retryAfter: 40 } });
    expect(early.body.msg).toBe('Please wait 40 seconds before requesting another code.');
    expect(await h.store.outbox.count()).toBe(1);
    h.clock.advance(CODE_RESEND_MS - 20_000);
    expect((await send(h)).body.code).toBe('success');
    const second = await h.latestCode(EMAIL);
    if (second !== first) expect((await register(h, first)).body.code).toBe('verify.code.error');
    expect((await register(h, second)).body.code).toBe('success');
  });

  it('uses a code once', async () => {
    await h.signUp(EMAIL);
    h.clock.advance(CODE_RESEND_MS);
    await send(h, 'reset');
    const code = await h.latestCode(EMAIL);
    const body = { channel: 'email', account: EMAIL, code, password: 'Another12345' };
    expect((await h.call('POST', API.resetPassword, { body })).body.code).toBe('success');
    expect((await h.call('POST', API.resetPassword, { body })).body.code).toBe('verify.code.error');
  });

  it('keeps codes of different purposes apart', async () => {
    await h.signUp(EMAIL);
    h.clock.advance(CODE_RESEND_MS);
    await send(h, 'reset');
    const resetCode = await h.latestCode(EMAIL);
    const asRegister = await h.call('POST', API.register, {
      body: { channel: 'email', account: 'other@example.com', code: resetCode, password: PASSWORD, agree: true },
    });
    expect(asRegister.body.code).toBe('verify.code.error');
  });
});
