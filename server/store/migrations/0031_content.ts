// Issue 25: published content and the feedback inbox (server/content/, store/content.ts, store/feedback.ts).
// - `content_articles`: one row per announcement, help article, information article or page (about, white paper,
//   the legal pages, the download page). `kind` announcement | help | information | page; `category` the help
//   centre's section or the information list's; `slug` names a page (unique among pages). `status` draft |
//   published | unpublished; a published article is public from `publish_at` (a later time: scheduled). `pinned`
//   0/1 puts it first. `revision` counts edits (an editor saving over someone else's newer edit is refused).
//   `seed_key` names the demo's first-start articles, so seeding twice adds nothing.
// - `content_texts`: the article in each language written (English is the fallback): the operator's Markdown and
//   the server's sanitized HTML of it, made once on save (the only HTML a page ever shows).
// - `content_reads`: which announcements a user has opened; `content_read_marks`: "all read up to" per user.
// - `feedback`: a user's message (topic, body, contact, the optional screenshot's upload id) and the operator's
//   reply; `feedback_uploads`: screenshots, re-encoded like the identity photos (files under DATA_DIR/feedback/).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function content(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('content_articles'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('slug', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('publish_at', 'bigint')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('seed_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index content_articles_page on content_articles (slug) where kind = 'page'`.execute(db);
      await sql`create index content_articles_public on content_articles (kind, status, publish_at)`.execute(db);

      await db.schema
        .createTable('content_texts')
        .addColumn('article_id', 'bigint', (c) => c.notNull().references('content_articles.id'))
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('body_md', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_texts_pk', ['article_id', 'locale'])
        .execute();

      await db.schema
        .createTable('content_reads')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('article_id', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_reads_pk', ['user_id', 'article_id'])
        .execute();
      await db.schema
        .createTable('content_read_marks')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('read_until', 'bigint', (c) => c.notNull())
        .execute();

      await withAutoId(dialect, db.schema.createTable('feedback'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('client_id', 'text')
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('contact', 'text')
        .addColumn('screenshot', 'text')
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reply', 'text')
        .addColumn('replied_at', 'bigint')
        .addColumn('replied_by', 'text')
        .execute();
      await sql`create index feedback_user on feedback (user_id, id)`.execute(db);
      await sql`create index feedback_status on feedback (status, id)`.execute(db);
      await sql`create unique index feedback_client_id on feedback (user_id, client_id) where client_id is not null`.execute(db);

      await withAutoId(dialect, db.schema.createTable('feedback_uploads'))
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('feedback_id', 'bigint')
        .execute();
      await sql`create index feedback_uploads_user on feedback_uploads (user_id, id)`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['feedback_uploads', 'feedback', 'content_read_marks', 'content_reads', 'content_texts', 'content_articles']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
