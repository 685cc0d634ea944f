// Calls whose body or answer is bytes, not JSON (a photo or screenshot up, a JPEG back), through the client's ky
// instance (its ticket and language headers). A refusal still comes as the app's envelope and rejects with an ApiError
// carrying the server's message in the user's language; an answer that is neither is a client.reply error.
import type { Options } from 'ky';
import { ApiError } from './error.ts';
import { api } from './index.ts';
import { isSuccess, parseEnvelope, type Parser } from './parse.ts';

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}

/** The envelope of a reply that is not what was asked for, as an ApiError. */
async function refusal(response: Response): Promise<ApiError> {
  const envelope = parseEnvelope(await readJson(response));
  return envelope && !isSuccess(envelope) ? new ApiError(envelope.code, envelope.msg, envelope.data) : new ApiError('client.reply', '', { status: response.status });
}

/** POSTs a file (as it is, or in a form) and parses the envelope's data; a network failure is client.network. */
export async function upload<T>(path: string, options: Pick<Options, 'body' | 'searchParams' | 'headers'>, parse: Parser<T>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    // A large picture on a slow line: more than the default request timeout.
    response = await api.http.post(path, { ...options, timeout: 120_000, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('client.network', '', null);
  }
  const envelope = parseEnvelope(await readJson(response));
  if (envelope && isSuccess(envelope)) {
    const reply = parse(envelope.data);
    if (reply) return reply;
  }
  throw envelope && !isSuccess(envelope) ? new ApiError(envelope.code, envelope.msg, envelope.data) : new ApiError('client.reply', '', { status: response.status });
}

/** GETs a JPEG the user may see (their own photo or screenshot) as a Blob, for an object URL. */
export async function fetchJpeg(path: string, searchParams: Record<string, string> | undefined, signal?: AbortSignal): Promise<Blob> {
  const response = await api.http.get(path, { ...(searchParams ? { searchParams } : {}), ...(signal ? { signal } : {}) });
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('image/jpeg')) return response.blob();
  throw await refusal(response);
}
