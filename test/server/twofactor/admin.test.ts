// The operator's `user totp reset` (issue 21): through a running server's admin channel and, with no server, on
// the store directly. TOTP goes off (the user signs in with the password alone again), the owner is told, the
// withdrawals wait 24 hours, and the audit log has it with the operator's reason. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { API } from '../../../server/contract/api.ts';
import { TWO_FACTOR_API } from '../../../server/contract/twofactor.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore } from '../../../server/store/index.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

const EMAIL = 'lost-phone@example.com';
const PASSWORD = 'Secret12345';
const REASON = 'ticket 42: lost phone, identity checked';

describeDialects('user totp reset', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;

  const start = async () =>
    startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-totp-pg-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'carol' };
    server = await start();
    const made = await runAdmin(['user', 'create', '--email', EMAIL, '--password', PASSWORD, '--verified'], where);
    expect(made.exitCode, made.output).toBe(0);
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (s: ServerHandle, url: string, body: unknown, ticket?: string) => {
    const r = await s.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(ticket ? { ticket } : {}) }, payload: JSON.stringify(body) });
    // `any`: each call reads the data of the reply it asked for (as test/server/harness.ts does).
    return r.json() as { code: string; data: any };
  };
  const login = (s: ServerHandle) => call(s, API.login, { account: EMAIL, password: PASSWORD });

  /** Turns TOTP on through the API (the server's clock is the real one). */
  async function enableTotp(s: ServerHandle): Promise<void> {
    const { data } = await login(s);
    const setup = await call(s, TWO_FACTOR_API.totpSetup, {}, data.token);
    const code = await generate({ secret: setup.data.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await call(s, TWO_FACTOR_API.totpEnable, { code }, data.token)).code).toBe('success');
    expect((await login(s)).code).toBe('login.totp.required');
  }

  it('turns TOTP off through the running server, tells the user, locks withdrawals, and is audited', async () => {
    const s = server!;
    await enableTotp(s);
    const user = (await s.store.users.findByEmail(EMAIL))!;
    const mailsBefore = (await s.store.outbox.list(100)).filter((m) => m.recipient === EMAIL).length;

    expect((await runAdmin(['user', 'totp', 'reset', '--email', EMAIL], where)).output).toMatch(/reason/);
    const r = await runAdmin(['user', 'totp', 'reset', '--email', EMAIL, '--reason', REASON, '--verbose'], where);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log?.[0]).toMatch(/^admin: done by the server through its admin channel /);
    expect(r.output).toMatch(new RegExp(`^user ${user.id} \\(${EMAIL}\\): TOTP off; the user was told; withdrawals locked until \\d{4}-`));

    expect(await s.store.twoFactor.summary(user.id)).toEqual({ totpEnabled: false, passkeys: 0 });
    expect((await login(s)).code).toBe('success');
    const mails = (await s.store.outbox.list(100)).filter((m) => m.recipient === EMAIL);
    expect(mails.length).toBe(mailsBefore + 1);
    const lock = (await s.store.security.get(user.id))?.withdrawal_locked_until;
    expect(Number(lock)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    // Nothing to reset any more: refused, and audited as failed.
    const again = await runAdmin(['user', 'totp', 'reset', '--email', EMAIL, '--reason', REASON], where);
    expect(again).toMatchObject({ exitCode: 1 });
    expect(again.output).toMatch(/has no TOTP on/);
    expect((await runAdmin(['user', 'totp', 'reset', '--email', 'nobody@example.com', '--reason', REASON], where)).output).toMatch(/no user with e-mail/);

    const audit = JSON.parse((await runAdmin(['audit', 'list', '--json'], where)).output) as Array<{ operator: string; command: string; via: string; status: string; reason: string }>;
    const resets = audit.filter((a) => a.command === 'user totp reset');
    expect(resets.map((a) => `${a.status}|${a.operator}|${a.via}|${a.reason}`).slice(-2).sort()).toEqual([`done|carol|server|${REASON}`, `failed|carol|server|${REASON}`].sort());
  });

  it('reads the secret after a restart (the key is the data folder\'s, not the process\'s)', async () => {
    await server!.close();
    let offset = 0;
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false,
      staticDir: join(dataDir, 'no-dist'), clock: () => Date.now() + offset,
    });
    const { data } = await login(server);
    const secret = (await call(server, TWO_FACTOR_API.totpSetup, {}, data.token)).data.secret as string;
    const codeNow = () => generate({ secret, epoch: Math.floor((Date.now() + offset) / 1000) });
    expect((await call(server, TWO_FACTOR_API.totpEnable, { code: await codeNow() }, data.token)).code).toBe('success');
    await server.close();
    offset += 30_000;
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false,
      staticDir: join(dataDir, 'no-dist'), clock: () => Date.now() + offset,
    });
    expect((await login(server)).code).toBe('login.totp.required');
    expect((await call(server, API.login, { account: EMAIL, password: PASSWORD, totpCode: await codeNow() })).code).toBe('success');
  });

  it('works on the store when no server runs', async () => {
    await enableTotp(server!);
    await server!.close();
    server = undefined;
    const r = await runAdmin(['user', 'totp', 'reset', '--email', EMAIL, '--reason', REASON, '--verbose'], where);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log?.join('\n')).toMatch(/working on the store directly/);
    const store = await createStore({ dataDir: target.dataDir ?? dataDir, databaseUrl: target.databaseUrl });
    try {
      const user = (await store.users.findByEmail(EMAIL))!;
      expect(await store.twoFactor.summary(user.id)).toEqual({ totpEnabled: false, passkeys: 0 });
      expect((await store.outbox.list(100)).filter((m) => m.recipient === EMAIL && /OpenEx/.test(m.subject)).length).toBeGreaterThan(0);
      expect(Number((await store.security.get(user.id))?.withdrawal_locked_until)).toBeGreaterThan(Date.now());
      const audit = await store.audit.list(10);
      expect(audit.find((a) => a.command === 'user totp reset')).toMatchObject({ status: 'done', reason: REASON, operator: 'carol' });
    } finally {
      await store.close();
    }
    server = await start();
    expect((await login(server)).code).toBe('success');
  });
});
