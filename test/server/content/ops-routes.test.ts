// The console's content reads (server/ops/content-routes.ts) on a small Fastify app over the real store, on both
// dialects: the guard each route asks for (recorded by a stand-in guard that lets the request through: the console's
// real session check is the console app's, tested there), the article list with drafts, one article with every
// language, the preview as the server would store it, the feedback inbox with the sender's account, a screenshot.
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { appFeedbackFiles, createFeedbackService } from '../../../server/content/feedback.ts';
import { createContentService } from '../../../server/content/service.ts';
import { CONTENT_LIMITS } from '../../../server/contract/content.ts';
import { OPS_PATHS, type OpsArticleDetail, type OpsArticleItem, type OpsCapability, type OpsFeedbackItem } from '../../../server/contract/ops.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { opsContentRoutes } from '../../../server/ops/content-routes.ts';
import { createOpsEnvelopes, installOpsErrorHandlers } from '../../../server/ops/errors.ts';
import type { Store } from '../../../server/store/index.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../dialects.ts';

describeDialects('console content routes', (dialect) => {
  let t: TestStore;
  let store: Store;
  let app: FastifyInstance;
  let guarded: Array<[string, OpsCapability]>;
  const clock = testClock();

  beforeEach(async () => {
    t = await openStore(dialect, clock.now);
    store = t.store;
    guarded = [];
    app = Fastify();
    const messages = createMessages();
    installOpsErrorHandlers(app, createOpsEnvelopes(messages), (_request, reply) => reply.code(404).send({ code: 'request.not.found' }));
    await opsContentRoutes(app, {
      store, clock: clock.now, messages,
      guard: (capability) => async (request) => {
        guarded.push([request.routeOptions.url ?? '', capability]);
      },
      operatorOf: () => ({ id: 1, name: 'ed', role: 'editor' }),
    });
  });
  afterEach(async () => {
    await app.close();
    await t.dispose();
  });

  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();

  it('lists drafts too, shows every language, previews what would be stored, each behind its capability', async () => {
    const content = createContentService({ store, clock: clock.now });
    const a = await content.save({ kind: 'announcement', locale: 'en', title: 'Hello', body: 'Hi <script>x</script>', by: 'ed' });
    await content.save({ id: a.id, locale: 'ja', title: 'こんにちは', body: 'やあ', by: 'ed' });
    const b = await content.save({ kind: 'help', category: 'funds', locale: 'en', title: 'Deposits', body: 'How to deposit.', by: 'ed' });
    await content.publish(b.id, undefined, 'ed');

    const all = (await get(OPS_PATHS.contentList)).data as OpsArticleItem[];
    expect(all.map((x) => [x.id, x.status, x.locales])).toEqual([[b.id, 'published', ['en']], [a.id, 'draft', ['en', 'ja']]]);
    expect(((await get(`${OPS_PATHS.contentList}?status=draft`)).data as OpsArticleItem[]).map((x) => x.id)).toEqual([a.id]);
    expect(((await get(`${OPS_PATHS.contentList}?kind=help`)).data as OpsArticleItem[]).map((x) => x.id)).toEqual([b.id]);
    expect((await get(`${OPS_PATHS.contentList}?kind=blog`)).code).toBe('request.invalid');

    const detail = (await get(`${OPS_PATHS.contentArticle}?id=${a.id}`)).data as OpsArticleDetail;
    expect(detail.texts.map((x) => [x.locale, x.title, x.markdown, x.html])).toEqual([
      ['en', 'Hello', 'Hi <script>x</script>', '<p>Hi &lt;script&gt;x&lt;/script&gt;</p>'],
      ['ja', 'こんにちは', 'やあ', '<p>やあ</p>'],
    ]);
    expect((await get(`${OPS_PATHS.contentArticle}?id=999`)).code).toBe('content.not.found');

    const preview = await app.inject({ method: 'POST', url: OPS_PATHS.contentPreview, payload: { markdown: '[x](javascript:alert(1)) **b**' } });
    expect(preview.json().data).toEqual({ html: '<p>x <strong>b</strong></p>' });
    const huge = await app.inject({ method: 'POST', url: OPS_PATHS.contentPreview, payload: { markdown: 'x'.repeat(CONTENT_LIMITS.body + 1) } });
    expect(huge.json().code).toBe('request.invalid');

    expect(new Set(guarded.map(([url, cap]) => `${url} ${cap}`))).toEqual(
      new Set([`${OPS_PATHS.contentList} content.edit`, `${OPS_PATHS.contentArticle} content.edit`, `${OPS_PATHS.contentPreview} content.edit`]),
    );
  });

  it('pages the feedback inbox with the sender, and serves a screenshot', async () => {
    const user = await store.users.insert({
      email: 'sender@example.com', phone: null, password_hash: 'hash', fund_password_hash: null, nickname: 's', invite_code: 'SENDER01', referrer_id: null,
      real_name_status: 'none', credit_score: 100, frozen: 0, has_recharge: 0, created_at: clock.now(), updated_at: clock.now(),
    });
    const feedback = createFeedbackService({ store, clock: clock.now, files: appFeedbackFiles(store, t.target.dataDir) });
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a6' } }).png().toBuffer();
    const up = await feedback.upload(user, png);
    const one = await feedback.submit(user, { topic: 'funds', body: 'Where is my deposit?', screenshot: up.id, locale: 'th' });
    await feedback.submit(user, { topic: 'suggestion', body: 'Dark mode please', locale: 'en' });

    const page = (await get(`${OPS_PATHS.feedback}?status=all&pageIndex=1&pageSize=10`)).data as { list: OpsFeedbackItem[]; total: number };
    expect(page.total).toBe(2);
    expect(page.list[1]).toMatchObject({ id: one.id, userId: user, account: 'sender@example.com', topic: 'funds', locale: 'th', screenshot: up.id, status: 'open' });
    expect(((await get(`${OPS_PATHS.feedback}?status=replied`)).data as { total: number }).total).toBe(0);
    expect((await get(`${OPS_PATHS.feedback}?pageSize=7`)).code).toBe('page.size.invalid');

    const shot = await app.inject({ method: 'GET', url: `${OPS_PATHS.feedbackScreenshot}?id=${up.id}` });
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(shot.rawPayload).metadata()).width).toBe(640);
    expect((await get(`${OPS_PATHS.feedbackScreenshot}?id=${'0'.repeat(32)}`)).code).toBe('feedback.screenshot.not.found');
    expect(new Set(guarded.map(([, cap]) => cap))).toEqual(new Set(['feedback.reply']));
  });
});
