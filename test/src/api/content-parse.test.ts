// The content and feedback replies as the app reads them: an article with its HTML and languages, a page of list
// items, the help centre in the page's order whatever order the server lists, an upload, a message with its reply;
// anything malformed refused whole.
import { describe, expect, it } from 'vitest';
import type { ArticleListItem, ArticleView, FeedbackItem } from '../../../src/contract.ts';
import { parseArticlePage, parseArticleView, parseHelpCentre, parseUnreadView } from '../../../src/api/content-parse.ts';
import { parseFeedbackItem, parseFeedbackPage, parseFeedbackUpload } from '../../../src/api/feedback-parse.ts';

const item = (id: number, extra: Partial<ArticleListItem> = {}): ArticleListItem => ({
  id, kind: 'help', category: 'account', slug: null, title: `Help ${id}`, summary: '', pinned: false, publishAt: 10 + id, locale: 'en', ...extra,
});
const article = (extra: Partial<ArticleView> = {}): ArticleView => ({
  ...item(7, { kind: 'announcement', category: null, title: '系统维护', locale: 'zh-CN', pinned: true }),
  html: '<h2>时间</h2><table><tr><td>1</td></tr></table>', updatedAt: 99, locales: ['en', 'zh-CN'], ...extra,
});
const message = (extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: 3, topic: 'trading', body: 'Order stuck', contact: null, screenshot: 'up-1', status: 'replied', createdAt: 5, reply: 'Fixed now', repliedAt: 9, ...extra,
});

describe('content replies', () => {
  it('read an article with its HTML and languages', () => {
    expect(parseArticleView(article())).toEqual(article());
    expect(parseArticleView({ ...article(), html: undefined })).toBeNull();
    expect(parseArticleView({ ...article(), locales: ['en', 'klingon'] })).toBeNull();
    expect(parseArticleView({ ...article(), updatedAt: '2024' })).toBeNull();
    expect(parseArticleView({ ...article(), kind: 'banner' })).toBeNull();
  });

  it('read a page of list items, refusing it when one item is malformed', () => {
    const page = { list: [item(1), item(2, { pinned: true })], total: 12, pageIndex: 1, pageSize: 2 };
    expect(parseArticlePage(page)).toEqual(page);
    expect(parseArticlePage({ ...page, list: [item(1), { ...item(2), publishAt: null }] })).toBeNull();
    expect(parseUnreadView({ count: 1, latest: [item(1, { kind: 'announcement', read: false })] })?.count).toBe(1);
  });

  it('read the help centre in the page\'s order with every category, leaving out one it does not know', () => {
    const centre = parseHelpCentre({
      categories: [
        { key: 'seconds', articles: [item(4, { category: 'seconds' })] },
        { key: 'account', articles: [item(1), item(2)] },
        { key: 'astrology', articles: [item(9, { category: 'astrology' })] },
      ],
    });
    expect(centre?.categories.map((c) => `${c.key}:${c.articles.length}`)).toEqual(['account:2', 'funds:0', 'trading:0', 'perpetual:0', 'seconds:1', 'price-record:0']);
    expect(parseHelpCentre({ categories: [{ key: 'account', articles: [{ id: 1 }] }] })).toBeNull();
    expect(parseHelpCentre({ categories: [{ key: 3, articles: [] }] })).toBeNull();
    expect(parseHelpCentre({})).toBeNull();
  });
});

describe('feedback replies', () => {
  it('read an upload and a message with its reply', () => {
    expect(parseFeedbackUpload({ id: 'up-1', width: 800, height: 600, size: 1234 })).toEqual({ id: 'up-1', width: 800, height: 600, size: 1234 });
    expect(parseFeedbackUpload({ id: '', width: 800, height: 600, size: 1 })).toBeNull();
    expect(parseFeedbackItem(message())).toEqual(message());
    expect(parseFeedbackItem(message({ status: 'open', reply: null, repliedAt: null, screenshot: null, contact: 'me@example.com' }))?.status).toBe('open');
    const page = { list: [message(), message({ id: 2 })], total: 2, pageIndex: 1, pageSize: 10 };
    expect(parseFeedbackPage(page)).toEqual(page);
  });

  it('refuse an unknown topic or status and bad times', () => {
    expect(parseFeedbackItem(message({ topic: 'gossip' as never }))).toBeNull();
    expect(parseFeedbackItem(message({ status: 'lost' as never }))).toBeNull();
    expect(parseFeedbackItem(message({ createdAt: 1.5 }))).toBeNull();
    expect(parseFeedbackItem(message({ repliedAt: 'later' as never }))).toBeNull();
    expect(parseFeedbackItem(message({ reply: 5 as never }))).toBeNull();
  });
});
