// The content and feedback operator commands through the one executor, on both dialects. With no server the CLI runs
// them on the store (`npm run admin -- content …`, the body from --file); with a running server they go through its
// admin channel (a 100,000-character body fits the request line) and the public pages show the result at once; the
// console's face, the same executor in-process, answers a repeated request id from its audit row. Every change needs
// a reason and leaves an audit row with the operator and the reason; a rule's refusal changes nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAdminExecutor, serverDesks } from '../../../server/admin/commands.ts';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { outboxNotifier } from '../../../server/cli/channel-commands.ts';
import { appFeedbackFiles, createFeedbackService } from '../../../server/content/feedback.ts';
import { CONTENT_LIMITS, CONTENT_PATHS, FEEDBACK_PATHS, type ArticleView, type FeedbackItem } from '../../../server/contract/content.ts';
import type { OpsArticleItem, OpsFeedbackItem } from '../../../server/contract/ops.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

const R = ['--reason', 'ticket 42: launch notes'];

describeDialects('content and feedback operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let where: AdminOptions;
  let files: string;
  let server: ServerHandle | undefined;

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-content-'));
    files = mkdtempSync(join(tmpdir(), 'openex-content-files-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await target.dispose();
    rmSync(files, { recursive: true, force: true });
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  // Each command opens the store as `npm run admin` does (about 30 of them in the first test: ~2 s on an idle
  // machine, past 30 s on CI's two loaded cores once), hence the longer timeouts below.
  const admin = (...argv: string[]) => runAdmin(argv, where);
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv);
    expect(r.exitCode, r.output).toBe(0);
    return r;
  };
  const json = async <T>(...argv: string[]) => JSON.parse((await ok(...argv, '--json')).output) as T;
  const file = (name: string, text: string) => {
    const path = join(files, name);
    writeFileSync(path, text);
    return path;
  };
  const withStore = async <T>(work: (store: Store) => Promise<T>): Promise<T> => {
    const store = await createStore({ dataDir, databaseUrl: target.databaseUrl });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  };

  it('writes, publishes, pins, takes down and answers feedback from the CLI, each change audited with its reason', { timeout: 120_000 }, async () => {
    const md = file('launch.md', '\uFEFF# Launch\n\nWe list **ETH** today. <script>alert(1)</script>\n');
    expect((await admin('content', 'save', '--kind', 'announcement', '--locale', 'en', '--title', 'Launch', '--file', md)).output).toMatch(/--reason is required/);
    const made = await json<OpsArticleItem & { texts: Array<{ html: string }> }>('content', 'save', '--kind', 'announcement', '--locale', 'en', '--title', 'Launch', '--file', md, ...R);
    expect(made).toMatchObject({ kind: 'announcement', status: 'draft', revision: 1, updatedBy: 'alice' });
    expect(made.texts[0]!.html).toBe('<h1>Launch</h1>\n<p>We list <strong>ETH</strong> today. &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    const id = String(made.id);

    // A translation over revision 1; a save over it again is stale and changes nothing.
    await ok('content', 'save', '--id', id, '--locale', 'zh-CN', '--title', '上线', '--body', '今天上线 **ETH**。', '--revision', '1', ...R);
    const stale = await admin('content', 'save', '--id', id, '--locale', 'en', '--title', 'Overwritten', '--body', 'x', '--revision', '1', ...R);
    expect(stale.exitCode).toBe(1);
    expect(stale.output).toMatch(/Someone saved this article after you opened it \(it is at revision 2, you edited 1\)/);
    const big = await admin('content', 'save', '--kind', 'announcement', '--locale', 'en', '--title', 'Big', '--file', file('big.md', 'x'.repeat(CONTENT_LIMITS.body + 1)), ...R);
    expect(big.exitCode).toBe(2);
    expect(big.output).toMatch(/the body is 100001 characters; an article's body is at most 100000/);
    expect((await admin('content', 'save', '--kind', 'help', '--locale', 'en', '--title', 'H', '--body', 'x', ...R)).output).toMatch(/help article needs one of the help centre's sections/);
    expect((await admin('content', 'save', '--kind', 'announcement', '--locale', 'en', '--title', 'T', '--body', 'x', '--file', md, ...R)).exitCode).toBe(2);

    const past = await admin('content', 'publish', '--id', id, '--at', '2020-01-01T00:00:00Z', ...R);
    expect(past.exitCode).toBe(1);
    expect(past.output).toMatch(/The publish time must be now or later, at most 366 days ahead/);
    const bad = await admin('content', 'publish', '--id', id, '--at', 'tomorrow', ...R);
    expect(bad.exitCode).toBe(2);
    expect((await ok('content', 'publish', '--id', id, ...R)).output).toMatch(new RegExp(`#${id} published since`));
    expect((await ok('content', 'pin', '--id', id, ...R)).output).toMatch(/pinned/);
    const listed = await json<OpsArticleItem[]>('content', 'list', '--status', 'published');
    expect(listed.map((a) => [a.id, a.pinned, a.locales])).toEqual([[made.id, true, ['en', 'zh-CN']]]);
    expect((await ok('content', 'view', '--id', id)).output).toMatch(/\[zh-CN\] 上线/);
    const refusedDelete = await admin('content', 'delete', '--id', id, ...R);
    expect(refusedDelete.exitCode).toBe(1);
    expect(refusedDelete.output).toMatch(/Only a draft can be deleted/);
    await ok('content', 'unpublish', '--id', id, ...R);
    const draft = await json<OpsArticleItem>('content', 'save', '--kind', 'page', '--slug', 'about', '--locale', 'en', '--title', 'About', '--body', 'About us.', ...R);
    await ok('content', 'delete', '--id', String(draft.id), ...R);

    // Feedback: a user's message, the operator's reply and close.
    await ok('user', 'create', '--email', 'writer@example.com', '--password', 'Passw0rd-content');
    const message = await withStore(async (store) => {
      const user = (await store.users.findByEmail('writer@example.com'))!.id;
      const service = createFeedbackService({ store, clock: store.clock, files: appFeedbackFiles(store, dataDir) });
      return service.submit(user, { topic: 'funds', body: 'My deposit is late.', locale: 'th' });
    });
    const inbox = await json<{ total: number; items: OpsFeedbackItem[] }>('feedback', 'list');
    expect(inbox.items.map((f) => [f.id, f.account, f.status])).toEqual([[message.id, 'writer@example.com', 'open']]);
    expect((await admin('feedback', 'reply', '--id', String(message.id), '--text', 'Checking now.')).exitCode).toBe(2);
    const replied = await json<OpsFeedbackItem>('feedback', 'reply', '--id', String(message.id), '--text', 'It arrived.\nSorry for the wait.', ...R);
    expect(replied).toMatchObject({ status: 'replied', reply: 'It arrived.\nSorry for the wait.', repliedBy: 'alice' });
    await ok('feedback', 'close', '--id', String(message.id), ...R);
    expect((await admin('feedback', 'reply', '--id', String(message.id), '--text', 'more', ...R)).output).toMatch(/This message is closed/);

    const audit = await withStore((store) => store.audit.list(100));
    const done = audit.filter((e) => e.status === 'done').map((e) => [e.command, e.operator, e.reason]);
    for (const command of ['content save', 'content publish', 'content pin', 'content unpublish', 'content delete', 'feedback reply', 'feedback close']) {
      expect(done, command).toContainEqual([command, 'alice', 'ticket 42: launch notes']);
    }
    // Refusals are audited as failed, reads not at all.
    expect(audit.filter((e) => e.status === 'failed').map((e) => e.command)).toEqual(expect.arrayContaining(['content save', 'content delete', 'feedback reply']));
    expect(audit.some((e) => e.command === 'content list' || e.command === 'feedback list' || e.command === 'content view')).toBe(false);
  });

  it('takes a 100,000-character body through the running server, shows it at once, and applies a repeated request id once', async () => {
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist'), earnPollMs: 0, quantPollMs: 0,
    });
    const s = server;
    // Every byte JSON-escaped at its widest (a line separator: 6 bytes), plus CJK: well past the old 16 KB line.
    const body = `# Whitepaper\n\n${'\u2028中'.repeat((CONTENT_LIMITS.body - 20) / 2)}`;
    expect(body.length).toBeLessThanOrEqual(CONTENT_LIMITS.body);
    const save = await admin('content', 'save', '--kind', 'page', '--slug', 'whitepaper', '--locale', 'en', '--title', 'Whitepaper', '--file', file('wp.md', body), '--request-id', 'content-wp-0001', '--verbose', '--json', ...R);
    expect(save.exitCode, save.output).toBe(0);
    expect(save.log?.[0]).toMatch(/^admin: done by the server through its admin channel /);
    const id = (JSON.parse(save.output) as OpsArticleItem).id;
    // The same request id again: answered from the audit row, no second article.
    const again = await admin('content', 'save', '--kind', 'page', '--slug', 'whitepaper', '--locale', 'en', '--title', 'Whitepaper', '--file', file('wp.md', body), '--request-id', 'content-wp-0001', '--json', ...R);
    expect(again.exitCode, again.output).toBe(0);
    expect(again.log?.join('\n')).toMatch(/was answered before/);
    expect((await s.store.content.list({ limit: 10 })).length).toBe(1);

    await ok('content', 'publish', '--id', String(id), ...R);
    const page = (await s.app.inject({ method: 'GET', url: `${CONTENT_PATHS.page}?slug=whitepaper` })).json().data as ArticleView;
    expect(page).toMatchObject({ id, title: 'Whitepaper', locale: 'en' });
    expect(page.html.startsWith('<h1>Whitepaper</h1>')).toBe(true);

    // The console's face: the same executor in the server's process, with the operator's name.
    const executor = createAdminExecutor({ store: s.store, clock: () => Date.now(), desks: serverDesks(s.desks, s.store), ...outboxNotifier(s.store) });
    const request = { id: 'console-0000-0001', operator: 'ed@console', command: 'content unpublish' as const, args: { id: String(id) }, reason: 'wrong version' };
    const first = await executor.execute(request);
    expect(first).toMatchObject({ replayed: false, data: { id, status: 'unpublished' } });
    const repeat = await executor.execute(request);
    expect(repeat).toMatchObject({ replayed: true, data: { id, status: 'unpublished' } });
    expect((await s.app.inject({ method: 'GET', url: `${CONTENT_PATHS.page}?slug=whitepaper` })).json().code).toBe('content.not.found');
    const rows = (await s.store.audit.list(100)).filter((e) => e.requestId === 'console-0000-0001');
    expect(rows.map((e) => [e.command, e.operator, e.reason, e.status])).toEqual([['content unpublish', 'ed@console', 'wrong version', 'done']]);

    // Feedback through the server: the user's list shows the operator's reply.
    await ok('user', 'create', '--email', 'fb@example.com', '--password', 'Passw0rd-content');
    const login = await s.app.inject({ method: 'POST', url: '/app/account/login', headers: { 'content-type': 'application/json' }, payload: { account: 'fb@example.com', password: 'Passw0rd-content' } });
    const ticket = login.json().data.token as string;
    const sent = (await s.app.inject({ method: 'POST', url: FEEDBACK_PATHS.submit, headers: { ticket, 'content-type': 'application/json' }, payload: { topic: 'account', body: 'Help me' } })).json().data as FeedbackItem;
    await ok('feedback', 'reply', '--id', String(sent.id), '--text', 'Done.', ...R);
    const mine = (await s.app.inject({ method: 'GET', url: FEEDBACK_PATHS.list, headers: { ticket } })).json().data as { list: FeedbackItem[] };
    expect(mine.list[0]).toMatchObject({ id: sent.id, status: 'replied', reply: 'Done.' });
  }, 120_000);
});
