// /app/security/*: the security centre (issue 21; accounts/security/service.ts has the rules). Every route is for
// a signed-in user and acts on that user only: sessions are named by their public ids, and an id that is not one
// of the caller's own answers security.session.notFound, whoever's it is. Shapes are checked here (TypeBox); the
// field rules (formats, codes, passwords) are the service's, each refused with its own catalogue code.
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { LOGIN_HISTORY_PAGE_SIZE, SECURITY_API } from '../../contract/security.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';

const Channel = Type.Union([Type.Literal('email'), Type.Literal('phone')]);
const Text = (maxLength: number) => Type.String({ maxLength });
const Secret = Text(256);
const Code = Text(32);
const closed = { additionalProperties: false } as const;

const SendCodeBody = Type.Object(
  { channel: Channel, purpose: Type.Union([Type.Literal('verify'), Type.Literal('bind')]), account: Type.Optional(Text(320)) },
  closed,
);
const BindBody = Type.Object({ account: Text(320), code: Code, oldCode: Type.Optional(Code) }, closed);
const ChangePasswordBody = Type.Object({ oldPassword: Secret, newPassword: Secret, channel: Channel, code: Code }, closed);
const FundSetBody = Type.Object({ fundPassword: Secret, channel: Channel, code: Code }, closed);
const FundChangeBody = Type.Object({ oldFundPassword: Secret, fundPassword: Secret, channel: Channel, code: Code }, closed);
const AntiPhishingBody = Type.Object({ antiPhishingCode: Text(64), channel: Channel, code: Code }, closed);
const RevokeBody = Type.Object({ id: Text(64) }, closed);
const HistoryQuery = Type.Object({
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  pageSize: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$' })),
});

const parseSendCode = parser(SendCodeBody);
const parseBind = parser(BindBody);
const parseChangePassword = parser(ChangePasswordBody);
const parseFundSet = parser(FundSetBody);
const parseFundChange = parser(FundChangeBody);
const parseAntiPhishing = parser(AntiPhishingBody);
const parseRevoke = parser(RevokeBody);
const parseHistory = parser(HistoryQuery);

/** Largest login-history page. */
const MAX_PAGE_SIZE = 50;

export function securityRoutes(app: FastifyInstance, { accounts, envelopes }: AreaRouteDeps): void {
  const centre = accounts.security;
  const done = null;

  app.get(SECURITY_API.overview, async (request) => envelopes.success(request, await centre.overview(requestContext(request))));

  app.post(SECURITY_API.sendCode, async (request) =>
    envelopes.success(request, await centre.sendCode(parseSendCode(request.body), requestContext(request))),
  );

  app.post(SECURITY_API.bindEmail, async (request) => {
    await centre.bind('email', parseBind(request.body), requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(SECURITY_API.bindPhone, async (request) => {
    await centre.bind('phone', parseBind(request.body), requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(SECURITY_API.changePassword, async (request) => {
    await centre.changePassword(parseChangePassword(request.body), requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(SECURITY_API.fundPasswordSet, async (request) => {
    await centre.setFundPassword(parseFundSet(request.body), requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(SECURITY_API.fundPasswordChange, async (request) => {
    await centre.changeFundPassword(parseFundChange(request.body), requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(SECURITY_API.antiPhishing, async (request) => {
    await centre.setAntiPhishing(parseAntiPhishing(request.body), requestContext(request));
    return envelopes.success(request, done);
  });

  app.get(SECURITY_API.sessions, async (request) => envelopes.success(request, await centre.sessions(requestContext(request))));

  app.post(SECURITY_API.revokeSession, async (request) => {
    await centre.revokeSession(parseRevoke(request.body).id, requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(SECURITY_API.revokeOtherSessions, async (request) =>
    envelopes.success(request, await centre.revokeOtherSessions(requestContext(request))),
  );

  app.get(SECURITY_API.loginHistory, async (request) => {
    const query = parseHistory(request.query ?? {});
    const page = Number(query.page ?? 1);
    const pageSize = Math.min(MAX_PAGE_SIZE, Number(query.pageSize ?? LOGIN_HISTORY_PAGE_SIZE));
    return envelopes.success(request, await centre.loginHistory(page, pageSize, requestContext(request)));
  });
}
