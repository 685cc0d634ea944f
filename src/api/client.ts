// The API client factory: one ky instance with the ticket and lang headers, a request timeout, and the
// `{code, msg, data}` envelope turned into typed data or an ApiError. Framework-free: the app wires it to its state
// in ./index.ts, and tests wire it to a fake fetch.
//
// Session expiry (spec §4, §8): a reply whose code is 4001 or 4003 (a number or numeric text, the spec's codes), an
// HTTP status of 4001/4003 should a transport ever give one, or our envelope code login.session.expired raises the
// one session-expired alert, on every path but the upload check (spec §7 api/oms/uploadBookInfo, whose errors are
// never shown). A login.user.not.login reply to a call made with a session the tab was using (the user's info had
// arrived) means that session ended under the user (revoked, reset elsewhere): the same alert; otherwise (a stale
// stored token, spec §4) it signs out quietly. A reply to a call made with another ticket than the tab's current
// one (the user signed out or in meanwhile) changes no session state.
import ky, { isTimeoutError, type KyInstance, type Options } from 'ky';
import { LANG_HEADER, NOT_LOGGED_IN_CODE, REQUEST_TIMEOUT_MS, SESSION_EXPIRED_CODES, TICKET_HEADER } from '../contract.ts';
import { ApiError, type ClientErrorCode } from './error.ts';
import { isRecord, isSuccess, parseEnvelope, type Parser } from './parse.ts';

/** Spec §7: the upload check, whose failures are never shown to the user (no notice, no session alert). */
export const UPLOAD_CHECK_PATH = 'api/oms/uploadBookInfo';
/** Spec §4, §8: reply codes (or HTTP statuses) that mean the session has expired. */
export const SESSION_EXPIRED_STATUSES: readonly number[] = [4001, 4003];

/** The upload-check path, however it is written (leading slash, base URL, query). */
export function isUploadCheckPath(path: string): boolean {
  const bare = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  return bare === UPLOAD_CHECK_PATH || bare.endsWith(`/${UPLOAD_CHECK_PATH}`);
}

/** A reply body or HTTP status that says the session expired: 4001/4003 as a number or numeric text, or
 *  login.session.expired. */
export function isSessionExpiredReply(body: unknown, status: number): boolean {
  if (SESSION_EXPIRED_STATUSES.includes(status)) return true;
  if (!isRecord(body)) return false;
  const code = body.code;
  if (typeof code === 'number') return SESSION_EXPIRED_STATUSES.includes(code);
  if (typeof code !== 'string') return false;
  const text = code.trim();
  if (/^\d{4}$/.test(text)) return SESSION_EXPIRED_STATUSES.includes(Number(text));
  return SESSION_EXPIRED_CODES.some((c) => c === text);
}

/** Texts shown when no reply explains the failure; functions, so they are read in the active language. */
export interface ApiTexts {
  timeout(): string;
  network(): string;
  /** The fallback when a reply carries no message (spec §8: "ERROR"). */
  error(): string;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: Options['fetch'];
  timeoutMs?: number;
  token(): string | null;
  locale(): string;
  texts: ApiTexts;
  /** Shows an error notice. */
  notifyError(text: string): void;
  /** Shows the session-expired alert (the receiver keeps it to one at a time). */
  sessionExpired(): void;
  /** The server says nobody is signed in: forget the session. */
  notLoggedIn(): void;
  /** True while the tab is using its session (the signed-in user's info has arrived): a not-logged-in reply then
   *  means the session ended under the user, and shows the session-expired alert instead of a quiet sign-out. */
  sessionInUse?(): boolean;
}

export interface CallOptions {
  /** false when the caller shows the error itself (under a form field, say); the call still rejects. */
  notify?: boolean;
  signal?: AbortSignal;
}

export type Query = Record<string, string | number | boolean>;

export interface ApiClient {
  /** The tab's one ky instance (ticket and lang headers, timeout, no retries, statuses not thrown), without the
   * envelope handling of get/post: the stream layer reads the Binance-shaped routes through it. */
  readonly http: KyInstance;
  get<T>(path: string, parse: Parser<T>, query?: Query, options?: CallOptions): Promise<T>;
  post<T>(path: string, parse: Parser<T>, body?: object, options?: CallOptions): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = ky.create({
    baseUrl: options.baseUrl,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    // Order commands and codes must never be sent twice behind the user's back.
    retry: 0,
    // Every reply, whatever its status, carries the envelope we read ourselves.
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = options.token();
          if (token) request.headers.set(TICKET_HEADER, token);
          request.headers.set(LANG_HEADER, options.locale());
        },
      ],
    },
  });

  function fail(code: string, msg: string, data: unknown, notify: boolean): never {
    if (notify) options.notifyError(msg);
    throw new ApiError(code, msg, data);
  }

  async function send(path: string, init: Options, call: CallOptions | undefined): Promise<unknown> {
    const uploadCheck = isUploadCheckPath(path);
    const notify = call?.notify !== false && !uploadCheck;
    // The ticket this call carries: a reply about it says nothing about a session begun since.
    const ticket = options.token();
    let response: Response;
    try {
      response = await http(path, { ...init, ...(call?.signal ? { signal: call.signal } : {}) });
    } catch (error) {
      // The caller gave up (navigation, unmount): not a failure to report.
      if (call?.signal?.aborted) throw error;
      const code: ClientErrorCode = isTimeoutError(error) ? 'client.timeout' : 'client.network';
      return fail(code, code === 'client.timeout' ? options.texts.timeout() : options.texts.network(), null, notify);
    }
    const body = await readJson(response);
    const current = options.token() === ticket;
    if (isSessionExpiredReply(body, response.status)) {
      if (!uploadCheck && current) options.sessionExpired();
      const raw = isRecord(body) ? body : {};
      throw new ApiError(String(raw.code ?? response.status), typeof raw.msg === 'string' ? raw.msg : '', raw.data ?? null);
    }
    const envelope = parseEnvelope(body);
    if (!envelope) return fail('client.reply', options.texts.error(), { status: response.status }, notify);
    if (isSuccess(envelope)) return envelope.data;
    if (envelope.code === NOT_LOGGED_IN_CODE) {
      if (!uploadCheck && current) {
        if (ticket !== null && options.sessionInUse?.() === true) options.sessionExpired();
        else options.notLoggedIn();
      }
      throw new ApiError(envelope.code, envelope.msg, envelope.data);
    }
    return fail(envelope.code, envelope.msg || options.texts.error(), envelope.data, notify);
  }

  async function typed<T>(raw: Promise<unknown>, parse: Parser<T>, call: CallOptions | undefined): Promise<T> {
    const parsed = parse(await raw);
    if (parsed === null) return fail('client.reply', options.texts.error(), null, call?.notify !== false);
    return parsed;
  }

  return {
    http,
    get: (path, parse, query, call) =>
      typed(send(path, { method: 'get', ...(query ? { searchParams: query } : {}) }, call), parse, call),
    post: (path, parse, body, call) => typed(send(path, { method: 'post', json: body ?? {} }, call), parse, call),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}
