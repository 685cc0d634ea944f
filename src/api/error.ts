// The one error type every API call rejects with: the reply's code, message and data, or a client-side code when
// no valid reply arrived.
import type { ErrorCode } from '../contract.ts';

/** Failures that happen before a reply can be read. */
export type ClientErrorCode = 'client.timeout' | 'client.network' | 'client.reply';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  readonly code: ApiErrorCode | string;
  readonly msg: string;
  readonly data: unknown;

  constructor(code: ApiErrorCode | string, msg: string, data: unknown = null) {
    super(`${code}: ${msg}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
