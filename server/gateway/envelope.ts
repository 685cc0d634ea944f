// Builds the `{code, msg, data}` envelope of every /app reply, with msg in the request's language.
import type { FastifyRequest } from 'fastify';
import type { Envelope } from '../contract/api.ts';
import { SUCCESS, type ServerErrorCode } from '../contract/errors.ts';
import { DEFAULT_LOCALE, localeFromAcceptLanguage, resolveLocale, type Locale } from '../contract/locales.ts';
import { PRODUCT_NAME, LANG_HEADER, TICKET_HEADER } from '../contract/api.ts';
import type { RequestContext } from '../accounts/service.ts';
import type { Messages } from '../i18n/messages.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The `lang` header (our codes or the spec's aliases), else Accept-Language, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  return (
    resolveLocale(header(request, LANG_HEADER)) ??
    localeFromAcceptLanguage(header(request, 'accept-language')) ??
    DEFAULT_LOCALE
  );
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { locale: requestLocale(request), address: request.ip, ticket: header(request, TICKET_HEADER)?.trim(), userAgent: header(request, 'user-agent')?.slice(0, 512) };
}

export function createEnvelopes(messages: Messages) {
  return Object.freeze({
    success<T>(request: FastifyRequest, data: T): Envelope<T> {
      return { code: SUCCESS, msg: messages.t(requestLocale(request), SUCCESS), data };
    },
    failure(locale: Locale, code: ServerErrorCode, data: Readonly<Record<string, unknown>> | null): Envelope<unknown> {
      return { code, msg: messages.t(locale, code, { product: PRODUCT_NAME, ...data }), data };
    },
  });
}

export type Envelopes = ReturnType<typeof createEnvelopes>;
