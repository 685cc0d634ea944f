// Published content and feedback (issue 25): the /app API's shapes and paths, the bell's stream event, and the
// limits both the console's editor and the server check (pure: no Node imports).
//
// What an article is. Operators write announcements, help articles (by category), information articles and the
// fixed pages (about, white paper, the three legal pages, the download page) in the console, in Markdown, one text
// per language; English is the fallback, so an article needs its English text and may have any of the other eight.
// The server turns the Markdown into HTML once, on save, through an allow-list renderer (server/content/markdown.ts):
// raw HTML in the Markdown is shown as text, links and images go only to http(s), mailto or the site's own paths,
// and the result is the only HTML any page shows. A draft is seen only in the console; a published article is
// public from its publish time (a later time: scheduled); unpublishing takes it down again. Pinned ones come first.
//
// Times are Unix milliseconds. Queries are GET with query parameters, actions POST with a JSON body; replies in the
// app's envelope. The text served is the request's language (the `lang` header, as every /app call) when the article
// has it, else English; `locale` says which one came.

import type { Locale } from './locales.ts';

export const CONTENT_PATHS = {
  /** GET, public: announcements, pinned first then newest (pageIndex, pageSize) → Page<ArticleListItem>. */
  notices: '/app/content/notices',
  /** GET, public: { id } → ArticleView of a published article of any kind (not found otherwise). */
  article: '/app/content/article',
  /** GET, public: { slug } (PAGE_SLUGS) → ArticleView, or not found while the page has no published text. */
  page: '/app/content/page',
  /** GET, public: the help centre → HelpCentreView (every category with its published articles' items). */
  help: '/app/content/help',
  /** GET, public: information articles, newest first (pageIndex, pageSize) → Page<ArticleListItem>. */
  information: '/app/content/information',
  /** GET, session: the bell → UnreadView. */
  unread: '/app/content/unread',
  /** POST, session: { id } marks one announcement read; {} marks all read → UnreadView. */
  read: '/app/content/read',
} as const;

export const FEEDBACK_PATHS = {
  /** POST, session: multipart with one image field `file` (≤ FEEDBACK_SCREENSHOT_MAX_BYTES) → FeedbackUploadView. */
  upload: '/app/feedback/upload',
  /** POST, session: FeedbackSubmitRequest → FeedbackItem. A repeated clientId answers the first message. */
  submit: '/app/feedback/submit',
  /** GET, session: the user's messages with the replies, newest first (pageIndex, pageSize) → Page<FeedbackItem>. */
  list: '/app/feedback/list',
  /** GET, session: { id } (an upload's id) → the re-encoded JPEG; only its owner's. */
  screenshot: '/app/feedback/screenshot',
} as const;

/** The private stream topic of the bell: a ContentEvent when an announcement goes public or is taken down. */
export const CONTENT_TOPIC = 'notices';

export const ARTICLE_KINDS = ['announcement', 'help', 'information', 'page'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** The help centre's sections, in the order the page shows them. */
export const HELP_CATEGORIES = ['account', 'funds', 'trading', 'perpetual', 'seconds', 'price-record'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** The fixed pages; each has at most one article. `whitepaper` is /informationTwo; `download` is /down's links. */
export const PAGE_SLUGS = ['about', 'whitepaper', 'user-agreement', 'privacy-policy', 'legal-statement', 'download'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const ARTICLE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** Limits the editor and the server share. The body's limit is of the Markdown, in UTF-16 code units. */
export const CONTENT_LIMITS = {
  title: 200,
  summary: 500,
  body: 100_000,
} as const;

export interface ArticleListItem {
  id: number;
  kind: ArticleKind;
  category: string | null;
  slug: string | null;
  title: string;
  summary: string;
  pinned: boolean;
  /** When it went (or goes) public. */
  publishAt: number;
  /** The language of the title and summary served (the request's, else 'en'). */
  locale: Locale;
  /** Only in the bell's lists (UnreadView.latest): whether this user opened it. */
  read?: boolean;
}

export interface ArticleView extends ArticleListItem {
  /** Sanitized HTML made by the server from the operator's Markdown: safe to insert as it is. */
  html: string;
  updatedAt: number;
  /** The languages this article is written in. */
  locales: Locale[];
}

export interface HelpCentreView {
  categories: Array<{ key: HelpCategory; articles: ArticleListItem[] }>;
}

export interface UnreadView {
  /** Published announcements this user has not opened (or marked read). */
  count: number;
  /** The newest announcements (up to 5) with their `read` flag. */
  latest: ArticleListItem[];
}

/** The `notices` topic's payload. */
export interface ContentEvent {
  type: 'published' | 'unpublished';
  id: number;
  kind: ArticleKind;
  publishAt: number;
}

// ---- feedback ----

export const FEEDBACK_TOPICS = ['account', 'trading', 'funds', 'suggestion', 'other'] as const;
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number];
export const FEEDBACK_LIMITS = { body: 2000, contact: 200, reply: 4000 } as const;
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export type FeedbackStatus = 'open' | 'replied' | 'closed';

export interface FeedbackSubmitRequest {
  topic: FeedbackTopic;
  body: string;
  contact?: string;
  /** An upload's id from FEEDBACK_PATHS.upload. */
  screenshot?: string;
  clientId?: string;
}

export interface FeedbackUploadView {
  id: string;
  width: number;
  height: number;
  size: number;
}

export interface FeedbackItem {
  id: number;
  topic: FeedbackTopic;
  body: string;
  contact: string | null;
  /** The screenshot's upload id (FEEDBACK_PATHS.screenshot), or null. */
  screenshot: string | null;
  status: FeedbackStatus;
  createdAt: number;
  reply: string | null;
  repliedAt: number | null;
}

// ---- refusals (added with the server side) ----

/**
 * Refusals of the content rules and reads, in every language (server.po). The public pages meet only
 * `content.not.found`; the others answer an editor's save, publish, pin or delete (the console and the CLI).
 * data.max: the limit named (title, summary, body: characters).
 */
export const CONTENT_CODES = [
  'content.not.found',
  'content.kind.invalid',
  'content.kind.fixed',
  'content.locale.invalid',
  'content.english.required',
  'content.title.invalid',
  'content.summary.invalid',
  'content.body.empty',
  'content.body.too.large',
  'content.category.invalid',
  'content.slug.invalid',
  'content.slug.taken',
  'content.revision.stale',
  'content.publish.time.invalid',
  'content.not.published',
  'content.not.draft',
] as const;
export type ContentCode = (typeof CONTENT_CODES)[number];

/** Refusals of the feedback routes and the inbox's commands; data.max: a limit (characters, or MB for the screenshot). */
export const FEEDBACK_CODES = [
  'feedback.topic.invalid',
  'feedback.body.invalid',
  'feedback.contact.invalid',
  'feedback.reply.invalid',
  'feedback.screenshot.invalid',
  'feedback.screenshot.too.large',
  'feedback.screenshot.not.found',
  'feedback.not.found',
  'feedback.closed',
] as const;
export type FeedbackCode = (typeof FEEDBACK_CODES)[number];

/** An information article's category: lower-case words with dashes (the information list's own sections). */
export const INFORMATION_CATEGORY_PATTERN = '^[a-z0-9][a-z0-9-]{0,31}$';
