// Sign-up, sign-in, sessions and user info through the app API.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { INVITE_ALPHABET, sha256 } from '../../../server/accounts/secrets.ts';
import { describeDialects } from '../dialects.ts';
import { HOUR, openHarness, PASSWORD, SESSION_TTL_MS, type Harness } from '../harness.ts';

describeDialects('accounts API', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await openHarness(dialect);
  });
  afterEach(async () => h.dispose());

  it('registers by e-mail and shows the new user', async () => {
    const token = await h.signUp('Alice.Smith@Example.com');
    const reply = await h.call('GET', API.getUserInfo, { ticket: token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 'success', msg: 'Success' });
    const info = reply.body.data;
    expect(info).toMatchObject({
      userId: 10_000_001,
      nickName: 'al***@example.com',
      username: 'alice.smith@example.com',
      email: 'alice.smith@example.com',
      phone: null,
      registerTime: h.clock.now(),
      realNameStatus: 'none',
      safetyLevel: 'low',
      creditScore: 100,
      hasFundPassword: false,
      frozen: false,
      hasRecharge: false,
    });
    expect(info.inviteCode).toMatch(new RegExp(`^[${INVITE_ALPHABET}]{8}$`));
  });

  it('registers by phone with a masked nickname', async () => {
    await h.call('POST', API.sendCode, { body: { channel: 'phone', account: '+86 138-1234-5678', purpose: 'register' } });
    const code = await h.latestCode('+8613812345678');
    const reply = await h.call('POST', API.register, {
      body: { channel: 'phone', account: '+8613812345678', code, password: PASSWORD, agree: true },
    });
    expect(reply.body).toEqual({ code: 'success', msg: 'Success', data: { userId: 10_000_001 } });
    const user = await h.store.users.findById(10_000_001);
    expect(user).toMatchObject({ phone: '+8613812345678', email: null, nickname: '+86***5678' });
  });

  it('records the referrer of an invited user; level 2 follows from it', async () => {
    const topToken = await h.signUp('top@example.com');
    const top = (await h.call('GET', API.getUserInfo, { ticket: topToken })).body.data;
    const midToken = await h.signUp('mid@example.com', PASSWORD, top.inviteCode.toLowerCase());
    const mid = (await h.call('GET', API.getUserInfo, { ticket: midToken })).body.data;
    await h.signUp('low@example.com', PASSWORD, mid.inviteCode);
    expect((await h.store.users.findByEmail('mid@example.com'))?.referrer_id).toBe(top.userId);
    expect(await h.store.users.countReferrals(top.userId)).toEqual({ level1: 1, level2: 1 });
  });

  it('stores an argon2id hash, never the password, and only a hash of the session token', async () => {
    const token = await h.signUp('a@example.com');
    const user = await h.store.users.findByEmail('a@example.com');
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(user?.password_hash).not.toContain(PASSWORD);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await h.store.sessions.find(token)).toBeUndefined();
    expect(await h.store.sessions.find(sha256(token))).toMatchObject({ user_id: user?.id, revoked_at: null });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    await h.signUp('a@example.com');
    const wrong = await h.call('POST', API.login, { body: { account: 'a@example.com', password: 'Wrong12345' } });
    const unknown = await h.call('POST', API.login, { body: { account: 'b@example.com', password: 'Wrong12345' } });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ code: 'login.failed', msg: 'Incorrect account or password.', data: null });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(wrong.status);
  });

  it('logs in with a differently written account and returns the expiry', async () => {
    await h.signUp('a@example.com');
    const reply = await h.call('POST', API.login, { body: { account: ' A@Example.COM ', password: PASSWORD } });
    expect(reply.body.code).toBe('success');
    expect(reply.body.data.expiresAt).toBe(h.clock.now() + SESSION_TTL_MS);
  });

  it('asks for a login without a ticket or with an unknown one', async () => {
    for (const ticket of [undefined, 'not-a-session']) {
      const reply = await h.call('GET', API.getUserInfo, ticket ? { ticket } : {});
      expect(reply.status).toBe(200);
      expect(reply.body.code).toBe('login.user.not.login');
    }
  });

  it('logout revokes the session and succeeds again when it is already gone', async () => {
    const token = await h.signUp('a@example.com');
    expect((await h.call('POST', API.logout, { ticket: token })).body.code).toBe('success');
    expect((await h.call('GET', API.getUserInfo, { ticket: token })).body.code).toBe('login.user.not.login');
    expect((await h.call('POST', API.logout, { ticket: token })).body.code).toBe('success');
    expect((await h.call('POST', API.logout)).body.code).toBe('success');
  });

  it('expires a session after its lifetime', async () => {
    const token = await h.signUp('a@example.com');
    h.clock.advance(SESSION_TTL_MS - 1);
    expect((await h.call('GET', API.getUserInfo, { ticket: token })).body.code).toBe('success');
    const other = await h.call('POST', API.login, { body: { account: 'a@example.com', password: PASSWORD } });
    h.clock.advance(SESSION_TTL_MS + 1);
    for (const ticket of [token, other.body.data.token as string]) {
      const reply = await h.call('GET', API.getUserInfo, { ticket });
      expect(reply.status).toBe(200);
      expect(reply.body.code).toBe('login.session.expired');
    }
  });

  it('renews a session used past half its life, but not one used early', async () => {
    const token = await h.signUp('a@example.com');
    const hash = sha256(token);
    const issued = (await h.store.sessions.find(hash))?.expires_at ?? 0;
    h.clock.advance(10 * HOUR);
    await h.call('GET', API.getUserInfo, { ticket: token });
    expect((await h.store.sessions.find(hash))?.expires_at).toBe(issued);
    h.clock.advance(SESSION_TTL_MS / 2);
    await h.call('GET', API.getUserInfo, { ticket: token });
    expect((await h.store.sessions.find(hash))?.expires_at).toBe(h.clock.now() + SESSION_TTL_MS);
    h.clock.advance(SESSION_TTL_MS - HOUR); // past the original expiry, within the renewed one
    expect((await h.call('GET', API.getUserInfo, { ticket: token })).body.code).toBe('success');
  });

  it('a password reset revokes every session and only the new password works', async () => {
    const first = await h.signUp('a@example.com');
    const second = (await h.call('POST', API.login, { body: { account: 'a@example.com', password: PASSWORD } })).body.data.token;
    h.clock.advance(61_000);
    await h.call('POST', API.sendCode, { body: { channel: 'email', account: 'a@example.com', purpose: 'reset' } });
    const code = await h.latestCode('a@example.com');
    const reset = await h.call('POST', API.resetPassword, {
      body: { channel: 'email', account: 'a@example.com', code, password: 'Renewed12345' },
    });
    expect(reset.body).toEqual({ code: 'success', msg: 'Success', data: null });
    for (const ticket of [first, second]) {
      expect((await h.call('GET', API.getUserInfo, { ticket })).body.code).toBe('login.user.not.login');
    }
    const old = await h.call('POST', API.login, { body: { account: 'a@example.com', password: PASSWORD } });
    expect(old.body.code).toBe('login.failed');
    const renewed = await h.call('POST', API.login, { body: { account: 'a@example.com', password: 'Renewed12345' } });
    expect(renewed.body.code).toBe('success');
  });

  it('a frozen account gets account.frozen on protected calls and on a correct login only', async () => {
    const token = await h.signUp('a@example.com');
    const user = await h.store.users.findByEmail('a@example.com');
    await h.store.users.setFrozen(user!.id, true, h.clock.now());
    const info = await h.call('GET', API.getUserInfo, { ticket: token });
    expect(info.status).toBe(200);
    expect(info.body.code).toBe('account.frozen');
    const right = await h.call('POST', API.login, { body: { account: 'a@example.com', password: PASSWORD } });
    expect(right.body.code).toBe('account.frozen');
    const wrong = await h.call('POST', API.login, { body: { account: 'a@example.com', password: 'Wrong12345' } });
    expect(wrong.body.code).toBe('login.failed');
  });

  it('setHasRecharge needs a session and sets the flag', async () => {
    expect((await h.call('GET', API.setHasRecharge)).body.code).toBe('login.user.not.login');
    const token = await h.signUp('a@example.com');
    const reply = await h.call('GET', API.setHasRecharge, { ticket: token });
    expect(reply.body).toEqual({ code: 'success', msg: 'Success', data: null });
    expect((await h.call('GET', API.getUserInfo, { ticket: token })).body.data.hasRecharge).toBe(true);
  });

  it('sends a bind code only to an account no other user has', async () => {
    const token = await h.signUp('a@example.com');
    await h.signUp('b@example.com');
    const taken = await h.call('POST', API.sendCode, {
      ticket: token,
      body: { channel: 'email', account: 'b@example.com', purpose: 'bind' },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.code).toBe('bind.account.taken');
    const free = await h.call('POST', API.sendCode, {
      ticket: token,
      body: { channel: 'phone', account: '+6580001234', purpose: 'bind' },
    });
    expect(free.body).toEqual({ code: 'success', msg: 'Success', data: { resendAfter: 60, expiresIn: 600 } });
  });
});
