// Issue 25: published content in the store (migration 0031_content): articles, their text per language, and which
// announcements each user has read. The rules (what may be saved, published, deleted) are content/service.ts's; this
// file reads and writes rows, and makes the writes that must agree conditional: an edit only over the revision the
// editor read, a delete only of a draft, a read mark that never moves back.
import { sql, type Generated, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

interface ArticlesTable {
  id: Generated<number>;
  kind: string;
  category: string | null;
  slug: string | null;
  status: string;
  pinned: number;
  publish_at: number | null;
  revision: number;
  seed_key: string | null;
  created_at: number;
  created_by: string;
  updated_at: number;
  updated_by: string;
}

interface ContentDb {
  content_articles: ArticlesTable;
  content_texts: Database['content_texts'];
  content_reads: Database['content_reads'];
  content_read_marks: Database['content_read_marks'];
}

export interface ArticleRecord {
  readonly id: number;
  readonly kind: string;
  readonly category: string | null;
  readonly slug: string | null;
  readonly status: string;
  readonly pinned: boolean;
  readonly publishAt: number | null;
  readonly revision: number;
  readonly seedKey: string | null;
  readonly createdAt: number;
  readonly createdBy: string;
  readonly updatedAt: number;
  readonly updatedBy: string;
}

export interface TextRecord {
  readonly locale: string;
  readonly title: string;
  readonly summary: string;
  readonly bodyMd: string;
  readonly bodyHtml: string;
}

export interface NewArticle {
  readonly kind: string;
  readonly category: string | null;
  readonly slug: string | null;
  readonly status: string;
  readonly pinned: boolean;
  readonly publishAt: number | null;
  readonly seedKey: string | null;
  readonly at: number;
  readonly by: string;
}

/** What the public lists select: one kind (and category), published and public at `now`. */
export interface PublicFilter {
  readonly kind: string;
  readonly category?: string | undefined;
  readonly now: number;
}

type ArticleRow = Omit<ArticlesTable, 'id'> & { id: number };

const record = (r: ArticleRow): ArticleRecord => ({
  id: Number(r.id),
  kind: r.kind,
  category: r.category,
  slug: r.slug,
  status: r.status,
  pinned: Number(r.pinned) !== 0,
  publishAt: r.publish_at === null ? null : Number(r.publish_at),
  revision: Number(r.revision),
  seedKey: r.seed_key,
  createdAt: Number(r.created_at),
  createdBy: r.created_by,
  updatedAt: Number(r.updated_at),
  updatedBy: r.updated_by,
});

const textRecord = (r: Database['content_texts']): TextRecord => ({ locale: r.locale, title: r.title, summary: r.summary, bodyMd: r.body_md, bodyHtml: r.body_html });

export function createContentRepo(store: Kysely<Database>) {
  // The Database type lists content_articles.id as a plain number; inserts leave it to the database.
  const db = store as unknown as Kysely<ContentDb>;

  /** Published articles of one kind (and category) whose time has come. */
  const publicArticles = (f: PublicFilter) => {
    let q = db.selectFrom('content_articles').where('kind', '=', f.kind).where('status', '=', 'published').where('publish_at', '<=', f.now);
    if (f.category !== undefined) q = q.where('category', '=', f.category);
    return q;
  };

  async function writeText(articleId: number, t: TextRecord): Promise<void> {
    await db
      .insertInto('content_texts')
      .values({ article_id: articleId, locale: t.locale, title: t.title, summary: t.summary, body_md: t.bodyMd, body_html: t.bodyHtml })
      .onConflict((oc) => oc.columns(['article_id', 'locale']).doUpdateSet({ title: t.title, summary: t.summary, body_md: t.bodyMd, body_html: t.bodyHtml }))
      .execute();
  }

  return Object.freeze({
    /** A new article with its first texts; its id. Run inside a transaction with anything that must agree. */
    async create(a: NewArticle, texts: readonly TextRecord[]): Promise<number> {
      const row = await db
        .insertInto('content_articles')
        .values({
          kind: a.kind, category: a.category, slug: a.slug, status: a.status, pinned: a.pinned ? 1 : 0, publish_at: a.publishAt, revision: 1,
          seed_key: a.seedKey, created_at: a.at, created_by: a.by, updated_at: a.at, updated_by: a.by,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      for (const t of texts) await writeText(id, t);
      return id;
    },

    /**
     * An editor's save over revision `revision`: the article's fields and one language's text, the revision one up.
     * False when the article is gone or someone saved after that revision (nothing is written then).
     */
    async edit(id: number, revision: number, fields: { category: string | null; slug: string | null }, text: TextRecord, at: number, by: string): Promise<boolean> {
      const r = await db
        .updateTable('content_articles')
        .set({ category: fields.category, slug: fields.slug, revision: revision + 1, updated_at: at, updated_by: by })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await writeText(id, text);
      return true;
    },

    /** Status, publish time and pin (the ones given); false when the article is gone. */
    async setState(id: number, state: { status?: string; publishAt?: number | null; pinned?: boolean }, at: number, by: string): Promise<boolean> {
      const r = await db
        .updateTable('content_articles')
        .set({
          ...(state.status === undefined ? {} : { status: state.status }),
          ...(state.publishAt === undefined ? {} : { publish_at: state.publishAt }),
          ...(state.pinned === undefined ? {} : { pinned: state.pinned ? 1 : 0 }),
          updated_at: at,
          updated_by: by,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Deletes a draft with its texts and reads; false when it is not (or no longer) a draft. */
    async deleteDraft(id: number): Promise<boolean> {
      const found = await db.selectFrom('content_articles').select('status').where('id', '=', id).executeTakeFirst();
      if (found?.status !== 'draft') return false;
      await db.deleteFrom('content_texts').where('article_id', '=', id).execute();
      await db.deleteFrom('content_reads').where('article_id', '=', id).execute();
      const r = await db.deleteFrom('content_articles').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    async find(id: number): Promise<ArticleRecord | undefined> {
      const r = await db.selectFrom('content_articles').selectAll().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },
    async findBySeedKey(key: string): Promise<ArticleRecord | undefined> {
      const r = await db.selectFrom('content_articles').selectAll().where('seed_key', '=', key).executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },
    /** The page article of a slug, whatever its status (one per slug). */
    async findPage(slug: string): Promise<ArticleRecord | undefined> {
      const r = await db.selectFrom('content_articles').selectAll().where('kind', '=', 'page').where('slug', '=', slug).executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },

    /** Every article (the console's list), newest edit first, of a kind and a status when given; at most `limit`. */
    async list(filter: { kind?: string | undefined; status?: string | undefined; limit: number }): Promise<ArticleRecord[]> {
      let q = db.selectFrom('content_articles').selectAll();
      if (filter.kind !== undefined) q = q.where('kind', '=', filter.kind);
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      const rows = await q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(record);
    },

    /** A page of public articles: pinned first, then the newest publish time. */
    async publicPage(f: PublicFilter, offset: number, limit: number): Promise<{ rows: ArticleRecord[]; total: number }> {
      const counted = await publicArticles(f).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = await publicArticles(f).selectAll().orderBy('pinned', 'desc').orderBy('publish_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
      return { rows: rows.map(record), total: Number(counted.n) };
    },

    /** The newest public articles of a kind by publish time alone (pinned or not): the bell's list. */
    async latestPublic(f: PublicFilter, limit: number): Promise<ArticleRecord[]> {
      const rows = await publicArticles(f).selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(record);
    },

    /** The public article of an id, or undefined (a draft, unpublished, scheduled later, or none). */
    async findPublic(id: number, now: number): Promise<ArticleRecord | undefined> {
      const r = await db
        .selectFrom('content_articles')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'published')
        .where('publish_at', '<=', now)
        .executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },

    /** The public page of a slug, or undefined. */
    async findPublicPage(slug: string, now: number): Promise<ArticleRecord | undefined> {
      const r = await publicArticles({ kind: 'page', now }).selectAll().where('slug', '=', slug).executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },

    /** The announcements public at `now` (id and time): what the bell's watcher compares. */
    async publicAnnouncements(now: number): Promise<Array<{ id: number; publishAt: number }>> {
      const rows = await publicArticles({ kind: 'announcement', now }).select(['id', 'publish_at']).execute();
      return rows.map((r) => ({ id: Number(r.id), publishAt: Number(r.publish_at) }));
    },

    /** The texts of an article, every language. */
    async texts(id: number): Promise<TextRecord[]> {
      const rows = await db.selectFrom('content_texts').selectAll().where('article_id', '=', id).orderBy('locale').execute();
      return rows.map(textRecord);
    },
    /** The texts of several articles in some languages (a list's titles), by article id. */
    async textsOf(ids: readonly number[], locales: readonly string[]): Promise<Map<number, TextRecord[]>> {
      const out = new Map<number, TextRecord[]>();
      if (ids.length === 0 || locales.length === 0) return out;
      const rows = await db
        .selectFrom('content_texts')
        .select(['article_id', 'locale', 'title', 'summary', sql<string>`''`.as('body_md'), sql<string>`''`.as('body_html')])
        .where('article_id', 'in', [...ids])
        .where('locale', 'in', [...locales])
        .execute();
      for (const r of rows) {
        const id = Number(r.article_id);
        let list = out.get(id);
        if (list === undefined) out.set(id, (list = []));
        list.push(textRecord(r));
      }
      return out;
    },
    /** The languages each article is written in. */
    async localesOf(ids: readonly number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (ids.length === 0) return out;
      const rows = await db.selectFrom('content_texts').select(['article_id', 'locale']).where('article_id', 'in', [...ids]).orderBy('locale').execute();
      for (const r of rows) {
        const id = Number(r.article_id);
        let list = out.get(id);
        if (list === undefined) out.set(id, (list = []));
        list.push(r.locale);
      }
      return out;
    },

    // ---- the bell: which announcements a user has read ----

    /** Marks one article read (once; a second time changes nothing). */
    async markRead(user: number, articleId: number, at: number): Promise<void> {
      await db
        .insertInto('content_reads')
        .values({ user_id: user, article_id: articleId, read_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
        .execute();
    },
    /** Everything published up to `until` counts read; the mark never moves back. */
    async markAllRead(user: number, until: number): Promise<void> {
      await db
        .insertInto('content_read_marks')
        .values({ user_id: user, read_until: until })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            read_until: sql<number>`case when excluded.read_until > content_read_marks.read_until then excluded.read_until else content_read_marks.read_until end`,
          }),
        )
        .execute();
    },
    async readMark(user: number): Promise<number | null> {
      const r = await db.selectFrom('content_read_marks').select('read_until').where('user_id', '=', user).executeTakeFirst();
      return r === undefined ? null : Number(r.read_until);
    },
    /** Which of `ids` the user opened. */
    async readIds(user: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('content_reads').select('article_id').where('user_id', '=', user).where('article_id', 'in', [...ids]).execute();
      return new Set(rows.map((r) => Number(r.article_id)));
    },
    /** Public announcements the user has neither opened nor passed with a "mark all read". */
    async unreadCount(user: number, now: number): Promise<number> {
      const mark = await db.selectFrom('content_read_marks').select('read_until').where('user_id', '=', user).executeTakeFirst();
      let q = publicArticles({ kind: 'announcement', now }).where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('content_reads').select('content_reads.article_id').where('content_reads.user_id', '=', user).whereRef('content_reads.article_id', '=', 'content_articles.id'))),
      );
      if (mark !== undefined) q = q.where('publish_at', '>', Number(mark.read_until));
      const r = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  });
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
