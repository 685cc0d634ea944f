// Signing in to the operator console on its own listener: the password AND a fresh code of the operator's TOTP are
// both required, a code is accepted once, repeated failures lock sign-in for a while; the session is an HttpOnly,
// SameSite=Strict cookie; a user's ticket (or session) is worth nothing there; a POST without the console's header is
// refused; every reply carries the CSP; a disabled or reset operator is signed out at once. On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { API } from '../../../server/contract/api.ts';
import { OPS_PATHS, OPS_SESSION_COOKIE, ROLE_CAPABILITIES } from '../../../server/contract/ops.ts';
import { LOCK_MS, MAX_FAILURES, OPS_LOGIN_PER_ADDRESS } from '../../../server/ops/auth.ts';
import { createOpsRepo } from '../../../server/store/ops.ts';
import { describeDialects } from '../dialects.ts';
import { openOpsWorld, type Operator, type OpsWorld } from './world.ts';

describeDialects('console sign-in', (dialect) => {
  let w: OpsWorld;
  let alice: Operator;

  beforeEach(async () => {
    w = await openOpsWorld(dialect);
    alice = await w.addOperator('alice', 'admin');
  }, 60_000);
  afterEach(async () => {
    await w?.dispose();
  });

  const login = async (op: Operator, totp: string, password = op.password) => w.call('POST', OPS_PATHS.login, { body: { name: op.name, password, totp } });

  it('needs the right password and a fresh code, sets a strict session cookie, and a code works once', async () => {
    w.clock.advance(30_000);
    const code = await w.code(alice.secret);
    const wrongPassword = await login(alice, code, `${alice.password}x`);
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.code).toBe('ops.login.failed');
    const wrongCode = await login(alice, code === '000000' ? '111111' : '000000');
    expect(wrongCode.body.code).toBe('ops.login.failed');
    const noCode = await login(alice, '');
    expect(noCode.body.code).toBe('ops.login.failed');
    const unknown = await w.call('POST', OPS_PATHS.login, { body: { name: 'mallory', password: alice.password, totp: code } });
    expect(unknown.body).toMatchObject({ code: 'ops.login.failed' });
    // Translated by the `lang` header, as the app does.
    const zh = await w.call('POST', OPS_PATHS.login, { body: { name: 'mallory', password: 'x', totp: code }, headers: { lang: 'zh-CN' } });
    expect(zh.body.msg).toBe('名称、密码或验证码错误。');

    const ok = await login(alice, code);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ name: 'alice', role: 'admin', capabilities: [...ROLE_CAPABILITIES.admin], expiresAt: w.clock.now() + 12 * 3_600_000 });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${OPS_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=43200; HttpOnly; SameSite=Strict; Path=/$`));
    const token = /=([^;]+)/.exec(cookie)![1]!;
    // Only the token's hash is stored.
    const row = await createOpsRepo(w.server.store.db).liveSession((await import('../../../server/ops/auth.ts')).hashToken(token), w.clock.now());
    expect(row?.operator.name).toBe('alice');
    const me = await w.call('GET', OPS_PATHS.me, { cookie: token });
    expect(me.body.data.name).toBe('alice');
    expect(me.headers['cache-control']).toBe('no-store');

    // The same code again (a replay, even by the rightful operator): refused.
    const replay = await login(alice, code);
    expect(replay.body.code).toBe('ops.login.failed');
    // The next step's code works.
    w.clock.advance(30_000);
    expect((await login(alice, await w.code(alice.secret))).body.code).toBe('success');

    // Logout ends the session.
    const out = await w.call('POST', OPS_PATHS.logout, { cookie: token });
    expect(out.body.code).toBe('success');
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await w.call('GET', OPS_PATHS.me, { cookie: token })).status).toBe(401);
  });

  it('locks sign-in after repeated failures, then lets the operator in once the lock has run out', async () => {
    w.clock.advance(30_000);
    for (let i = 1; i < MAX_FAILURES; i++) expect((await login(alice, await w.code(alice.secret), 'wrong-password-123')).body.code).toBe('ops.login.failed');
    const last = await login(alice, await w.code(alice.secret), 'wrong-password-123');
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 'ops.login.locked', data: { retryAfter: LOCK_MS / 1000 } });
    expect(last.headers['retry-after']).toBe(String(LOCK_MS / 1000));
    // Even the right password and code are refused while locked.
    expect((await login(alice, await w.code(alice.secret))).body.code).toBe('ops.login.locked');
    w.clock.advance(LOCK_MS);
    expect((await login(alice, await w.code(alice.secret))).body.code).toBe('success');
    const listed = JSON.parse((await w.cli('operator', 'list', '--json')).output) as Array<{ name: string; locked: boolean }>;
    expect(listed).toMatchObject([{ name: 'alice', locked: false }]);
  });

  it('limits sign-in attempts per address, unknown names included, then lets the operator in a minute later', async () => {
    w.clock.advance(30_000);
    for (let i = 0; i < OPS_LOGIN_PER_ADDRESS.limit; i++) {
      expect((await w.call('POST', OPS_PATHS.login, { body: { name: `nobody${i}`, password: 'guess-123456', totp: '123456' } })).body.code).toBe('ops.login.failed');
    }
    const over = await w.call('POST', OPS_PATHS.login, { body: { name: 'nobody', password: 'guess-123456', totp: '123456' } });
    expect(over.body.code).toBe('rate.limited');
    // The right operator from the same address waits too (nothing of alice's is counted: she isn't locked).
    expect((await login(alice, await w.code(alice.secret))).body.code).toBe('rate.limited');
    w.clock.advance(OPS_LOGIN_PER_ADDRESS.windowMs);
    expect((await login(alice, await w.code(alice.secret))).body.code).toBe('success');
  });

  it('a user\'s ticket is worthless on the console, and a POST without the console header is refused', async () => {
    // A real user signed in on the public app: their ticket, sent every way a client could, opens nothing here.
    const made = await runAdmin(['user', 'create', '--email', 'trader@example.com', '--password', 'Secret12345'], { dataDir: w.dataDir, databaseUrl: w.target.databaseUrl });
    expect(made.exitCode, made.output).toBe(0);
    const signed = await w.server.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ account: 'trader@example.com', password: 'Secret12345' }) });
    const ticket = (signed.json() as { data: { token: string } }).data.token;
    expect(ticket).toBeTruthy();
    const cookie = await w.login(alice);
    const tries: Array<Record<string, string>> = [{ ticket }, { authorization: `Bearer ${ticket}` }, { cookie: `${OPS_SESSION_COOKIE}=${ticket}` }, { cookie: `ticket=${ticket}` }];
    for (const headers of tries) {
      const r = await w.call('GET', OPS_PATHS.me, { headers });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('ops.session.required');
      expect((await w.call('GET', OPS_PATHS.users, { headers })).status).toBe(401);
    }
    // Without x-ops-request: refused before anything runs (a cross-site form can't set it).
    const bare = await w.call('POST', OPS_PATHS.command, { cookie, bare: true, body: { command: 'market list', args: {}, requestId: 'req-bare-0001' } });
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe('ops.request.header');
    const wrong = await w.call('POST', OPS_PATHS.logout, { cookie, bare: true, headers: { 'x-ops-request': 'yes' } });
    expect(wrong.body.code).toBe('ops.request.header');
    const loginBare = await w.call('POST', OPS_PATHS.login, { bare: true, body: { name: 'alice', password: alice.password, totp: '123456' } });
    expect(loginBare.body.code).toBe('ops.request.header');
    // The session still stands (the logout above was refused).
    expect((await w.call('GET', OPS_PATHS.me, { cookie })).status).toBe(200);
    // Every reply, page or API, carries the policy.
    for (const path of [OPS_PATHS.me, '/', '/users/42']) {
      const r = await w.call('GET', path, { cookie });
      expect(r.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a disabled operator and a reset one are signed out at once; a role change applies at the next request', async () => {
    const bob = await w.addOperator('bob', 'support');
    const cookie = await w.login(bob);
    expect((await w.call('GET', OPS_PATHS.users, { cookie })).status).toBe(200);
    expect((await w.cli('operator', 'role', '--name', 'bob', '--role', 'editor', '--reason', 'moved to content')).exitCode).toBe(0);
    expect((await w.call('GET', OPS_PATHS.users, { cookie })).body.code).toBe('ops.forbidden');
    expect((await w.call('GET', OPS_PATHS.me, { cookie })).body.data.role).toBe('editor');

    const disabled = await w.cli('operator', 'disable', '--name', 'bob', '--reason', 'left the team');
    expect(disabled.output).toBe('disabled bob; signed out of 1 session(s)');
    expect((await w.call('GET', OPS_PATHS.me, { cookie })).body.code).toBe('ops.session.required');
    w.clock.advance(30_000);
    expect((await login(bob, await w.code(bob.secret))).body.code).toBe('ops.login.failed');
    expect((await w.cli('operator', 'enable', '--name', 'bob', '--reason', 'back')).exitCode).toBe(0);
    const again = await w.login(bob);

    const reset = await w.cli('operator', 'reset', '--name', 'bob', '--reason', 'lost phone', '--json');
    expect(reset.exitCode, reset.output).toBe(0);
    const fresh = JSON.parse(reset.output) as { password: string; totpSecret: string; sessionsRevoked: number };
    expect(fresh.sessionsRevoked).toBe(1);
    expect((await w.call('GET', OPS_PATHS.me, { cookie: again })).status).toBe(401);
    w.clock.advance(30_000);
    // The old password and secret are worth nothing; the new ones work.
    expect((await login(bob, await w.code(bob.secret))).body.code).toBe('ops.login.failed');
    w.clock.advance(30_000);
    expect((await login({ ...bob, password: fresh.password, secret: fresh.totpSecret }, await w.code(fresh.totpSecret))).body.code).toBe('success');
  });
});
