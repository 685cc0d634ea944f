// The content rules and reads (server/content/service.ts) over the real store, on both dialects: what an editor may
// save (English first, limits, categories, one article per page slug, the kind fixed, a stale revision refused), the
// sanitized HTML stored, publish / schedule / unpublish / pin / delete, the public reads in a language with English as
// the fallback (drafts, unpublished and scheduled articles invisible until their time, by the injected clock), the
// bell's counts and read marks, the bell's watcher firing when a scheduled announcement's time comes, and seeding the
// demo's articles once.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../../server/content/demo/index.ts';
import { ContentNotices } from '../../../server/content/notices.ts';
import { createContentService, seedDemoContent, type ContentService, type SeedArticle } from '../../../server/content/service.ts';
import { CONTENT_LIMITS, HELP_CATEGORIES, PAGE_SLUGS, type ContentEvent } from '../../../server/contract/content.ts';
import { LOCALES } from '../../../server/contract/locales.ts';
import { AppError } from '../../../server/errors.ts';
import type { Store } from '../../../server/store/index.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../dialects.ts';

const HOUR = 3_600_000;

async function refusal(work: Promise<unknown>): Promise<{ code: string; data: unknown }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

describeDialects('content service', (dialect) => {
  let t: TestStore;
  let store: Store;
  let clock: ReturnType<typeof testClock>;
  let content: ContentService;
  let user: number;

  beforeEach(async () => {
    clock = testClock();
    t = await openStore(dialect, clock.now);
    store = t.store;
    content = createContentService({ store, clock: clock.now });
    user = await store.users.insert({
      email: 'reader@example.com', phone: null, password_hash: 'hash', fund_password_hash: null, nickname: 'reader', invite_code: 'READER01', referrer_id: null,
      real_name_status: 'none', credit_score: 100, frozen: 0, has_recharge: 0, created_at: clock.now(), updated_at: clock.now(),
    });
  });
  afterEach(async () => t.dispose());

  const en = (title: string, body = `Body of ${title}.`) => ({ locale: 'en', title, body, by: 'alice' });
  const count = async () => ({ articles: (await content.list({})).length, texts: (await Promise.all((await content.list({})).map((a) => store.content.texts(a.id)))).flat().length });

  it('checks every rule of a save before storing anything', async () => {
    const before = await count();
    const cases: Array<[Promise<unknown>, string]> = [
      [content.save({ ...en('T'), locale: 'th' , kind: 'announcement' }), 'content.english.required'],
      [content.save({ ...en('T'), locale: 'xx', kind: 'announcement' }), 'content.locale.invalid'],
      [content.save({ ...en('T'), kind: 'blog' }), 'content.kind.invalid'],
      [content.save({ ...en('T') }), 'content.kind.invalid'],
      [content.save({ ...en(''), kind: 'announcement' }), 'content.title.invalid'],
      [content.save({ ...en('x'.repeat(CONTENT_LIMITS.title + 1)), kind: 'announcement' }), 'content.title.invalid'],
      [content.save({ ...en('a\nb'), kind: 'announcement' }), 'content.title.invalid'],
      [content.save({ ...en('T'), summary: 's'.repeat(CONTENT_LIMITS.summary + 1), kind: 'announcement' }), 'content.summary.invalid'],
      [content.save({ ...en('T', '   \n '), kind: 'announcement' }), 'content.body.empty'],
      [content.save({ ...en('T', 'x'.repeat(CONTENT_LIMITS.body + 1)), kind: 'announcement' }), 'content.body.too.large'],
      [content.save({ ...en('T'), kind: 'help' }), 'content.category.invalid'],
      [content.save({ ...en('T'), kind: 'help', category: 'cooking' }), 'content.category.invalid'],
      [content.save({ ...en('T'), kind: 'announcement', category: 'account' }), 'content.category.invalid'],
      [content.save({ ...en('T'), kind: 'information', category: 'Bad Category' }), 'content.category.invalid'],
      [content.save({ ...en('T'), kind: 'page' }), 'content.slug.invalid'],
      [content.save({ ...en('T'), kind: 'page', slug: 'blog' }), 'content.slug.invalid'],
      [content.save({ ...en('T'), kind: 'announcement', slug: 'about' }), 'content.slug.invalid'],
    ];
    for (const [work, code] of cases) expect((await refusal(work)).code).toBe(code);
    expect((await refusal(content.save({ ...en('T', 'x'.repeat(CONTENT_LIMITS.body + 1)), kind: 'announcement' }))).data).toEqual({ max: CONTENT_LIMITS.body, length: CONTENT_LIMITS.body + 1 });
    expect(await count()).toEqual(before);
  });

  it('stores sanitized HTML, makes the summary, edits over the right revision only, keeps one article per page', async () => {
    const made = await content.save({ ...en('Hello', 'First <script>alert(1)</script> [x](javascript:alert(1)) **bold**.\n\nSecond.'), kind: 'announcement' });
    expect(made).toMatchObject({ kind: 'announcement', status: 'draft', revision: 1, locales: ['en'], title: 'Hello', updatedBy: 'alice' });
    const text = made.texts[0]!;
    expect(text.summary).toBe('First <script>alert(1)</script> x bold.');
    expect(text.html).toBe('<p>First &lt;script&gt;alert(1)&lt;/script&gt; x <strong>bold</strong>.</p>\n<p>Second.</p>');
    // A translation over revision 1, then a save over the old revision is refused and changes nothing.
    const th = await content.save({ id: made.id, locale: 'th', title: 'สวัสดี', body: 'ข้อความ', revision: 1, by: 'bob' });
    expect(th).toMatchObject({ revision: 2, locales: ['en', 'th'], updatedBy: 'bob' });
    const stale = await refusal(content.save({ id: made.id, locale: 'en', title: 'Overwrite', body: 'x', revision: 1, by: 'carol' }));
    expect(stale).toEqual({ code: 'content.revision.stale', data: { revision: 1, current: 2 } });
    expect((await content.detail(made.id)).texts.find((x) => x.locale === 'en')!.title).toBe('Hello');
    expect((await refusal(content.save({ id: made.id, kind: 'help', ...en('x') }))).code).toBe('content.kind.fixed');
    expect((await refusal(content.save({ id: 999, ...en('x') }))).code).toBe('content.not.found');

    const about = await content.save({ ...en('About us'), kind: 'page', slug: 'about' });
    expect(about.slug).toBe('about');
    expect((await refusal(content.save({ ...en('Another about'), kind: 'page', slug: 'about' }))).code).toBe('content.slug.taken');
    const privacy = await content.save({ ...en('Privacy'), kind: 'page', slug: 'privacy-policy' });
    expect((await refusal(content.save({ id: privacy.id, ...en('Privacy'), slug: 'about' }))).code).toBe('content.slug.taken');
    expect((await content.list({ kind: 'page' })).map((a) => a.slug).sort()).toEqual(['about', 'privacy-policy']);
  });

  it('publishes, schedules, unpublishes, pins and deletes drafts only; the public sees only what is public now', async () => {
    const a = await content.save({ ...en('Old news'), kind: 'announcement' });
    const b = await content.save({ ...en('Pinned news'), kind: 'announcement' });
    const c = await content.save({ ...en('Scheduled news'), kind: 'announcement' });
    const draft = await content.save({ ...en('Draft news'), kind: 'announcement' });
    await content.save({ id: a.id, locale: 'zh-CN', title: '旧闻', body: '旧闻内容', by: 'alice' });
    await content.publish(a.id, undefined, 'alice');
    clock.advance(HOUR);
    await content.publish(b.id, undefined, 'alice');
    clock.advance(HOUR);
    await content.pin(a.id, true, 'alice');
    const at = clock.now() + 2 * HOUR;
    const scheduled = await content.publish(c.id, at, 'alice');
    expect(scheduled).toMatchObject({ status: 'published', publishAt: at });
    expect((await refusal(content.publish(c.id, clock.now() - 2 * HOUR, 'alice'))).code).toBe('content.publish.time.invalid');
    expect((await refusal(content.publish(c.id, clock.now() + 400 * 24 * HOUR, 'alice'))).code).toBe('content.publish.time.invalid');

    const titles = async (locale: 'en' | 'zh-CN' = 'en') => (await content.notices(locale, { pageIndex: 1, pageSize: 20 })).list.map((i) => i.title);
    // Pinned first, then the newest; the draft and the scheduled one are not public.
    expect(await titles()).toEqual(['Old news', 'Pinned news']);
    expect(await titles('zh-CN')).toEqual(['旧闻', 'Pinned news']);
    const zh = await content.notices('zh-CN', { pageIndex: 1, pageSize: 20 });
    expect(zh.list.map((i) => i.locale)).toEqual(['zh-CN', 'en']);
    expect((await refusal(content.article(draft.id, 'en'))).code).toBe('content.not.found');
    expect((await refusal(content.article(c.id, 'en'))).code).toBe('content.not.found');

    clock.advance(2 * HOUR);
    expect(await titles()).toEqual(['Old news', 'Scheduled news', 'Pinned news']);
    const view = await content.article(c.id, 'ja');
    expect(view).toMatchObject({ title: 'Scheduled news', locale: 'en', locales: ['en'], html: '<p>Body of Scheduled news.</p>' });

    await content.unpublish(b.id, 'alice');
    expect(await titles()).toEqual(['Old news', 'Scheduled news']);
    expect((await refusal(content.unpublish(b.id, 'alice'))).code).toBe('content.not.published');
    expect((await refusal(content.remove(a.id))).code).toBe('content.not.draft');
    expect((await refusal(content.remove(b.id))).code).toBe('content.not.draft');
    await content.remove(draft.id);
    expect((await refusal(content.detail(draft.id))).code).toBe('content.not.found');
    expect((await content.list({ status: 'unpublished' })).map((x) => x.id)).toEqual([b.id]);
  });

  it('serves pages, the help centre and information articles in a language with English as the fallback', async () => {
    const about = await content.save({ ...en('About'), kind: 'page', slug: 'about' });
    await content.save({ id: about.id, locale: 'th', title: 'เกี่ยวกับเรา', body: 'เนื้อหา', by: 'alice' });
    expect((await refusal(content.page('about', 'th'))).code).toBe('content.not.found');
    await content.publish(about.id, undefined, 'alice');
    expect(await content.page('about', 'th')).toMatchObject({ title: 'เกี่ยวกับเรา', locale: 'th', locales: ['en', 'th'], html: '<p>เนื้อหา</p>' });
    expect(await content.page('about', 'ko')).toMatchObject({ title: 'About', locale: 'en' });
    expect((await refusal(content.page('whitepaper', 'en'))).code).toBe('content.not.found');

    const h1 = await content.save({ ...en('Reset password'), kind: 'help', category: 'account' });
    const h2 = await content.save({ ...en('Deposit'), kind: 'help', category: 'funds' });
    await content.save({ ...en('Unpublished help'), kind: 'help', category: 'funds' });
    await content.publish(h1.id, undefined, 'alice');
    await content.publish(h2.id, undefined, 'alice');
    const help = await content.help('en');
    expect(help.categories.map((c) => c.key)).toEqual(['account', 'funds', 'trading', 'perpetual', 'seconds', 'price-record']);
    expect(help.categories.map((c) => c.articles.map((a) => a.title))).toEqual([['Reset password'], ['Deposit'], [], [], [], []]);

    const info = await content.save({ ...en('Market weekly'), kind: 'information', category: 'weekly' });
    await content.publish(info.id, undefined, 'alice');
    const page = await content.information('it', { pageIndex: 1, pageSize: 10 });
    expect(page).toMatchObject({ total: 1, pageIndex: 1, pageSize: 10 });
    expect(page.list[0]).toMatchObject({ title: 'Market weekly', category: 'weekly', locale: 'en' });
  });

  it('counts unread announcements, marks one or all read, and tells the bell when a scheduled one goes public', async () => {
    const notices = new ContentNotices(store, clock.now, { tickMs: 0 });
    const events: ContentEvent[] = [];
    notices.subscribe((e) => events.push(e));
    await notices.check(); // the baseline: nothing to tell
    try {
      const ids: number[] = [];
      for (const title of ['One', 'Two', 'Three']) {
        const a = await content.save({ ...en(title), kind: 'announcement' });
        await content.publish(a.id, undefined, 'alice');
        ids.push(a.id);
        clock.advance(60_000);
      }
      await notices.check();
      expect(events.map((e) => [e.type, e.id])).toEqual(ids.map((id) => ['published', id]));
      // A help article is not the bell's business.
      const help = await content.save({ ...en('Help'), kind: 'help', category: 'trading' });
      await content.publish(help.id, undefined, 'alice');

      let bell = await content.unread(user, 'en');
      expect(bell.count).toBe(3);
      expect(bell.latest.map((i) => [i.title, i.read])).toEqual([['Three', false], ['Two', false], ['One', false]]);
      bell = await content.markRead(user, ids[1], 'en');
      expect(bell.count).toBe(2);
      expect(bell.latest.map((i) => i.read)).toEqual([false, true, false]);
      expect((await refusal(content.markRead(user, help.id, 'en'))).code).toBe('content.not.found');
      bell = await content.markRead(user, undefined, 'en');
      expect(bell.count).toBe(0);
      expect(bell.latest.every((i) => i.read)).toBe(true);

      // Scheduled in an hour: not public, not counted, no event, until the clock gets there.
      const later = await content.save({ ...en('Later'), kind: 'announcement' });
      events.length = 0;
      await content.publish(later.id, clock.now() + HOUR, 'alice');
      await notices.check();
      expect(events).toEqual([]);
      expect((await content.unread(user, 'en')).count).toBe(0);
      clock.advance(HOUR);
      await notices.check();
      expect(events).toEqual([{ type: 'published', id: later.id, kind: 'announcement', publishAt: clock.now() }]);
      expect((await content.unread(user, 'en')).count).toBe(1);

      await content.unpublish(later.id, 'alice');
      await notices.check();
      expect(events.at(-1)).toEqual({ type: 'unpublished', id: later.id, kind: 'announcement', publishAt: clock.now() });
      expect((await content.unread(user, 'en')).count).toBe(0);
    } finally {
      notices.close();
    }
  });

  it('seeds the demo articles once, published, and leaves an operator\'s page alone', async () => {
    const own = await content.save({ ...en('Our own about'), kind: 'page', slug: 'about' });
    const demo: SeedArticle[] = [
      { seedKey: 'demo-welcome', kind: 'announcement', pinned: true, ageDays: 3, texts: { en: { title: 'Welcome', summary: '', markdown: 'Welcome to the **demo**.' }, 'zh-CN': { title: '欢迎', summary: '欢迎', markdown: '欢迎' } } },
      { seedKey: 'demo-help-1', kind: 'help', category: 'account', texts: { en: { title: 'Sign up', summary: 'How', markdown: 'Steps.' } } },
      { seedKey: 'demo-about', kind: 'page', slug: 'about', texts: { en: { title: 'About the demo', summary: '', markdown: 'About.' } } },
    ];
    expect(await seedDemoContent(store, clock.now, demo)).toBe(2);
    expect(await seedDemoContent(store, clock.now, demo)).toBe(0);
    const notices = await content.notices('zh-CN', { pageIndex: 1, pageSize: 20 });
    expect(notices.list).toHaveLength(1);
    expect(notices.list[0]).toMatchObject({ title: '欢迎', pinned: true, publishAt: clock.now() - 3 * 24 * HOUR, summary: '欢迎' });
    expect((await content.article(notices.list[0]!.id, 'en')).summary).toBe('Welcome to the demo.');
    expect((await content.help('en')).categories[0]!.articles.map((a) => a.title)).toEqual(['Sign up']);
    expect((await content.detail(own.id)).title).toBe('Our own about');
    expect(await store.content.findBySeedKey('demo-about')).toBeUndefined();
    await expect(seedDemoContent(store, clock.now, [{ seedKey: 'bad', kind: 'help', category: 'nope', texts: { en: { title: 'x', summary: '', markdown: 'x' } } }])).rejects.toThrow(/demo article bad/);
  });

  it('seeds the demo\'s own articles (server/content/demo): every one passes the rules, every page and help section has one', async () => {
    expect(await seedDemoContent(store, clock.now, DEMO_ARTICLES)).toBe(DEMO_ARTICLES.length);
    expect(await seedDemoContent(store, clock.now, DEMO_ARTICLES)).toBe(0);
    const missing: string[] = [];
    for (const slug of PAGE_SLUGS) {
      for (const locale of LOCALES) {
        const shown = await content.page(slug, locale).then((v) => v.locale, () => null);
        if (shown !== locale) missing.push(`${slug} ${locale}`);
      }
    }
    expect(missing).toEqual([]);
    const help = await content.help('ja');
    expect(help.categories.map((c) => c.key)).toEqual([...HELP_CATEGORIES]);
    for (const c of help.categories) expect(c.articles.length, c.key).toBeGreaterThan(0);
    expect((await content.notices('th', { pageIndex: 1, pageSize: 20 })).total).toBeGreaterThan(0);
    expect((await content.information('ko', { pageIndex: 1, pageSize: 20 })).total).toBeGreaterThan(0);
  });
});
