// Parsers for published content (contract/content.ts): an article's list item, the bell's UnreadView and the
// `notices` topic's event. The web app's REST client reads the same items with these (src/api/content-parse.ts adds
// the article itself and the help centre). Ids and times must be whole numbers, kinds and languages known ones, or
// the item is refused.
import { ARTICLE_KINDS, isLocale, type ArticleKind, type ArticleListItem, type ContentEvent, type UnreadView } from '../contract.ts';
import { isInteger, isRecord, isString, parseList, type Parser } from './basic.ts';

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);
const textOrNull = (v: unknown): v is string | null => v === null || isString(v);

export const parseArticleListItem: Parser<ArticleListItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.id) || v.id <= 0 || !oneOf<ArticleKind>(ARTICLE_KINDS, v.kind)) return null;
  const category = v.category ?? null;
  const slug = v.slug ?? null;
  if (!textOrNull(category) || !textOrNull(slug) || !isString(v.title) || !isString(v.summary)) return null;
  if (typeof v.pinned !== 'boolean' || !isInteger(v.publishAt) || !isString(v.locale) || !isLocale(v.locale)) return null;
  if (v.read !== undefined && typeof v.read !== 'boolean') return null;
  const item: ArticleListItem = {
    id: v.id, kind: v.kind, category, slug, title: v.title, summary: v.summary, pinned: v.pinned, publishAt: v.publishAt, locale: v.locale,
  };
  if (v.read !== undefined) item.read = v.read;
  return item;
};

export const parseArticleList = (v: unknown): ArticleListItem[] | null => parseList(v, parseArticleListItem);

export const parseUnreadView: Parser<UnreadView> = (v) => {
  if (!isRecord(v) || !isInteger(v.count) || v.count < 0) return null;
  const latest = parseArticleList(v.latest);
  return latest ? { count: v.count, latest } : null;
};

export const parseContentEvent: Parser<ContentEvent> = (v) => {
  if (!isRecord(v) || (v.type !== 'published' && v.type !== 'unpublished')) return null;
  if (!isInteger(v.id) || !oneOf<ArticleKind>(ARTICLE_KINDS, v.kind) || !isInteger(v.publishAt)) return null;
  return { type: v.type, id: v.id, kind: v.kind, publishAt: v.publishAt };
};
