// /app/content/*: the published pages (contract/content.ts CONTENT_PATHS): announcements, an article, the fixed
// pages, the help centre, information articles, and the bell (unread count, mark read). What is public is what is
// published with its time come (content/service.ts compares with the clock, so a scheduled article shows from its
// time on); texts in the request's language, else English. Validated at the edge (TypeBox); refusals in the user's
// language. The bell's live events come on the `notices` topic of /ws (content/notices.ts, ws-hub.ts): the watcher
// is made here, with the app, and stopped when the app closes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CONTENT_PATHS, PAGE_SLUGS } from '../../contract/content.ts';
import { closeNotices, contentNotices } from '../../content/notices.ts';
import { createContentService } from '../../content/service.ts';
import { DEFAULT_PAGE_SIZE } from '../../desks/index.ts';
import { fail } from '../../errors.ts';
import type { UserRow } from '../../store/users.ts';
import { requestContext, requestLocale } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';
import { paging } from './spot/paging.ts';

const ID_PATTERN = '^[1-9][0-9]{0,14}$';
const IdText = Type.String({ pattern: ID_PATTERN });
const BodyId = Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), IdText]);
const Digits = Type.String({ pattern: '^[0-9]{1,16}$' });
const closed = { additionalProperties: false } as const;

const PageQuery = Type.Object({ pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) }, closed);
const IdQuery = Type.Object({ id: IdText }, closed);
const SlugQuery = Type.Object({ slug: Type.Union(PAGE_SLUGS.map((s) => Type.Literal(s))) }, closed);
const EmptyQuery = Type.Object({}, closed);
const ReadBody = Type.Object({ id: Type.Optional(BodyId) }, closed);

const parsePage = parser(PageQuery);
const parseId = parser(IdQuery);
const parseSlug = parser(SlugQuery);
const parseEmpty = parser(EmptyQuery);
const parseRead = parser(ReadBody);

/** pageIndex from 1 and a pageSize of PAGE_SIZES (as the other lists). */
export function pageOf(q: { pageIndex?: string | undefined; pageSize?: string | undefined }): { pageIndex: number; pageSize: number } {
  const p = paging({ pageIndex: q.pageIndex === undefined ? undefined : Number(q.pageIndex), pageSize: q.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(q.pageSize) });
  if (!Number.isSafeInteger(p.pageIndex) || p.pageIndex < 1 || p.pageIndex > 1_000_000) fail('validate.page.invalid');
  return { pageIndex: p.pageIndex, pageSize: p.pageSize };
}

export function contentRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { store, clock, envelopes } = deps;
  const content = createContentService({ store, clock });
  // The bell's watcher for this store: made with the app (its first read is the baseline), stopped with it.
  contentNotices(store, clock);
  app.addHook('onClose', async () => closeNotices(store));
  const user = async (request: FastifyRequest): Promise<UserRow> => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;

  app.get(CONTENT_PATHS.notices, async (request) => {
    const p = pageOf(parsePage(request.query ?? {}));
    return envelopes.success(request, await content.notices(requestLocale(request), p));
  });

  app.get(CONTENT_PATHS.information, async (request) => {
    const p = pageOf(parsePage(request.query ?? {}));
    return envelopes.success(request, await content.information(requestLocale(request), p));
  });

  app.get(CONTENT_PATHS.article, async (request) => {
    const { id } = parseId(request.query ?? {});
    return envelopes.success(request, await content.article(Number(id), requestLocale(request)));
  });

  app.get(CONTENT_PATHS.page, async (request) => {
    const { slug } = parseSlug(request.query ?? {});
    return envelopes.success(request, await content.page(slug, requestLocale(request)));
  });

  app.get(CONTENT_PATHS.help, async (request) => {
    parseEmpty(request.query ?? {});
    return envelopes.success(request, await content.help(requestLocale(request)));
  });

  app.get(CONTENT_PATHS.unread, async (request) => {
    parseEmpty(request.query ?? {});
    const owner = await user(request);
    return envelopes.success(request, await content.unread(owner.id, requestLocale(request)));
  });

  app.post(CONTENT_PATHS.read, async (request) => {
    const body = parseRead(request.body ?? {});
    const owner = await user(request);
    const id = body.id === undefined ? undefined : Number(body.id);
    return envelopes.success(request, await content.markRead(owner.id, id, requestLocale(request)));
  });
}
