// The one error handler and the one not-found handler. Every failure leaves as an envelope with a catalogue code;
// a 5xx is logged in full and answered without details.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { requestLocale, type Envelopes } from './envelope.ts';
import { httpStatus } from './status.ts';
import { isApiPath, sendAppShell } from './routes/web.ts';

/** Errors Fastify raises before a handler runs (bad JSON, wrong content type, body too large) carry a 4xx. */
function clientStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const status = Number(error.statusCode);
  return status >= 400 && status < 500 ? status : null;
}

export function installErrorHandlers(app: FastifyInstance, envelopes: Envelopes, staticDir: string): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      const retryAfter = error.data?.['retryAfter'];
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(httpStatus(error.code)).send(envelopes.failure(locale, error.code, error.data));
    }
    const status = clientStatus(error);
    if (status !== null) {
      return reply.code(status === 404 ? 400 : status).send(envelopes.failure(locale, 'request.invalid', null));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(envelopes.failure(locale, 'system.error', null));
  });

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return sendAppShell(request.url, reply, staticDir);
    }
    return reply.code(404).send(envelopes.failure(requestLocale(request), 'request.not.found', null));
  });
}
