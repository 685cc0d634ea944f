// The console's replies: the app's envelope ({code, msg, data}) with msg in the operator's language (the `lang`
// header, as /app does), its own refusals (contract/ops.ts OPS_ERROR_CODES) with their HTTP statuses, and the one
// error and not-found handler of the console's app. A route module (the content area's) may also throw the app's
// AppError: it is answered the way the public app answers it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../contract/api.ts';
import { SUCCESS } from '../contract/errors.ts';
import type { OpsErrorCode } from '../contract/ops.ts';
import { AppError } from '../errors.ts';
import { requestLocale } from '../gateway/envelope.ts';
import { httpStatus } from '../gateway/status.ts';
import type { Messages } from '../i18n/messages.ts';

/** The app's codes the console answers with besides its own. */
type SharedCode = 'request.invalid' | 'request.not.found' | 'system.error';
export type OpsReplyCode = OpsErrorCode | SharedCode;

const STATUS: Readonly<Record<OpsReplyCode, number>> = {
  'ops.session.required': 401,
  'ops.forbidden': 403,
  'ops.request.header': 403,
  'ops.login.failed': 401,
  'ops.login.locked': 429,
  'ops.command.unknown': 400,
  'ops.command.usage': 400,
  'ops.reason.required': 400,
  'ops.command.failed': 422,
  'ops.approval.not.found': 404,
  'ops.approval.self': 403,
  'ops.approval.decided': 409,
  'ops.not.found': 404,
  'request.invalid': 400,
  'request.not.found': 404,
  'system.error': 500,
};

export class OpsError extends Error {
  override name = 'OpsError';
  readonly code: OpsReplyCode;
  readonly data: Readonly<Record<string, unknown>> | null;
  constructor(code: OpsReplyCode, data: Readonly<Record<string, unknown>> | null = null) {
    super(code);
    this.code = code;
    this.data = data;
  }
}

export function opsFail(code: OpsReplyCode, data?: Readonly<Record<string, unknown>>): never {
  throw new OpsError(code, data ?? null);
}

export function createOpsEnvelopes(messages: Messages) {
  const failure = (request: FastifyRequest, code: string, data: Readonly<Record<string, unknown>> | null) => ({
    code,
    msg: messages.t(requestLocale(request), code, { product: PRODUCT_NAME, ...data }),
    data,
  });
  return Object.freeze({
    success<T>(request: FastifyRequest, data: T) {
      return { code: SUCCESS, msg: messages.t(requestLocale(request), SUCCESS), data };
    },
    failure,
    send(request: FastifyRequest, reply: FastifyReply, error: OpsError): FastifyReply {
      const retryAfter = error.data?.['retryAfter'];
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(STATUS[error.code]).send(failure(request, error.code, error.data));
    },
  });
}

export type OpsEnvelopes = ReturnType<typeof createOpsEnvelopes>;

/** Errors Fastify raises before a handler runs (bad JSON, wrong content type, body too large) carry a 4xx. */
function clientStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const status = Number(error.statusCode);
  return status >= 400 && status < 500 ? status : null;
}

export function installOpsErrorHandlers(app: FastifyInstance, envelopes: OpsEnvelopes, notFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof OpsError) return envelopes.send(request, reply, error);
    if (error instanceof AppError) {
      const retryAfter = error.data?.['retryAfter'];
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(httpStatus(error.code)).send(envelopes.failure(request, error.code, error.data));
    }
    const status = clientStatus(error);
    if (status !== null) return reply.code(status === 404 ? 400 : status).send(envelopes.failure(request, 'request.invalid', null));
    request.log.error({ err: error }, 'console request failed');
    return reply.code(500).send(envelopes.failure(request, 'system.error', null));
  });
  app.setNotFoundHandler(notFound);
}
