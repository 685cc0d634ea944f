// Feedback (spec /feedback, issue 25): a screenshot upload (multipart, one image field `file`; the server judges the
// bytes and keeps a re-encoded JPEG), the message itself (a repeated clientId answers the first one, so a retried
// submit never makes two), the user's messages with the operator's replies, and a screenshot read back for its
// thumbnail (with the session's ticket, which an <img src> could not send). Uploads and images go through the
// client's ky instance; their refusals come back as the same envelope and reject with an ApiError carrying the
// server's message in the user's language, shown by the caller.
import { FEEDBACK_PATHS, type FeedbackItem, type FeedbackSubmitRequest, type FeedbackUploadView, type Page } from '../contract.ts';
import { ApiError } from './error.ts';
import { api, type CallOptions } from './index.ts';
import { parseFeedbackItem, parseFeedbackPage, parseFeedbackUpload } from './feedback-parse.ts';
import { isSuccess, parseEnvelope } from './parse.ts';

export const submitFeedback = (body: FeedbackSubmitRequest, options?: CallOptions): Promise<FeedbackItem> =>
  api.post(FEEDBACK_PATHS.submit, parseFeedbackItem, body, options);

export const fetchFeedback = (paging: { pageIndex: number; pageSize: number }, options?: CallOptions): Promise<Page<FeedbackItem>> =>
  api.get(FEEDBACK_PATHS.list, parseFeedbackPage, { pageIndex: paging.pageIndex, pageSize: paging.pageSize }, options);

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

/** Uploads one screenshot; the answer's id goes into the message. */
export async function uploadFeedbackScreenshot(file: Blob, name: string, signal?: AbortSignal): Promise<FeedbackUploadView> {
  const form = new FormData();
  form.append('file', file, name);
  let response: Response;
  try {
    // A large picture on a slow line: more than the default request timeout.
    response = await api.http.post(FEEDBACK_PATHS.upload, { body: form, timeout: 120_000, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('client.network', '', null);
  }
  const envelope = parseEnvelope(await readJson(response));
  if (envelope && isSuccess(envelope)) {
    const reply = parseFeedbackUpload(envelope.data);
    if (reply) return reply;
  }
  throw envelope && !isSuccess(envelope) ? new ApiError(envelope.code, envelope.msg, envelope.data) : new ApiError('client.reply', '', { status: response.status });
}

/** One of the user's own screenshots, as a Blob (for an object URL); the server answers others as not found. */
export async function fetchFeedbackScreenshot(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await api.http.get(FEEDBACK_PATHS.screenshot, { searchParams: { id }, ...(signal ? { signal } : {}) });
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('image/jpeg')) return response.blob();
  throw await refusal(response);
}
