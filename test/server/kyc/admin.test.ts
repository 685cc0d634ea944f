// The kyc operator commands against a running in-process server (its admin channel) and, with the server stopped,
// on the store: list, view (the photos written into a folder, byte for byte the stored ones), reject with a reason
// the user then reads, approve; a review of a submission that is not pending fails clearly; every review audited
// with the operator and the reason. On SQLite and PostgreSQL.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { parseArgs } from '../../../server/cli/args.ts';
import { runChannelCommand } from '../../../server/cli/channel-commands.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { jpeg } from './fixtures.ts';

// runAdmin's option list (server/cli/admin.ts) does not take --id, --status and --out yet: the kyc commands are
// run here through the same channel runner with those options read (what runAdmin does once it lists them).
async function kyc(argv: string[], where: AdminOptions): Promise<{ exitCode: number; output: string; data?: unknown }> {
  const args = parseArgs(argv, ['email', 'phone', 'limit', 'reason', 'operator', 'request-id', 'id', 'status', 'out'], ['json']);
  const name = args.words.slice(0, 2).join(' ') as 'kyc list';
  const r = await runChannelCommand(name, args, { dataDir: where.dataDir!, databaseUrl: where.databaseUrl, operator: where.operator });
  return { exitCode: r.exitCode, output: r.exitCode === 0 ? (r.text ?? '') : `error: ${r.error}`, data: r.data };
}

describeDialects('kyc operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  let ticket: string;
  const outDir = mkdtempSync(join(tmpdir(), 'openex-kyc-out-'));

  beforeAll(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-kyc-admin-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'olivia' };
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    expect((await runAdmin(['user', 'create', '--email', 'kyc@example.com', '--password', 'Secret12345'], where)).exitCode).toBe(0);
    const login = await (await fetch(`${server.url}/app/account/login`, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'ja' }, body: JSON.stringify({ account: 'kyc@example.com', password: 'Secret12345' }) })).json();
    ticket = login.data.token;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await target.dispose();
    rmSync(outDir, { recursive: true, force: true });
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (path: string, init: RequestInit = {}) =>
    (await fetch(`${server!.url}${path}`, { ...init, headers: { ticket, ...(init.headers as Record<string, string>) } })).json();
  const submitOne = async () => {
    const ids: Record<string, string> = {};
    for (const kind of ['front', 'back', 'hand']) {
      const r = await api(`/app/identity/upload?kind=${kind}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(await jpeg(600 + kind.length, 400)) });
      expect(r.code).toBe('success');
      ids[kind] = r.data.id;
    }
    const r = await api('/app/identity/submit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kenji Yamada', docType: 'idCard', docNumber: 'TK1234567', country: 'JP', ...ids }) });
    expect(r.code).toBe('success');
    return ids;
  };
  const ok = async (...argv: string[]) => {
    const r = await kyc(argv, where);
    expect(r.exitCode, r.output).toBe(0);
    return r;
  };

  let photos: Record<string, string>;
  let id: string;
  it('lists and views a pending submission through the running server, the photos written into a folder', async () => {
    photos = await submitOne();
    const list = await ok('kyc', 'list', '--status', 'pending');
    expect(list.output).toMatch(/^1 submission\(s\) pending, newest first:\n  #(\d+)\s+pending\s+user \d+ \(kyc@example.com\)\s+idCard\s+JP/);
    id = /#(\d+)/.exec(list.output)![1]!;
    const view = await ok('kyc', 'view', '--id', id, '--out', outDir);
    expect(view.output).toContain('  name       Kenji Yamada');
    expect(view.output).toContain('  document   idCard TK1234567, JP');
    expect(readdirSync(outDir).sort()).toEqual([`kyc-${id}-back.jpg`, `kyc-${id}-front.jpg`, `kyc-${id}-hand.jpg`]);
    const written = readFileSync(join(outDir, `kyc-${id}-front.jpg`));
    const served = Buffer.from(await (await fetch(`${server!.url}/app/identity/photo/${photos.front}`, { headers: { ticket } })).arrayBuffer());
    expect(written.equals(served)).toBe(true);
    expect(statSync(join(outDir, `kyc-${id}-front.jpg`)).mode & 0o777).toBe(0o600);
    // Never over a file already there; a relative folder is refused before anything is sent.
    expect((await kyc(['kyc', 'view', '--id', id, '--out', outDir], where)).output).toContain('exists already');
    expect(await kyc(['kyc', 'view', '--id', id, '--out', 'relative/dir'], where)).toMatchObject({ exitCode: 2, output: 'error: --out must be an absolute path to an existing folder' });
    expect(await kyc(['kyc', 'view', '--id', '999999'], where)).toMatchObject({ exitCode: 1, output: 'error: no submission #999999' });
    expect(await kyc(['kyc', 'list', '--status', 'maybe'], where)).toMatchObject({ exitCode: 2 });
    expect((await ok('kyc', 'list', '--email', 'kyc@example.com')).output).toContain(`#${id}`);
    expect((await runAdmin(['user', 'create', '--email', 'other@example.com', '--password', 'Secret12345'], where)).exitCode).toBe(0);
    expect((await ok('kyc', 'list', '--email', 'other@example.com')).output).toBe('no submissions');
    expect((await ok('kyc', 'list', '--status', 'approved')).output).toBe('no approved submissions');
    expect(await kyc(['kyc', 'list', '--email', 'nobody@example.com'], where)).toMatchObject({ exitCode: 1, output: 'error: no user with e-mail nobody@example.com' });
  });

  it('rejects with a reason the user reads (page and mail in their language), audited; then not again', async () => {
    expect(await kyc(['kyc', 'reject', '--id', id], where)).toMatchObject({ exitCode: 2, output: expect.stringContaining('--reason is required') });
    const r = await ok('kyc', 'reject', '--id', id, '--reason', 'The hand-held photo does not show the document');
    expect(r.output).toMatch(new RegExp(`^rejected submission #${id} of user \\d+ \\(kyc@example.com\\): real-name status failed; the user was told$`));
    const status = await api('/app/identity/status');
    expect(status.data).toMatchObject({ status: 'rejected', reason: 'The hand-held photo does not show the document' });
    expect((await api('/app/account/getUserInfo')).data.realNameStatus).toBe('failed');
    const mail = (await server!.store.outbox.list(5)).find((m) => m.recipient === 'kyc@example.com')!;
    expect(mail.subject).toContain('本人確認が承認されませんでした');
    expect(mail.body).toContain('理由：The hand-held photo does not show the document');
    const again = await kyc(['kyc', 'approve', '--id', id, '--reason', 'oops'], where);
    expect(again).toMatchObject({ exitCode: 1, output: `error: submission #${id} is rejected, not pending: only a pending submission can be reviewed` });
    const audit = await runAdmin(['audit', 'list', '--limit', '5'], where);
    expect(audit.output).toContain(`olivia  via server  done`);
    expect(audit.output).toContain(`kyc reject --id ${id}`);
    expect(audit.output).toContain('reason: The hand-held photo does not show the document');
    expect(audit.output).toContain(`kyc approve --id ${id}`);
    expect(audit.output).toContain('olivia  via server  failed');
  });

  it('works on the store with no server running: list, view, approve', async () => {
    await submitOne();
    await server!.close();
    server = undefined;
    // With no server and PostgreSQL, the photos folder is DATA_DIR's (the CLI's environment).
    const env = process.env['DATA_DIR'];
    process.env['DATA_DIR'] = dataDir;
    try {
      const list = await ok('kyc', 'list');
      expect(list.output).toMatch(/^2 submission\(s\), newest first:\n  #\d+\s+pending .*\n  #\d+\s+rejected .*reviewed .* by olivia: The hand-held photo/);
      const second = /#(\d+)/.exec(list.output)![1]!;
      const out2 = mkdtempSync(join(tmpdir(), 'openex-kyc-out2-'));
      await ok('kyc', 'view', '--id', second, '--out', out2);
      expect(readdirSync(out2)).toHaveLength(3);
      rmSync(out2, { recursive: true, force: true });
      const r = await ok('kyc', 'approve', '--id', second, '--reason', 'Document checked against the photo');
      expect(r.output).toContain('real-name status certified');
    } finally {
      if (env === undefined) delete process.env['DATA_DIR'];
      else process.env['DATA_DIR'] = env;
    }
    const audit = await runAdmin(['audit', 'list', '--limit', '1'], where);
    expect(audit.output).toContain('olivia  via store  done');
    expect(audit.output).toContain('reason: Document checked against the photo');
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    expect((await api('/app/identity/status')).data).toMatchObject({ status: 'approved', reason: 'Document checked against the photo' });
    expect((await api('/app/account/getUserInfo')).data.realNameStatus).toBe('certified');
  }, 60_000);
});
