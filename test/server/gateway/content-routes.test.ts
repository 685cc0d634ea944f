// /app/content/* over the real app, store and WebSocket hub, on both dialects: the public reads in the request's
// language with English as the fallback; drafts, unpublished and scheduled articles invisible (a scheduled one shows
// from its time, by the injected clock); the bell's unread count, mark one read and mark all read; the `notices` topic
// (private: refused before auth) carries an event when an announcement is published, when a scheduled one's time
// comes, and when one is taken down; bad input answers its code in Thai or Chinese and changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentNotices } from '../../../server/content/notices.ts';
import { createContentService, type ContentService } from '../../../server/content/service.ts';
import { PRODUCT_NAME } from '../../../server/contract/api.ts';
import { CONTENT_PATHS, CONTENT_TOPIC, type ArticleListItem, type ArticleView, type ContentEvent, type HelpCentreView, type UnreadView } from '../../../server/contract/content.ts';
import type { Locale } from '../../../server/contract/locales.ts';
import { describeDialects } from '../dialects.ts';
import { messages, openHarness, type Harness, type Reply, type User } from './contract-harness.ts';

const HOUR = 3_600_000;

describeDialects('content API', (dialect) => {
  let h: Harness;
  let alice: User;
  let content: ContentService;
  const ids: Record<string, number> = {};

  const ok = <T>(r: Reply): T => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data as T;
  };
  const get = (url: string, query: Record<string, string> = {}, who: User | null = null, lang?: string) =>
    h.call('GET', `${url}?${new URLSearchParams(query)}`, { ...(who ? { ticket: who.ticket } : {}), ...(lang ? { lang } : {}) });
  const post = (url: string, body: unknown, who: User | null, lang?: string) => h.call('POST', url, { body, ...(who ? { ticket: who.ticket } : {}), ...(lang ? { lang } : {}) });
  const save = async (kind: string, title: string, extra: Record<string, string> = {}) =>
    (await content.save({ kind, locale: 'en', title, body: `**${title}** body.`, by: 'editor', ...extra })).id;

  beforeAll(async () => {
    h = await openHarness(dialect);
    alice = await h.signUp('content-alice@example.com');
    content = createContentService({ store: h.store, clock: h.clock.now });
    ids.a = await save('announcement', 'Listing BTC');
    await content.save({ id: ids.a, locale: 'zh-CN', title: '上线 BTC', body: '**上线** BTC。', by: 'editor' });
    ids.draft = await save('announcement', 'Draft notice');
    ids.scheduled = await save('announcement', 'Scheduled notice');
    ids.down = await save('announcement', 'Taken down');
    ids.help = await save('help', 'Reset your password', { category: 'account' });
    ids.about = await save('page', 'About', { slug: 'about' });
    await content.save({ id: ids.about, locale: 'th', title: 'เกี่ยวกับเรา', body: 'เนื้อหา *ภาษาไทย*', by: 'editor' });
    ids.info = await save('information', 'Weekly report', { category: 'weekly' });
    for (const id of [ids.a, ids.down, ids.help, ids.about, ids.info]) await content.publish(id!, undefined, 'editor');
    await content.unpublish(ids.down!, 'editor');
    ids.scheduledAt = h.clock.now() + HOUR;
    await content.publish(ids.scheduled!, ids.scheduledAt, 'editor');
  });
  afterAll(async () => h.dispose());

  it('serves what is published in the request language, English where it is not written', async () => {
    const zh = ok<{ list: ArticleListItem[]; total: number }>(await get(CONTENT_PATHS.notices, {}, null, 'zh-CN'));
    expect(zh.total).toBe(1);
    expect(zh.list.map((i) => [i.id, i.title, i.locale])).toEqual([[ids.a, '上线 BTC', 'zh-CN']]);
    const view = ok<ArticleView>(await get(CONTENT_PATHS.article, { id: String(ids.a) }, null, 'zh-CN'));
    expect(view).toMatchObject({ title: '上线 BTC', locale: 'zh-CN', html: '<p><strong>上线</strong> BTC。</p>', locales: ['en', 'zh-CN'] });
    expect(ok<ArticleView>(await get(CONTENT_PATHS.article, { id: String(ids.a) }, null, 'ja'))).toMatchObject({ title: 'Listing BTC', locale: 'en' });

    expect(ok<ArticleView>(await get(CONTENT_PATHS.page, { slug: 'about' }, null, 'th'))).toMatchObject({ title: 'เกี่ยวกับเรา', locale: 'th', html: '<p>เนื้อหา <em>ภาษาไทย</em></p>' });
    expect(ok<ArticleView>(await get(CONTENT_PATHS.page, { slug: 'about' }, null, 'ko'))).toMatchObject({ title: 'About', locale: 'en' });
    const help = ok<HelpCentreView>(await get(CONTENT_PATHS.help, {}, null, 'es'));
    expect(help.categories[0]).toMatchObject({ key: 'account', articles: [{ id: ids.help, title: 'Reset your password', locale: 'en' }] });
    const info = ok<{ list: ArticleListItem[] }>(await get(CONTENT_PATHS.information, { pageIndex: '1', pageSize: '10' }));
    expect(info.list.map((i) => [i.title, i.category])).toEqual([['Weekly report', 'weekly']]);

    // Drafts, taken-down and scheduled articles answer as if they did not exist, in the user's language.
    for (const id of [ids.draft, ids.down, ids.scheduled, 999_999]) {
      const r = await get(CONTENT_PATHS.article, { id: String(id) }, null, 'th');
      expect(r.body.code).toBe('content.not.found');
      expect(r.body.msg).toBe(messages.t('th', 'content.not.found'));
    }
    expect((await get(CONTENT_PATHS.page, { slug: 'whitepaper' })).body.code).toBe('content.not.found');
  });

  it('rings the bell: unread count, read marks, and live events on the notices topic', async () => {
    expect((await get(CONTENT_PATHS.unread)).body.code).toBe('login.user.not.login');
    const bell = ok<UnreadView>(await get(CONTENT_PATHS.unread, {}, alice));
    expect(bell.count).toBe(1);
    expect(bell.latest.map((i) => [i.id, i.read])).toEqual([[ids.a, false]]);

    const ws = new WebSocket(h.wsUrl);
    const frames: Array<{ op: string; id?: number; code?: string; topic?: string; seq?: number; data?: ContentEvent }> = [];
    ws.addEventListener('message', (m) => frames.push(JSON.parse(String(m.data))));
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 1, topics: [CONTENT_TOPIC] }));
    await expect.poll(() => frames.find((f) => f.id === 1)?.code).toBe('login.user.not.login');
    ws.send(JSON.stringify({ op: 'auth', id: 2, ticket: alice.ticket }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 3, topics: [CONTENT_TOPIC] }));
    await expect.poll(() => frames.some((f) => f.op === 'ack' && f.id === 3)).toBe(true);
    const events = () => frames.filter((f) => f.topic === CONTENT_TOPIC).map((f) => [f.seq, f.data]);

    // Published now: an event at once (the operator's command pokes the watcher).
    const now = await save('announcement', 'Maintenance tonight');
    await content.publish(now, undefined, 'editor');
    const publishedAt = h.clock.now();
    await expect.poll(events).toEqual([[1, { type: 'published', id: now, kind: 'announcement', publishAt: publishedAt }]]);
    expect(ok<UnreadView>(await get(CONTENT_PATHS.unread, {}, alice)).count).toBe(2);

    // The scheduled one: nothing until the clock reaches its time, then the event and the count.
    await contentNotices(h.store, h.clock.now).check();
    expect(events()).toHaveLength(1);
    h.clock.advance(HOUR);
    await contentNotices(h.store, h.clock.now).check();
    await expect.poll(events).toHaveLength(2);
    expect(events()[1]).toEqual([2, { type: 'published', id: ids.scheduled, kind: 'announcement', publishAt: ids.scheduledAt }]);
    expect(ok<{ list: ArticleListItem[] }>(await get(CONTENT_PATHS.notices)).list.map((i) => i.id)).toEqual([ids.scheduled, now, ids.a]);
    let view = ok<UnreadView>(await get(CONTENT_PATHS.unread, {}, alice));
    expect(view.count).toBe(3);

    // Marks: one, then all.
    view = ok<UnreadView>(await post(CONTENT_PATHS.read, { id: ids.a }, alice));
    expect(view.count).toBe(2);
    expect(view.latest.find((i) => i.id === ids.a)?.read).toBe(true);
    view = ok<UnreadView>(await post(CONTENT_PATHS.read, {}, alice));
    expect(view.count).toBe(0);
    expect(view.latest.every((i) => i.read)).toBe(true);

    // Taken down: the event, and it is gone from the lists.
    await content.unpublish(now, 'editor');
    await expect.poll(events).toHaveLength(3);
    expect(events()[2]).toEqual([3, { type: 'unpublished', id: now, kind: 'announcement', publishAt: publishedAt }]);
    expect(ok<{ list: ArticleListItem[] }>(await get(CONTENT_PATHS.notices)).list.map((i) => i.id)).toEqual([ids.scheduled, ids.a]);
    ws.close();
  });

  it('refuses bad input in the user language and changes nothing', async () => {
    const before = ok<UnreadView>(await get(CONTENT_PATHS.unread, {}, alice));
    const cases: Array<[(lang: Locale) => Promise<Reply>, string, Record<string, unknown> | null]> = [
      [(l) => get(CONTENT_PATHS.notices, { pageSize: '7' }, null, l), 'page.size.invalid', null],
      [(l) => get(CONTENT_PATHS.notices, { pageIndex: '0' }, null, l), 'validate.page.invalid', null],
      [(l) => get(CONTENT_PATHS.notices, { pageIndex: '-1' }, null, l), 'request.invalid', null],
      [(l) => get(CONTENT_PATHS.notices, { extra: '1' }, null, l), 'request.invalid', null],
      [(l) => get(CONTENT_PATHS.article, { id: 'abc' }, null, l), 'request.invalid', null],
      [(l) => get(CONTENT_PATHS.article, {}, null, l), 'validate.required', null],
      [(l) => get(CONTENT_PATHS.page, { slug: '../etc/passwd' }, null, l), 'request.invalid', null],
      [(l) => post(CONTENT_PATHS.read, { id: 'x' }, alice, l), 'request.invalid', null],
      [(l) => post(CONTENT_PATHS.read, { id: ids.help, extra: 1 }, alice, l), 'request.invalid', null],
      [(l) => post(CONTENT_PATHS.read, { id: ids.help }, alice, l), 'content.not.found', { id: ids.help }],
      [(l) => post(CONTENT_PATHS.read, { id: ids.draft }, alice, l), 'content.not.found', { id: ids.draft }],
      [(l) => post(CONTENT_PATHS.read, {}, null, l), 'login.user.not.login', null],
    ];
    for (const lang of ['th', 'zh-CN'] as Locale[]) {
      for (const [send, code, data] of cases) {
        const r = await send(lang);
        expect(r.body.code, `${lang} ${code}`).toBe(code);
        expect(r.body.msg).toBe(messages.t(lang, code, { product: PRODUCT_NAME, ...data }));
        expect(r.body.msg).toMatch(lang === 'th' ? /[\u0e00-\u0e7f]/ : /[\u4e00-\u9fff]/);
      }
    }
    expect(ok<UnreadView>(await get(CONTENT_PATHS.unread, {}, alice))).toEqual(before);
  });
});
