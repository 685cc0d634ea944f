// Published content (issue 25): announcements, help, information and the fixed pages (public; the text comes in the
// request's language, else English: `locale` says which), and the bell's reads and marks (signed in). A mark's reply
// is handed to the stream layer, so the bell shows it at once.
import { CONTENT_PATHS, type ArticleListItem, type ArticleView, type HelpCentreView, type Page, type PageSlug, type UnreadView } from '../contract.ts';
import { setNoticesView } from '../../streams/index.ts';
import { api, type CallOptions } from './index.ts';
import { parseArticlePage, parseArticleView, parseHelpCentre, parseUnreadView } from './content-parse.ts';

export interface Paging {
  pageIndex: number;
  pageSize: number;
}

export const fetchNotices = (paging: Paging, options?: CallOptions): Promise<Page<ArticleListItem>> =>
  api.get(CONTENT_PATHS.notices, parseArticlePage, { pageIndex: paging.pageIndex, pageSize: paging.pageSize }, options);

export const fetchInformation = (paging: Paging, options?: CallOptions): Promise<Page<ArticleListItem>> =>
  api.get(CONTENT_PATHS.information, parseArticlePage, { pageIndex: paging.pageIndex, pageSize: paging.pageSize }, options);

export const fetchArticle = (id: number, options?: CallOptions): Promise<ArticleView> => api.get(CONTENT_PATHS.article, parseArticleView, { id }, options);

export const fetchPage = (slug: PageSlug, options?: CallOptions): Promise<ArticleView> => api.get(CONTENT_PATHS.page, parseArticleView, { slug }, options);

export const fetchHelpCentre = (options?: CallOptions): Promise<HelpCentreView> => api.get(CONTENT_PATHS.help, parseHelpCentre, undefined, options);

export const fetchUnread = (options?: CallOptions): Promise<UnreadView> => api.get(CONTENT_PATHS.unread, parseUnreadView, undefined, options);

/** Marks one announcement read (or all of them, without an id); the bell takes the reply. */
export async function markNoticesRead(id?: number, options?: CallOptions): Promise<UnreadView> {
  const view = await api.post(CONTENT_PATHS.read, parseUnreadView, id === undefined ? {} : { id }, options);
  setNoticesView(view);
  return view;
}
