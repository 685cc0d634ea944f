// The operator commands of published content (issue 25; rules in content/service.ts). The console and the CLI run
// them through the one executor (commands.ts), which audits every change with its operator and reason, before and
// after it runs, and answers a repeated request id from its audit row instead of acting twice.
//
// - `content list` / `content view` read (drafts too; view shows every language's Markdown);
// - `content save` writes one language's text of an article: without --id a new draft (its English text first),
//   with --id an edit over --revision (the one the editor read; left out, the current one). The body is --body TEXT,
//   or --file PATH, which the CLI reads (UTF-8) and sends as the body;
// - `content publish` (now, or --at a later time: scheduled), `unpublish`, `pin`, `unpin`, and `delete` (drafts only).
// A refusal of the rules answers its message (the server catalogue's English text) and changes nothing.
import { ARTICLE_KINDS, ARTICLE_STATUSES, HELP_CATEGORIES, PAGE_SLUGS } from '../contract/content.ts';
import type { OpsArticleDetail, OpsArticleItem } from '../contract/ops.ts';
import { createContentService } from '../content/service.ts';
import { AppError } from '../errors.ts';
import type { AdminContext, AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const CONTENT_USAGE = `  content list [--kind K] [--status draft|published|unpublished]
                                                                 articles, newest edit first (K: ${ARTICLE_KINDS.join(', ')})
  content view --id N                                            one article: state and every language's title, summary, Markdown
  content save [--id N] --kind K [--category C] [--slug S] --locale L --title T [--summary S] (--body TEXT | --file PATH)
               [--revision R] --reason R                         write one language of an article (Markdown); without --id a new
                                                                 draft in English (en); help needs --category (${HELP_CATEGORIES.join(', ')}),
                                                                 a page --slug (${PAGE_SLUGS.join(', ')}); --revision: the one you edited
  content publish --id N [--at ISO-TIME] --reason R              publish now, or at a later time (scheduled: 2026-05-01T08:00:00Z)
  content unpublish|pin|unpin --id N --reason R                  take down; put first in its list, or not
  content delete --id N --reason R                               delete a draft (published ones can only be taken down)`;

export function isContentCommand(command: ChannelCommand): boolean {
  return command.startsWith('content ');
}

const WHOLE = /^[1-9]\d{0,14}$/;
// An ISO time with its zone (Z or ±hh:mm), or Unix milliseconds.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));

/** The time of --at, or a usage error. */
export function parseAt(text: string, usage: (m: string) => Error): number {
  const ms = /^\d{13}$/.test(text) ? Number(text) : ISO_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isSafeInteger(ms)) throw usage(`--at must be an ISO time with its zone (2026-05-01T08:00:00Z) or Unix milliseconds, not ${text}`);
  return ms;
}

const itemLine = (a: OpsArticleItem) =>
  `  #${String(a.id).padEnd(5)} ${a.kind.padEnd(12)} ${a.status.padEnd(11)} ${a.pinned ? 'pinned ' : '       '}` +
  `${(a.category ?? a.slug ?? '').padEnd(16)} ${a.status === 'draft' ? ''.padEnd(20) : iso(a.publishAt).padEnd(20)} rev ${String(a.revision).padEnd(4)} ` +
  `[${a.locales.join(' ')}] ${JSON.stringify(a.title)}  (${a.updatedBy}, ${iso(a.updatedAt)})`;

const state = (a: OpsArticleItem, now: number) =>
  a.status !== 'published' ? a.status : (a.publishAt ?? 0) > now ? `scheduled for ${iso(a.publishAt)}` : `published since ${iso(a.publishAt)}`;

function detailText(d: OpsArticleDetail, now: number): string {
  const head = [
    `#${d.id} ${d.kind}${d.category ? ` (${d.category})` : ''}${d.slug ? ` /${d.slug}` : ''}: ${state(d, now)}${d.pinned ? ', pinned' : ''}`,
    `revision ${d.revision}, last saved by ${d.updatedBy} at ${iso(d.updatedAt)}`,
  ];
  for (const t of d.texts) {
    head.push('', `[${t.locale}] ${t.title}`, `summary: ${t.summary}`, `markdown (${t.markdown.length} characters):`, t.markdown);
  }
  return head.join('\n');
}

/** Runs `work`, turning a rule's refusal into the operator's message (the catalogue's English text). */
export async function ruled<T>(ctx: AdminContext, failed: (m: string) => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw failed(ctx.messages.t('en', error.code, error.data ?? undefined));
    throw error;
  }
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planContent(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const args = req.args;
  const articleId = (): number => {
    if (args.id === undefined) throw usage('--id N is required (the article, from content list)');
    if (!WHOLE.test(args.id)) throw usage(`--id must be an article number, not ${args.id}`);
    return Number(args.id);
  };
  const service = (ctx: AdminContext) => createContentService({ store: ctx.store, clock: ctx.clock });
  switch (req.command as string) {
    case 'content list': {
      if (args.kind !== undefined && !(ARTICLE_KINDS as readonly string[]).includes(args.kind)) throw usage(`--kind must be one of ${ARTICLE_KINDS.join(', ')}`);
      if (args.status !== undefined && !(ARTICLE_STATUSES as readonly string[]).includes(args.status)) throw usage(`--status must be one of ${ARTICLE_STATUSES.join(', ')}`);
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const list = await service(ctx).list({ kind: args.kind, status: args.status });
          return { data: list, text: list.length === 0 ? 'no articles' : [`${list.length} article(s)`, ...list.map(itemLine)].join('\n') };
        });
    }
    case 'content view': {
      const id = articleId();
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const d = await service(ctx).detail(id);
          return { data: d, text: detailText(d, ctx.clock()) };
        });
    }
    case 'content save': {
      const id = args.id === undefined ? undefined : articleId();
      if (id === undefined && args.kind === undefined) throw usage(`--kind is required for a new article (${ARTICLE_KINDS.join(', ')})`);
      if (args.kind !== undefined && !(ARTICLE_KINDS as readonly string[]).includes(args.kind)) throw usage(`--kind must be one of ${ARTICLE_KINDS.join(', ')}`);
      if (args.locale === undefined) throw usage('--locale is required (en, zh-CN, zh-TW, ja, th, ko, es, it, pt)');
      if (args.title === undefined) throw usage('--title is required');
      if (args.body === undefined) throw usage('--body TEXT or --file PATH is required (the Markdown)');
      if (args.revision !== undefined && !/^[1-9]\d{0,9}$/.test(args.revision)) throw usage(`--revision must be a revision number, not ${args.revision}`);
      const input = {
        id, kind: args.kind, category: args.category, slug: args.slug, locale: args.locale, title: args.title, summary: args.summary, body: args.body,
        revision: args.revision === undefined ? undefined : Number(args.revision), by: req.operator,
      };
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const d = await service(ctx).save(input);
          const text = d.texts.find((t) => t.locale === input.locale);
          return {
            data: { ...d, texts: text === undefined ? [] : [text] },
            text: `${id === undefined ? 'created draft' : 'saved'} #${d.id} [${input.locale}] ${JSON.stringify(text?.title ?? '')}: ${state(d, ctx.clock())}, revision ${d.revision}, languages ${d.locales.join(' ')}`,
          };
        });
    }
    case 'content publish': {
      const id = articleId();
      const at = args.at === undefined ? undefined : parseAt(args.at, usage);
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const a = await service(ctx).publish(id, at, req.operator);
          return { data: a, text: `#${a.id} ${state(a, ctx.clock())}: ${JSON.stringify(a.title)}` };
        });
    }
    case 'content unpublish':
    case 'content pin':
    case 'content unpin':
    case 'content delete': {
      const id = articleId();
      const verb = req.command.slice('content '.length);
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const s = service(ctx);
          const a =
            verb === 'unpublish' ? await s.unpublish(id, req.operator) : verb === 'delete' ? await s.remove(id) : await s.pin(id, verb === 'pin', req.operator);
          const done = verb === 'unpublish' ? 'taken down' : verb === 'delete' ? 'deleted' : verb === 'pin' ? 'pinned' : 'unpinned';
          return { data: a, text: `#${a.id} ${done}: ${JSON.stringify(a.title)}` };
        });
    }
    default:
      throw usage(`unknown command ${req.command}`);
  }
}
