// The console's reads of the content area (contract/ops.ts OPS_PATHS.content*, feedback*): the article list (drafts
// too), one article with every language's Markdown and HTML, a preview of Markdown as the server would store it, the
// feedback inbox, and a message's screenshot. Changes are commands of the catalogue (POST OPS_PATHS.command:
// `content save`, `content publish`, `feedback reply`, …), never these routes. Each route is guarded by the
// capability it needs (content.edit, feedback.reply); refusals are the app's catalogue codes (the console's error
// handler answers an AppError as the public app does).
import { sendJpeg } from '../gateway/jpeg.ts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Page } from '../contract/api.ts';
import { ARTICLE_KINDS, ARTICLE_STATUSES, CONTENT_LIMITS } from '../contract/content.ts';
import { OPS_PATHS, type OpsFeedbackItem } from '../contract/ops.ts';
import { operatorScreenshot, opsFeedbackItem } from '../content/feedback.ts';
import { cleanMarkdown, renderMarkdown } from '../content/markdown.ts';
import { createContentService } from '../content/service.ts';
import { PAGE_SIZES } from '../desks/records.ts';
import { fail } from '../errors.ts';
import { createEnvelopes } from '../gateway/envelope.ts';
import { parser } from '../gateway/validate.ts';
import type { OpsRouteDeps } from './context.ts';

const closed = { additionalProperties: false } as const;
const Digits = Type.String({ pattern: '^[0-9]{1,16}$' });
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

const ListQuery = Type.Object({ kind: Type.Optional(literals(ARTICLE_KINDS)), status: Type.Optional(literals(ARTICLE_STATUSES)) }, closed);
const IdQuery = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) }, closed);
const PreviewBody = Type.Object({ markdown: Type.String({ maxLength: CONTENT_LIMITS.body }) }, closed);
const InboxQuery = Type.Object(
  { status: Type.Optional(literals(['open', 'replied', 'closed', 'all'])), pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) },
  closed,
);
const ScreenshotQuery = Type.Object({ id: Type.String({ maxLength: 64 }) }, closed);

const parseList = parser(ListQuery);
const parseId = parser(IdQuery);
const parsePreview = parser(PreviewBody);
const parseInbox = parser(InboxQuery);
const parseScreenshot = parser(ScreenshotQuery);

export async function opsContentRoutes(app: FastifyInstance, deps: OpsRouteDeps): Promise<void> {
  const { store, clock } = deps;
  const envelopes = createEnvelopes(deps.messages);
  const content = createContentService({ store, clock });

  app.get(OPS_PATHS.contentList, { preHandler: deps.guard('content.edit') }, async (request) => {
    const q = parseList(request.query ?? {});
    return envelopes.success(request, await content.list({ kind: q.kind, status: q.status }));
  });

  app.get(OPS_PATHS.contentArticle, { preHandler: deps.guard('content.edit') }, async (request) => {
    const { id } = parseId(request.query ?? {});
    return envelopes.success(request, await content.detail(Number(id)));
  });

  app.post(OPS_PATHS.contentPreview, { preHandler: deps.guard('content.edit') }, async (request) => {
    const { markdown } = parsePreview(request.body);
    const md = cleanMarkdown(markdown);
    if (md.length > CONTENT_LIMITS.body) fail('content.body.too.large', { max: CONTENT_LIMITS.body, length: md.length });
    return envelopes.success(request, { html: renderMarkdown(md) });
  });

  app.get(OPS_PATHS.feedback, { preHandler: deps.guard('feedback.reply') }, async (request) => {
    const q = parseInbox(request.query ?? {});
    const pageIndex = q.pageIndex === undefined ? 1 : Number(q.pageIndex);
    const pageSize = q.pageSize === undefined ? 20 : Number(q.pageSize);
    if (!Number.isSafeInteger(pageIndex) || pageIndex < 1 || pageIndex > 1_000_000) fail('validate.page.invalid');
    if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) fail('page.size.invalid');
    const status = q.status === undefined || q.status === 'all' ? undefined : q.status;
    const found = await store.feedback.inbox(status, (pageIndex - 1) * pageSize, pageSize);
    const page: Page<OpsFeedbackItem> = { list: found.rows.map(opsFeedbackItem), total: found.total, pageIndex, pageSize };
    return envelopes.success(request, page);
  });

  app.get(OPS_PATHS.feedbackScreenshot, { preHandler: deps.guard('feedback.reply') }, async (request, reply) => {
    const { id } = parseScreenshot(request.query ?? {});
    const bytes = await operatorScreenshot(store, id);
    return sendJpeg(reply, bytes, 'screenshot.jpg');
  });
}
