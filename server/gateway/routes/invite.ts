// /app/invite/*: invitation info, records, commissions, poster (issue 21; server/accounts/invite/README.md).
// All GET, signed in, and only ever about the signed-in user: the user comes from the session ticket and the
// queries take no user or record id, so nothing a client sends can reach another user's invitations. Query values
// are checked in full (TypeBox, then the page size) before anything is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { createInviteService } from '../../accounts/invite/service.ts';
import { INVITE_API, type InviteLevel } from '../../contract/invite.ts';
import { fail } from '../../errors.ts';
import { requestContext, requestLocale } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';
import { paging } from './spot/paging.ts';

const Digits = Type.String({ pattern: '^[0-9]{1,7}$' });
const RecordsQuery = Type.Object(
  { level: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2')])), pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) },
  { additionalProperties: false },
);
const PageQuery = Type.Object({ pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) }, { additionalProperties: false });
const NoQuery = Type.Object({}, { additionalProperties: false });

const parseRecords = parser(RecordsQuery);
const parsePage = parser(PageQuery);
const parseNone = parser(NoQuery);

/** The page a query asks for: pageIndex from 1, pageSize one of PAGE_SIZES (or the default). */
function pageOf(q: { pageIndex?: string | undefined; pageSize?: string | undefined }) {
  const pageIndex = q.pageIndex === undefined ? undefined : Number(q.pageIndex);
  if (pageIndex !== undefined && pageIndex < 1) fail('request.invalid');
  return paging({ pageIndex, pageSize: q.pageSize === undefined ? undefined : Number(q.pageSize) });
}

const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The site's origin for the poster's link: PUBLIC_URL when configured (what users should open, behind any proxy),
 * else the request's own (scheme and Host, as the browser reached us).
 */
export function siteOrigin(request: FastifyRequest, publicUrl = process.env['PUBLIC_URL']): string {
  if (publicUrl !== undefined && publicUrl !== '') {
    const url = new URL(publicUrl);
    return url.origin;
  }
  const host = request.host;
  if (!HOST.test(host)) fail('request.invalid');
  return `${request.protocol}://${host}`;
}

export function inviteRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { envelopes } = deps;
  const service = createInviteService({ store: deps.store, messages: deps.messages, clock: deps.clock });
  const userOf = async (request: FastifyRequest) => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user.id;

  app.get(INVITE_API.info, async (request) => {
    parseNone(request.query ?? {});
    return envelopes.success(request, await service.info(await userOf(request)));
  });

  app.get(INVITE_API.records, async (request) => {
    const q = parseRecords(request.query ?? {});
    const page = pageOf(q);
    const level: InviteLevel = q.level === '2' ? 2 : 1;
    return envelopes.success(request, await service.records(await userOf(request), level, page.pageIndex, page.pageSize));
  });

  app.get(INVITE_API.commissions, async (request) => {
    const page = pageOf(parsePage(request.query ?? {}));
    return envelopes.success(request, await service.commissions(await userOf(request), page.pageIndex, page.pageSize));
  });

  app.get(INVITE_API.poster, async (request, reply) => {
    parseNone(request.query ?? {});
    const user = await userOf(request);
    const png = await service.poster(user, requestLocale(request), siteOrigin(request));
    return reply
      .header('content-type', 'image/png')
      // Never kept by the browser either: its cache keys on the address alone, not on the ticket or lang header,
      // so a cached poster would be shown to the next user signing in on the same browser, or in the old language.
      // The server keeps each rendered poster (service.ts), which is what saves the work.
      .header('cache-control', 'no-store')
      .header('content-disposition', 'inline')
      .send(png);
  });
}
