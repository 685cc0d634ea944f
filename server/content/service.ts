// Published content (issue 25): the rules of what an editor may save and publish, the public reads, the bell's
// counts, and the demo's first-start articles. The operator commands (admin/content.ts, the console and the CLI
// through one executor) and the routes (gateway/routes/content.ts, ops/content-routes.ts) all come here.
//
// Rules. An article is created with its English text (English is the fallback every page can show); any of the other
// eight languages may be added after. Title 1–200 characters, summary up to 500 (left empty: made from the first
// paragraph), body 1–100,000 characters of Markdown (CONTENT_LIMITS; a larger body is refused, not cut). A help
// article has a HELP_CATEGORIES section; an information article may have a category of its own (lower-case words);
// a page has a PAGE_SLUGS slug and there is at most one article per slug; announcements have neither. The kind
// stays what it was created as. A save names the revision it was made over (the console always does): a save over
// an older one is refused (`content.revision.stale`), so one editor never silently overwrites another's edit.
// Publishing sets the time it goes public (now, or later: scheduled); unpublishing takes it down; only a draft may
// be deleted. The HTML is made once, on save, by markdown.ts: the only HTML a page shows.
import type { Clock } from '../clock.ts';
import type { Page } from '../contract/api.ts';
import {
  ARTICLE_KINDS, ARTICLE_STATUSES, CONTENT_LIMITS, HELP_CATEGORIES, INFORMATION_CATEGORY_PATTERN, PAGE_SLUGS,
  type ArticleKind, type ArticleListItem, type ArticleStatus, type ArticleView, type HelpCentreView, type HelpCategory, type PageSlug, type UnreadView,
} from '../contract/content.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../contract/locales.ts';
import type { OpsArticleDetail, OpsArticleItem } from '../contract/ops.ts';
import { fail } from '../errors.ts';
import type { ArticleRecord, TextRecord } from '../store/content.ts';
import { isUniqueViolation } from '../store/errors.ts';
import type { Store } from '../store/index.ts';
import { cleanMarkdown, renderMarkdown, summaryOf } from './markdown.ts';
import { pokeNotices } from './notices.ts';

const DAY_MS = 86_400_000;
/** A publish time this far in the past is taken as a slip of the pen, not a wish to backdate. */
export const PUBLISH_PAST_GRACE_MS = 60_000;
/** The furthest ahead a publish may be scheduled. */
export const PUBLISH_MAX_AHEAD_MS = 366 * DAY_MS;
/** The console's list: the newest edits, at most this many. */
export const CONSOLE_LIST_MAX = 500;
/** How many announcements the bell shows. */
export const BELL_LATEST = 5;
/** Articles per help section at most (a section longer than this is not a help page any more). */
const HELP_MAX = 500;

// C0 and C1 controls (tab and line breaks too: a title is one line), line/paragraph separators, bidi overrides.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const INFORMATION_CATEGORY = new RegExp(INFORMATION_CATEGORY_PATTERN);

export interface SaveInput {
  /** Absent: a new article (a draft). */
  readonly id?: number | undefined;
  /** Required for a new article; for an existing one, if given, it must be the article's. */
  readonly kind?: string | undefined;
  /** undefined: keep (or none); null or '': none. */
  readonly category?: string | null | undefined;
  readonly slug?: string | null | undefined;
  readonly locale: string;
  readonly title: string;
  /** Empty or absent: made from the body's first paragraph. */
  readonly summary?: string | undefined;
  readonly body: string;
  /** The revision the edit was made over; absent: the current one (the CLI's last-write-wins). */
  readonly revision?: number | undefined;
  /** The operator. */
  readonly by: string;
}

/** An article's text checked and rendered, as stored. */
export function checkText(locale: string, title: string, summary: string | undefined, body: string): TextRecord {
  if (!isLocale(locale)) fail('content.locale.invalid', { locales: LOCALES.join(', ') });
  const t = title.trim();
  if (t.length === 0 || t.length > CONTENT_LIMITS.title || CONTROL.test(t)) fail('content.title.invalid', { max: CONTENT_LIMITS.title });
  const md = cleanMarkdown(body);
  if (md.length > CONTENT_LIMITS.body) fail('content.body.too.large', { max: CONTENT_LIMITS.body, length: md.length });
  if (md.trim().length === 0) fail('content.body.empty');
  const given = (summary ?? '').trim();
  if (given.length > CONTENT_LIMITS.summary || CONTROL.test(given)) fail('content.summary.invalid', { max: CONTENT_LIMITS.summary });
  return { locale, title: t, summary: given === '' ? summaryOf(md) : given, bodyMd: md, bodyHtml: renderMarkdown(md) };
}

const isKind = (k: string): k is ArticleKind => (ARTICLE_KINDS as readonly string[]).includes(k);
const isHelpCategory = (c: string): c is HelpCategory => (HELP_CATEGORIES as readonly string[]).includes(c);
const isPageSlug = (s: string): s is PageSlug => (PAGE_SLUGS as readonly string[]).includes(s);

/** Where an article of a kind goes: its category and slug, checked; throws the refusal. */
export function checkPlacement(kind: ArticleKind, category: string | null, slug: string | null): { category: string | null; slug: string | null } {
  switch (kind) {
    case 'announcement':
      if (category !== null) fail('content.category.invalid', { kind });
      if (slug !== null) fail('content.slug.invalid', { slugs: PAGE_SLUGS.join(', ') });
      return { category: null, slug: null };
    case 'help':
      if (category === null || !isHelpCategory(category)) fail('content.category.invalid', { kind, categories: HELP_CATEGORIES.join(', ') });
      if (slug !== null) fail('content.slug.invalid', { slugs: PAGE_SLUGS.join(', ') });
      return { category, slug: null };
    case 'information':
      if (category !== null && !INFORMATION_CATEGORY.test(category)) fail('content.category.invalid', { kind });
      if (slug !== null) fail('content.slug.invalid', { slugs: PAGE_SLUGS.join(', ') });
      return { category, slug: null };
    case 'page':
      if (category !== null) fail('content.category.invalid', { kind });
      if (slug === null || !isPageSlug(slug)) fail('content.slug.invalid', { slugs: PAGE_SLUGS.join(', ') });
      return { category: null, slug };
  }
}

const blankToNull = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** The text to show in `locale`: that language's when written, else English (else the first there is). */
function pick(texts: readonly TextRecord[] | undefined, locale: Locale): TextRecord | undefined {
  if (texts === undefined || texts.length === 0) return undefined;
  return texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === DEFAULT_LOCALE) ?? texts[0];
}

function listItem(a: ArticleRecord, text: TextRecord): ArticleListItem {
  return {
    id: a.id,
    kind: a.kind as ArticleKind,
    category: a.category,
    slug: a.slug,
    title: text.title,
    summary: text.summary,
    pinned: a.pinned,
    publishAt: a.publishAt ?? 0,
    locale: text.locale as Locale,
  };
}

function opsItem(a: ArticleRecord, texts: readonly TextRecord[], locales: readonly string[]): OpsArticleItem {
  return {
    id: a.id,
    kind: a.kind as ArticleKind,
    category: a.category,
    slug: a.slug,
    status: a.status as ArticleStatus,
    pinned: a.pinned,
    publishAt: a.publishAt,
    title: (texts.find((t) => t.locale === DEFAULT_LOCALE) ?? texts[0])?.title ?? '',
    locales: [...locales],
    revision: a.revision,
    updatedAt: a.updatedAt,
    updatedBy: a.updatedBy,
  };
}

export interface ContentDeps {
  readonly store: Store;
  readonly clock: Clock;
}

export function createContentService(deps: ContentDeps) {
  const { store, clock } = deps;

  async function article(id: number): Promise<ArticleRecord> {
    const a = await store.content.find(id);
    if (a === undefined) fail('content.not.found', { id });
    return a;
  }

  /** Public list items in `locale` (English where the language is not written). */
  async function items(rows: readonly ArticleRecord[], locale: Locale): Promise<ArticleListItem[]> {
    const texts = await store.content.textsOf(rows.map((r) => r.id), locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE]);
    return rows.flatMap((r) => {
      const t = pick(texts.get(r.id), locale);
      return t === undefined ? [] : [listItem(r, t)];
    });
  }

  async function view(a: ArticleRecord, locale: Locale): Promise<ArticleView> {
    const texts = await store.content.texts(a.id);
    const t = pick(texts, locale);
    if (t === undefined) fail('content.not.found', { id: a.id });
    return { ...listItem(a, t), html: t.bodyHtml, updatedAt: a.updatedAt, locales: texts.map((x) => x.locale as Locale) };
  }

  async function page(kind: ArticleKind, locale: Locale, p: { pageIndex: number; pageSize: number }): Promise<Page<ArticleListItem>> {
    const found = await store.content.publicPage({ kind, now: clock() }, (p.pageIndex - 1) * p.pageSize, p.pageSize);
    return { list: await items(found.rows, locale), total: found.total, pageIndex: p.pageIndex, pageSize: p.pageSize };
  }

  async function item(id: number): Promise<OpsArticleItem> {
    const a = await article(id);
    const texts = await store.content.texts(id);
    return opsItem(a, texts, texts.map((t) => t.locale));
  }

  async function detail(id: number): Promise<OpsArticleDetail> {
    const a = await article(id);
    const texts = await store.content.texts(id);
    return {
      ...opsItem(a, texts, texts.map((t) => t.locale)),
      texts: texts.map((t) => ({ locale: t.locale, title: t.title, summary: t.summary, markdown: t.bodyMd, html: t.bodyHtml })),
    };
  }

  /** The bell: the unread count, and the newest announcements by time (pinned or not) with their read flags. */
  async function unread(user: number, locale: Locale): Promise<UnreadView> {
    const now = clock();
    const count = await store.content.unreadCount(user, now);
    const newest = await store.content.latestPublic({ kind: 'announcement', now }, BELL_LATEST);
    const read = await store.content.readIds(user, newest.map((r) => r.id));
    const mark = await store.content.readMark(user);
    const list = await items(newest, locale);
    return { count, latest: list.map((i) => ({ ...i, read: read.has(i.id) || (mark !== null && i.publishAt <= mark) })) };
  }

  return Object.freeze({
    item,
    detail,

    // ---- the editor's side (operator commands) ----

    async save(input: SaveInput): Promise<OpsArticleDetail> {
      const text = checkText(input.locale, input.title, input.summary, input.body);
      const now = clock();
      const category = blankToNull(input.category);
      const slug = blankToNull(input.slug);
      if (input.kind !== undefined && !isKind(input.kind)) fail('content.kind.invalid', { kinds: ARTICLE_KINDS.join(', ') });
      let id: number;
      try {
        if (input.id === undefined) {
          if (input.kind === undefined) fail('content.kind.invalid', { kinds: ARTICLE_KINDS.join(', ') });
          if (text.locale !== DEFAULT_LOCALE) fail('content.english.required');
          const place = checkPlacement(input.kind, category ?? null, slug ?? null);
          if (place.slug !== null && (await store.content.findPage(place.slug)) !== undefined) fail('content.slug.taken', { slug: place.slug });
          id = await store.transaction((tx) =>
            tx.content.create({ kind: input.kind!, ...place, status: 'draft', pinned: false, publishAt: null, seedKey: null, at: now, by: input.by }, [text]),
          );
        } else {
          const a = await article(input.id);
          if (input.kind !== undefined && input.kind !== a.kind) fail('content.kind.fixed', { kind: a.kind });
          const place = checkPlacement(a.kind as ArticleKind, category === undefined ? a.category : category, slug === undefined ? a.slug : slug);
          if (place.slug !== null && place.slug !== a.slug) {
            const other = await store.content.findPage(place.slug);
            if (other !== undefined && other.id !== a.id) fail('content.slug.taken', { slug: place.slug });
          }
          const revision = input.revision ?? a.revision;
          if (revision !== a.revision) fail('content.revision.stale', { revision, current: a.revision });
          const saved = await store.transaction((tx) => tx.content.edit(a.id, revision, place, text, now, input.by));
          if (!saved) {
            const again = await store.content.find(a.id);
            if (again === undefined) fail('content.not.found', { id: a.id });
            fail('content.revision.stale', { revision, current: again.revision });
          }
          id = a.id;
        }
      } catch (error) {
        // Two saves of the same page at once: the unique index takes one.
        if (isUniqueViolation(error)) fail('content.slug.taken', { slug: slug ?? '' });
        throw error;
      }
      return detail(id);
    },

    /** Publishes now, or schedules for `at` (Unix ms); a published article is rescheduled. */
    async publish(id: number, at: number | undefined, by: string): Promise<OpsArticleItem> {
      const a = await article(id);
      const now = clock();
      if (at !== undefined && (!Number.isSafeInteger(at) || at < now - PUBLISH_PAST_GRACE_MS || at > now + PUBLISH_MAX_AHEAD_MS)) {
        fail('content.publish.time.invalid', { days: PUBLISH_MAX_AHEAD_MS / DAY_MS });
      }
      const when = at === undefined || at < now ? now : at;
      if (!(await store.content.setState(a.id, { status: 'published', publishAt: when }, now, by))) fail('content.not.found', { id });
      pokeNotices(store);
      return item(id);
    },

    async unpublish(id: number, by: string): Promise<OpsArticleItem> {
      const a = await article(id);
      if (a.status !== 'published') fail('content.not.published', { id, status: a.status });
      if (!(await store.content.setState(a.id, { status: 'unpublished' }, clock(), by))) fail('content.not.found', { id });
      pokeNotices(store);
      return item(id);
    },

    async pin(id: number, pinned: boolean, by: string): Promise<OpsArticleItem> {
      const a = await article(id);
      if (!(await store.content.setState(a.id, { pinned }, clock(), by))) fail('content.not.found', { id });
      return item(id);
    },

    /** Deletes a draft (a published or unpublished article stays, as the record of what was shown). */
    async remove(id: number): Promise<OpsArticleItem> {
      const a = await article(id);
      if (a.status !== 'draft') fail('content.not.draft', { id, status: a.status });
      const before = await item(id);
      if (!(await store.transaction((tx) => tx.content.deleteDraft(a.id)))) fail('content.not.draft', { id, status: a.status });
      return before;
    },

    /** Every article for the console (drafts too), newest edit first. */
    async list(filter: { kind?: string | undefined; status?: string | undefined }): Promise<OpsArticleItem[]> {
      if (filter.kind !== undefined && !isKind(filter.kind)) fail('content.kind.invalid', { kinds: ARTICLE_KINDS.join(', ') });
      if (filter.status !== undefined && !(ARTICLE_STATUSES as readonly string[]).includes(filter.status)) fail('request.invalid');
      const rows = await store.content.list({ kind: filter.kind, status: filter.status, limit: CONSOLE_LIST_MAX });
      const ids = rows.map((r) => r.id);
      const texts = await store.content.textsOf(ids, LOCALES);
      return rows.map((r) => {
        const t = texts.get(r.id) ?? [];
        return opsItem(r, t, t.map((x) => x.locale).sort());
      });
    },

    // ---- the public side ----

    notices: (locale: Locale, p: { pageIndex: number; pageSize: number }) => page('announcement', locale, p),
    information: (locale: Locale, p: { pageIndex: number; pageSize: number }) => page('information', locale, p),

    async article(id: number, locale: Locale): Promise<ArticleView> {
      const a = await store.content.findPublic(id, clock());
      if (a === undefined) fail('content.not.found', { id });
      return view(a, locale);
    },

    async page(slug: string, locale: Locale): Promise<ArticleView> {
      const a = isPageSlug(slug) ? await store.content.findPublicPage(slug, clock()) : undefined;
      if (a === undefined) fail('content.not.found', { slug });
      return view(a, locale);
    },

    async help(locale: Locale): Promise<HelpCentreView> {
      const found = await store.content.publicPage({ kind: 'help', now: clock() }, 0, HELP_MAX * HELP_CATEGORIES.length);
      const list = await items(found.rows, locale);
      return { categories: HELP_CATEGORIES.map((key) => ({ key, articles: list.filter((i) => i.category === key) })) };
    },

    async unread(user: number, locale: Locale): Promise<UnreadView> {
      return unread(user, locale);
    },

    /** Marks one public announcement read (`id`), or all read up to now; the bell afterwards. */
    async markRead(user: number, id: number | undefined, locale: Locale): Promise<UnreadView> {
      const now = clock();
      if (id === undefined) await store.content.markAllRead(user, now);
      else {
        const a = await store.content.findPublic(id, now);
        if (a === undefined || a.kind !== 'announcement') fail('content.not.found', { id });
        await store.content.markRead(user, a.id, now);
      }
      return unread(user, locale);
    },
  });
}

export type ContentService = ReturnType<typeof createContentService>;

// ---- the demo's first-start articles ----

/** One demo article (server/content/demo/index.ts DEMO_ARTICLES has this shape). */
export interface SeedArticle {
  /** Names the article, so seeding twice adds nothing. */
  readonly seedKey: string;
  readonly kind: ArticleKind;
  readonly category?: string | undefined;
  readonly slug?: PageSlug | string | undefined;
  readonly pinned?: boolean | undefined;
  /** Published this many days before now (default 0). */
  readonly ageDays?: number | undefined;
  /** English required; the other languages as written. */
  readonly texts: Partial<Readonly<Record<Locale, { readonly title: string; readonly summary: string; readonly markdown: string }>>>;
}

/**
 * Inserts the demo's articles as published, once each (by seed key): call it at every start (an article added to
 * the demo later arrives then; one already there stays as an operator may have edited, unpublished or pinned it).
 * A page whose slug an operator already wrote is left alone. Each article is checked like an editor's save (a demo text that breaks a
 * rule throws, naming it). Returns how many were inserted.
 */
export async function seedDemoContent(store: Store, clock: Clock, articles: readonly SeedArticle[]): Promise<number> {
  let inserted = 0;
  const now = clock();
  for (const a of articles) {
    if ((await store.content.findBySeedKey(a.seedKey)) !== undefined) continue;
    let texts: TextRecord[];
    let place: { category: string | null; slug: string | null };
    try {
      const en = a.texts[DEFAULT_LOCALE];
      if (en === undefined) fail('content.english.required');
      texts = LOCALES.flatMap((l) => {
        const t = a.texts[l];
        return t === undefined ? [] : [checkText(l, t.title, t.summary, t.markdown)];
      });
      place = checkPlacement(a.kind, a.category ?? null, a.slug ?? null);
    } catch (error) {
      throw new Error(`demo article ${a.seedKey}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (place.slug !== null && (await store.content.findPage(place.slug)) !== undefined) continue;
    const publishAt = now - Math.max(0, a.ageDays ?? 0) * DAY_MS;
    try {
      await store.transaction((tx) =>
        tx.content.create({ kind: a.kind, ...place, status: 'published', pinned: a.pinned === true, publishAt, seedKey: a.seedKey, at: publishAt, by: 'demo' }, texts),
      );
      inserted++;
    } catch (error) {
      // Another process seeded the same key (or page) meanwhile.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (inserted > 0) pokeNotices(store);
  return inserted;
}
