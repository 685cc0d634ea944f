// Feedback (spec /feedback, issue 25): a screenshot upload (multipart, one image field `file`; the server judges the
// bytes and keeps a re-encoded JPEG), the message itself (a repeated clientId answers the first one, so a retried
// submit never makes two), the user's messages with the operator's replies, and a screenshot read back for its
// thumbnail (with the session's ticket, which an <img src> could not send). Uploads and images go through the
// client's ky instance; their refusals come back as the same envelope and reject with an ApiError carrying the
// server's message in the user's language, shown by the caller.
import { FEEDBACK_PATHS, type FeedbackItem, type FeedbackSubmitRequest, type FeedbackUploadView, type Page } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseFeedbackItem, parseFeedbackPage, parseFeedbackUpload } from './feedback-parse.ts';
import { fetchJpeg, upload } from './binary.ts';

export const submitFeedback = (body: FeedbackSubmitRequest, options?: CallOptions): Promise<FeedbackItem> =>
  api.post(FEEDBACK_PATHS.submit, parseFeedbackItem, body, options);

export const fetchFeedback = (paging: { pageIndex: number; pageSize: number }, options?: CallOptions): Promise<Page<FeedbackItem>> =>
  api.get(FEEDBACK_PATHS.list, parseFeedbackPage, { pageIndex: paging.pageIndex, pageSize: paging.pageSize }, options);

/** Uploads one screenshot; the answer's id goes into the message. */
export function uploadFeedbackScreenshot(file: Blob, name: string, signal?: AbortSignal): Promise<FeedbackUploadView> {
  const form = new FormData();
  form.append('file', file, name);
  return upload(FEEDBACK_PATHS.upload, { body: form }, parseFeedbackUpload, signal);
}

/** One of the user's own screenshots, as a Blob (for an object URL); the server answers others as not found. */
export const fetchFeedbackScreenshot = (id: string, signal?: AbortSignal): Promise<Blob> => fetchJpeg(FEEDBACK_PATHS.screenshot, { id }, signal);
