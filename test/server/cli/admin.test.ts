// The operator CLI, run in-process against the same store the server uses.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { API } from '../../../server/contract/api.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';

describeDialects('admin CLI', (dialect) => {
  let h: Harness;
  let where: AdminOptions;
  beforeEach(async () => {
    h = await openHarness(dialect);
    where = { dataDir: h.target.dataDir, databaseUrl: h.target.databaseUrl, clock: h.clock.now };
  });
  afterEach(async () => h.dispose());

  const admin = (...argv: string[]) => runAdmin(argv, where);
  const json = async (...argv: string[]) => {
    const result = await admin(...argv, '--json');
    expect(result.exitCode).toBe(0);
    return JSON.parse(result.output);
  };

  it('creates a user who can log in, and refuses a second one with the same e-mail', async () => {
    const created = await admin('user', 'create', '--email', 'Op@Example.com', '--password', 'Operator123', '--phone', '+6580001234', '--verified');
    expect(created.exitCode).toBe(0);
    expect(created.output).toMatch(/^created user 10000001 \(op@example\.com, \+6580001234\), real-name certified, invite code [A-Z2-9]{8}$/);
    const login = await h.call('POST', API.login, { body: { account: '+6580001234', password: 'Operator123' } });
    expect(login.body.code).toBe('success');
    const info = await h.call('GET', API.getUserInfo, { ticket: login.body.data.token });
    expect(info.body.data).toMatchObject({ email: 'op@example.com', realNameStatus: 'certified', safetyLevel: 'medium' });

    const again = await admin('user', 'create', '--email', 'op@example.com', '--password', 'Operator123');
    expect(again).toEqual({ exitCode: 1, output: 'error: op@example.com is already registered' });
  });

  it('shows a user, as text and as JSON', async () => {
    await admin('user', 'create', '--email', 'op@example.com', '--password', 'Operator123');
    const text = await admin('user', 'show', '--email', 'op@example.com');
    expect(text.exitCode).toBe(0);
    expect(text.output).toContain('userId:        10000001');
    expect(text.output).toContain('real name:     none');
    const data = await json('user', 'show', '--email', 'OP@example.com');
    expect(data).toMatchObject({ userId: 10_000_001, email: 'op@example.com', frozen: false, referrals: { level1: 0, level2: 0 }, liveSessions: 0 });
  });

  it('lists the outbox newest first, with the code in the body', async () => {
    expect((await admin('outbox', 'list')).output).toBe('the outbox is empty');
    for (const account of ['a@example.com', 'b@example.com']) {
      await h.call('POST', API.sendCode, { body: { channel: 'email', account, purpose: 'register' } });
    }
    const list = await json('outbox', 'list');
    expect(list.map((m: { recipient: string }) => m.recipient)).toEqual(['b@example.com', 'a@example.com']);
    expect(list[0]).toMatchObject({ channel: 'email', status: 'stored', subject: 'Your OpenEx verification code', sentAt: null });
    expect(list[0].body).toContain(await h.latestCode('b@example.com'));
    expect(await json('outbox', 'list', '--limit', '1')).toHaveLength(1);
    expect((await admin('outbox', 'list')).output).toMatch(/^#2 .* email → b@example\.com {2}\[stored\]\n {4}Your OpenEx verification code\n/);
  });

  it('sets and gets the public settings, which the API then serves', async () => {
    expect((await admin('config', 'get', 'custom_line')).output).toBe('custom_line is not set');
    expect((await admin('config', 'set', 'custom_line', 'openex-line')).output).toBe('custom_line = openex-line');
    expect(await json('config', 'get', 'custom_line')).toEqual({ key: 'custom_line', value: 'openex-line' });
    const reply = await h.call('GET', API.systemConfig, { query: { key: 'custom_line' } });
    expect(reply.body.data.value).toBe('openex-line');
  });

  it('changes a setting through the catalogue (settings set: a reason, an audit row), which the API then serves', async () => {
    expect((await admin('settings', 'set', '--key', 'custom_whatsapp', '--value', '+6580001111')).exitCode).toBe(2); // no reason
    expect((await admin('settings', 'set', '--key', 'custom_whatsapp', '--value', '+6580001111', '--reason', 'new support number')).output).toBe('custom_whatsapp = +6580001111');
    expect((await admin('settings', 'set', '--key', 'require_real_name', '--value', 'yes', '--reason', 'x')).output).toBe('error: require_real_name must be 1 (trading needs a certified identity) or 0');
    expect(await json('settings')).toEqual([
      { key: 'online_service', value: null }, { key: 'custom_line', value: null }, { key: 'custom_whatsapp', value: '+6580001111' }, { key: 'require_real_name', value: null },
    ]);
    expect((await h.call('GET', API.systemConfig, { query: { key: 'custom_whatsapp' } })).body.data.value).toBe('+6580001111');
    const audit = (await json('audit', 'list')) as Array<{ command: string; reason: string; status: string }>;
    // A malformed request is refused before anything is written; the change is in the audit log with its reason.
    expect(audit.filter((a) => a.command === 'settings set').map((a) => `${a.status} ${a.reason}`)).toEqual(['done new support number']);
  });

  it('freezes an account (signing it out everywhere) and unfreezes it, and signs a user out everywhere', async () => {
    const token = await h.signUp('a@example.com');
    const reason = ['--reason', 'chargeback review'];
    expect((await admin('user', 'freeze', '--email', 'a@example.com')).exitCode).toBe(2); // no reason, nothing done
    expect((await h.call('GET', API.getUserInfo, { ticket: token })).body.code).toBe('success');
    expect((await admin('user', 'freeze', '--email', 'a@example.com', ...reason)).output).toBe('froze user 10000001 (a@example.com), signed out of 1 session(s)');
    expect((await h.call('GET', API.getUserInfo, { ticket: token })).body.code).toBe('login.user.not.login');
    const login = await h.call('POST', API.login, { body: { account: 'a@example.com', password: 'Secret12345' } });
    expect(login.body.code).toBe('account.frozen');
    expect(await json('user', 'unfreeze', '--email', 'a@example.com', ...reason)).toEqual({ userId: 10_000_001, frozen: false });
    const again = await h.call('POST', API.login, { body: { account: 'a@example.com', password: 'Secret12345' } });
    expect(again.body.code).toBe('success');
    const ticket = again.body.data.token as string;
    expect((await h.call('GET', API.getUserInfo, { ticket })).body.code).toBe('success');
    expect(await json('session', 'revoke', '--email', 'a@example.com', ...reason)).toEqual({ userId: 10_000_001, revoked: 1 });
    expect((await h.call('GET', API.getUserInfo, { ticket })).body.code).toBe('login.user.not.login');
    const audit = await json('audit', 'list');
    expect(audit.map((a: { command: string; status: string; via: string; reason: string }) => [a.command, a.status, a.via, a.reason])).toEqual([
      ['session revoke', 'done', 'store', 'chargeback review'],
      ['user unfreeze', 'done', 'store', 'chargeback review'],
      ['user freeze', 'done', 'store', 'chargeback review'],
    ]);
  });

  it.each([
    [['user', 'create', '--email', 'not-an-email', '--password', 'Operator123'], 2, '"not-an-email" is not a valid e-mail address'],
    [['user', 'create', '--email', 'a@example.com', '--password', 'short'], 2, 'the password must be 8 to 32 characters'],
    [['user', 'create', '--email', 'a@example.com'], 2, '--password is required'],
    [['user', 'create', '--email'], 2, '--email needs a value'],
    [['user', 'show', '--email', 'nobody@example.com'], 1, 'no user with e-mail nobody@example.com'],
    [['user', 'show'], 2, '--email or --phone is required'],
    [['outbox', 'list', '--limit', 'ten'], 2, '--limit must be an integer'],
    [['config', 'set', 'smtp_password', 'x'], 2, 'unknown key "smtp_password"'],
    [['config', 'set', 'custom_line'], 2, 'usage: config set KEY VALUE'],
    [['user', 'delete'], 2, 'unknown command "user delete"'],
    [['user', 'show', '--mail', 'x'], 2, 'unknown option --mail'],
    [['user', 'freeze', '--email', 'a@example.com'], 2, '--reason is required'],
    [['user', 'freeze', '--reason', 'x'], 2, '--email or --phone is required'],
    [['session', 'revoke', '--email', 'a@example.com', '--reason', 'x', '--request-id', 'short'], 2, '--request-id must be 8 to 64'],
    [['user', 'freeze', '--email', 'a@example.com', '--reason', '  '], 2, '--reason is required'],
    [['audit', 'list', '--limit', '0'], 2, '--limit must be an integer'],
  ])('rejects %j with exit code %i', async (argv, exitCode, message) => {
    const result = await admin(...argv);
    expect(result.exitCode).toBe(exitCode);
    expect(result.output).toContain(message);
    const asJson = await admin(...argv, '--json');
    expect(asJson.exitCode).toBe(exitCode);
    expect(JSON.parse(asJson.output).error).toContain(message);
    expect(await h.store.users.count()).toBe(0);
  });

  it('prints the usage for no command (exit 2) and for --help (exit 0)', async () => {
    expect(await admin()).toMatchObject({ exitCode: 2, output: expect.stringContaining('usage: npm run admin') });
    expect(await admin('--help')).toMatchObject({ exitCode: 0, output: expect.stringContaining('outbox list') });
  });
});
