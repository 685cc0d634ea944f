// /app/account/*: user info, codes, sign-up, sign-in, sign-out, password reset.
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/api.ts';
import type { Accounts } from '../../accounts/service.ts';
import { requestContext, type Envelopes } from '../envelope.ts';
import { LoginBody, RegisterBody, ResetPasswordBody, SendCodeBody } from '../schemas.ts';
import { parser } from '../validate.ts';

const parseSendCode = parser(SendCodeBody);
const parseRegister = parser(RegisterBody);
const parseLogin = parser(LoginBody);
const parseReset = parser(ResetPasswordBody);

export function accountRoutes(app: FastifyInstance, accounts: Accounts, envelopes: Envelopes): void {
  app.get(API.getUserInfo, async (request) =>
    envelopes.success(request, await accounts.userInfo(requestContext(request))),
  );

  app.post(API.sendCode, async (request) => {
    const body = parseSendCode(request.body);
    return envelopes.success(request, await accounts.sendCode(body, requestContext(request)));
  });

  app.post(API.register, async (request) => {
    const { inviteCode, ...body } = parseRegister(request.body);
    return envelopes.success(request, await accounts.register({ ...body, inviteCode: inviteCode ?? undefined }));
  });

  app.post(API.login, async (request) => {
    const body = parseLogin(request.body);
    return envelopes.success(request, await accounts.login(body, requestContext(request)));
  });

  app.post(API.logout, async (request) => {
    await accounts.logout(requestContext(request));
    return envelopes.success(request, null);
  });

  app.post(API.resetPassword, async (request) => {
    await accounts.resetPassword(parseReset(request.body), requestContext(request));
    return envelopes.success(request, null);
  });
}
