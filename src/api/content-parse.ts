// Shape checks for the published-content replies (contract/content.ts): an article with its sanitized HTML, the
// help centre, a page of list items. The list item and the bell's view are the stream layer's parsers (the bell
// reads the same items live).
import { HELP_CATEGORIES, isLocale, type ArticleListItem, type ArticleView, type HelpCategory, type HelpCentreView, type Locale, type Page } from '../contract.ts';
import { parseArticleList, parseArticleListItem, parsePage, parseUnreadView } from '../../streams/index.ts';
import { isRecord, type Parser } from './parse.ts';

export { parseArticleListItem, parseUnreadView };

const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export const parseArticleView: Parser<ArticleView> = (d) => {
  const item = parseArticleListItem(d);
  if (!item || !isRecord(d) || typeof d.html !== 'string' || !int(d.updatedAt) || !Array.isArray(d.locales)) return null;
  const locales = d.locales.filter((l): l is Locale => typeof l === 'string' && isLocale(l));
  if (locales.length !== d.locales.length) return null;
  return { ...item, html: d.html, updatedAt: d.updatedAt, locales };
};

export const parseArticlePage: Parser<Page<ArticleListItem>> = parsePage(parseArticleListItem);

const isCategory = (v: unknown): v is HelpCategory => typeof v === 'string' && (HELP_CATEGORIES as readonly string[]).includes(v);

/** Every category the server lists, in the page's order (HELP_CATEGORIES), each once; one it does not list is empty. */
export const parseHelpCentre: Parser<HelpCentreView> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.categories)) return null;
  const found = new Map<HelpCategory, ArticleListItem[]>();
  for (const c of d.categories) {
    // A category this build does not know (a newer server) is left out rather than refusing the whole centre.
    if (!isRecord(c)) return null;
    const articles = parseArticleList(c.articles);
    if (!articles) return null;
    if (isCategory(c.key)) found.set(c.key, articles);
    else if (typeof c.key !== 'string') return null;
  }
  return { categories: HELP_CATEGORIES.map((key) => ({ key, articles: found.get(key) ?? [] })) };
};
