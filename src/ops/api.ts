// The console's API client: one ky instance against its own origin's OPS_PATHS (the session is an HttpOnly cookie,
// so credentials stay same-origin), the `lang` header on every call (the server answers in the operator's language),
// the `x-ops-request: 1` header on every POST (the server refuses a POST without it: a cross-site form can't set it),
// and the `{code, msg, data}` envelope turned into typed data or an OpsError whose message is the server's.
// A 401 (no live console session) calls `unauthorized`: the console goes back to its sign-in.
//
// Commands: every submit carries a request id made once for it (newRequestId). A lost answer (the network failed or
// timed out, the server may well have run it) is retried with the same body, id included, so the server answers the
// first run's outcome instead of running the command twice. Framework-free, so tests drive it with a fake fetch.
import ky, { isTimeoutError, type Options } from 'ky';
import { LANG_HEADER, OPS_PATHS, OPS_REQUEST_HEADER, REQUEST_TIMEOUT_MS, SUCCESS, type OpsCommandRequest, type OpsCommandResult } from '../contract.ts';
import { commandResult, isRecord, parser, type Parser } from './parse.ts';

export type OpsClientErrorCode = 'client.timeout' | 'client.network' | 'client.reply';

export class OpsError extends Error {
  readonly code: string;
  readonly msg: string;
  /** The HTTP status (0 when no reply arrived). */
  readonly status: number;
  readonly data: unknown;
  constructor(code: string, msg: string, status: number, data: unknown = null) {
    super(`${code}: ${msg}`);
    this.name = 'OpsError';
    this.code = code;
    this.msg = msg;
    this.status = status;
    this.data = data;
  }
  /** No answer came: the request may or may not have been carried out. */
  get lost(): boolean {
    return this.code === 'client.network' || this.code === 'client.timeout';
  }
}

export const isOpsError = (e: unknown): e is OpsError => e instanceof OpsError;

export interface OpsClientOptions {
  /** Tests give an absolute base; the console resolves against its own page. */
  baseUrl?: string;
  fetch?: Options['fetch'];
  timeoutMs?: number;
  locale(): string;
  texts: { timeout(): string; network(): string; error(): string };
  /** No console session (401): back to the sign-in. */
  unauthorized(): void;
  /** Shows an error notice (calls with notify: false leave it to the caller). */
  notifyError?(text: string): void;
  /** How often a command whose answer was lost is sent again, with the same request id. */
  commandRetries?: number;
}

export interface CallOptions {
  notify?: boolean;
  signal?: AbortSignal;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface OpsClient {
  get<T>(path: string, parse: Parser<T>, query?: Query, options?: CallOptions): Promise<T>;
  post<T>(path: string, parse: Parser<T>, body?: object, options?: CallOptions): Promise<T>;
  /** One command of the catalogue; a lost answer is asked again with the same request id. */
  command(request: OpsCommandRequest, options?: CallOptions): Promise<OpsCommandResult>;
  /** A read of the catalogue (no reason): its data, checked by `parse`. */
  read<T>(command: string, args: Record<string, string>, parse: Parser<T>, options?: CallOptions): Promise<T>;
  /** A URL of a GET path with its query, for links and images (the audit CSV, identity photos). */
  url(path: string, query?: Query): string;
}

/** A request id as the server accepts it (8–64 of [A-Za-z0-9._:-]): a UUID. */
export function newRequestId(): string {
  return crypto.randomUUID();
}

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

const parseResult = parser(commandResult);

export function createOpsClient(options: OpsClientOptions): OpsClient {
  const http = ky.create({
    baseUrl: options.baseUrl ?? '/',
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    credentials: 'same-origin',
    // Retries of commands are ours (same request id), never ky's behind our back.
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          request.headers.set(LANG_HEADER, options.locale());
          if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set(OPS_REQUEST_HEADER, '1');
        },
      ],
    },
  });

  const fail = (error: OpsError, notify: boolean): never => {
    if (notify) options.notifyError?.(error.msg);
    throw error;
  };

  async function send(path: string, init: Options, call: CallOptions | undefined): Promise<unknown> {
    const notify = call?.notify !== false;
    let response: Response;
    try {
      response = await http(path, { ...init, ...(call?.signal ? { signal: call.signal } : {}) });
    } catch (error) {
      if (call?.signal?.aborted) throw error;
      const timeout = isTimeoutError(error);
      return fail(new OpsError(timeout ? 'client.timeout' : 'client.network', timeout ? options.texts.timeout() : options.texts.network(), 0), notify);
    }
    let body: unknown = null;
    try {
      body = JSON.parse(await response.text()) as unknown;
    } catch {
      body = null;
    }
    const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
    const msg = isRecord(body) && typeof body.msg === 'string' && body.msg ? body.msg : options.texts.error();
    if (response.status === 401) {
      options.unauthorized();
      // Not shown: the sign-in page replaces the screen.
      throw new OpsError(code ?? 'ops.unauthorized', msg, 401, isRecord(body) ? body.data ?? null : null);
    }
    if (code === null) return fail(new OpsError('client.reply', options.texts.error(), response.status), notify);
    if (code === SUCCESS && response.ok) return isRecord(body) ? (body.data ?? null) : null;
    return fail(new OpsError(code, msg, response.status, isRecord(body) ? (body.data ?? null) : null), notify);
  }

  async function typed<T>(raw: Promise<unknown>, parse: Parser<T>, call: CallOptions | undefined): Promise<T> {
    const parsed = parse(await raw);
    if (parsed === null) return fail(new OpsError('client.reply', options.texts.error(), 200), call?.notify !== false);
    return parsed;
  }

  const client: OpsClient = {
    get: (path, parse, query, call) => {
      const searchParams = cleanQuery(query);
      return typed(send(path, { method: 'get', ...(searchParams ? { searchParams } : {}) }, call), parse, call);
    },
    post: (path, parse, body, call) => typed(send(path, { method: 'post', json: body ?? {} }, call), parse, call),
    async command(request, call) {
      const retries = options.commandRetries ?? 2;
      for (let attempt = 0; ; attempt++) {
        try {
          // Quiet while a retry may still succeed: one notice at the end, not one per attempt.
          const last = attempt >= retries;
          return await client.post(OPS_PATHS.command, parseResult, request, { ...call, notify: last ? call?.notify : false });
        } catch (error) {
          if (!(error instanceof OpsError) || !error.lost || attempt >= retries || call?.signal?.aborted) throw error;
        }
      }
    },
    async read(command, args, parse, call) {
      const result = await client.command({ command, args, requestId: newRequestId() }, call);
      return typed(Promise.resolve(result.data), parse, call);
    },
    url(path, query) {
      const q = cleanQuery(query);
      const search = q && Object.keys(q).length > 0 ? `?${new URLSearchParams(q).toString()}` : '';
      return `${path}${search}`;
    },
  };
  return client;
}
