// The stream layer's REST reads. The app hands in its own ky instance (one per tab: one timeout, one ticket and
// language policy), which is used through `.extend()` only for what these reads need (no retries, statuses read
// here); failures come out as a RestError carrying a code. Without one (tests, the layer on its own) it makes its
// own with the same policy: REQUEST_TIMEOUT_MS and the session ticket header.
import ky, { isTimeoutError, type KyInstance, type Options } from 'ky';
import { REQUEST_TIMEOUT_MS, SUCCESS, TICKET_HEADER } from '../contract.ts';

export class RestError extends Error {
  readonly code: string;
  readonly status: number | null;
  constructor(code: string, message: string, status: number | null = null) {
    super(message);
    this.name = 'RestError';
    this.code = code;
    this.status = status;
  }
}

export type Query = Record<string, string | number | boolean>;

export interface HttpOptions {
  /** The app's ky instance (its timeout, ticket and language headers); the options below then don't apply. */
  ky?: KyInstance;
  baseUrl?: string;
  fetch?: Options['fetch'];
  timeoutMs?: number;
  /** The session ticket for private reads, read per request. */
  ticket?: () => string | null;
}

export interface Http {
  /** A plain JSON reply (the Binance-compatible /api/v3 routes); a non-2xx status throws with its `code`/`msg`. */
  getJson(path: string, query?: Query, signal?: AbortSignal): Promise<unknown>;
  /** The `data` of an app API `{code, msg, data}` envelope; a non-success code throws with that code. */
  getEnvelope(path: string, query?: Query, signal?: AbortSignal): Promise<unknown>;
}

/** The pipelines decide when to read again, and every status is read below, so: no retries, no throwing. */
const READS: Options = { retry: 0, throwHttpErrors: false };

function ownInstance(options: HttpOptions): KyInstance {
  return ky.create({
    ...READS,
    baseUrl: options.baseUrl ?? '/',
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const ticket = options.ticket?.();
          if (ticket) request.headers.set(TICKET_HEADER, ticket);
        },
      ],
    },
  });
}

export function createHttp(options: HttpOptions = {}): Http {
  const http = options.ky ? options.ky.extend(READS) : ownInstance(options);

  async function read(path: string, query: Query | undefined, signal: AbortSignal | undefined): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await http.get(path, { ...(query ? { searchParams: query } : {}), ...(signal ? { signal } : {}) });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw isTimeoutError(error) ? new RestError('client.timeout', 'request timed out') : new RestError('client.network', 'network error');
    }
    let body: unknown = null;
    try {
      body = JSON.parse(await response.text());
    } catch {
      throw new RestError('client.reply', `unreadable reply (${response.status})`, response.status);
    }
    return { status: response.status, body };
  }

  const field = (body: unknown, key: string): unknown => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined);

  return {
    async getJson(path, query, signal) {
      const { status, body } = await read(path, query, signal);
      if (status >= 200 && status < 300) return body;
      const code = field(body, 'code');
      const msg = field(body, 'msg');
      throw new RestError(code === undefined ? `http.${status}` : String(code), typeof msg === 'string' ? msg : `HTTP ${status}`, status);
    },
    async getEnvelope(path, query, signal) {
      const { status, body } = await read(path, query, signal);
      const code = field(body, 'code');
      if (code === SUCCESS) return field(body, 'data') ?? null;
      const msg = field(body, 'msg');
      throw new RestError(typeof code === 'string' ? code : 'client.reply', typeof msg === 'string' ? msg : `HTTP ${status}`, status);
    },
  };
}
