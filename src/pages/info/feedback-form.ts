// The feedback form's own rules (before anything is sent): a message that is not blank and within its limit, a
// contact within its limit, a screenshot that is an image within the upload limit, and the request made of them.
// The server checks the same limits; these only spare the user a round trip.
import {
  FEEDBACK_LIMITS, FEEDBACK_SCREENSHOT_MAX_BYTES, FEEDBACK_TOPICS,
  type FeedbackSubmitRequest, type FeedbackTopic,
} from '../../contract.ts';

export interface FeedbackDraft {
  topic: string;
  body: string;
  contact: string;
  /** The upload id of the screenshot the server took, or null. */
  screenshot: string | null;
  clientId: string;
}

/** Message ids of the form's complaints, per field. */
export interface FeedbackErrors {
  topic?: string;
  body?: string;
  contact?: string;
}

export type FeedbackCheck = { ok: true; request: FeedbackSubmitRequest } | { ok: false; errors: FeedbackErrors };

const isTopic = (v: string): v is FeedbackTopic => (FEEDBACK_TOPICS as readonly string[]).includes(v);

/** Characters as the limits count them (UTF-16 code units, as the server's string length). */
export const textLength = (text: string): number => text.length;

export function checkFeedback(draft: FeedbackDraft): FeedbackCheck {
  const errors: FeedbackErrors = {};
  const body = draft.body.trim();
  const contact = draft.contact.trim();
  if (!isTopic(draft.topic)) errors.topic = 'feedback.error.topic';
  if (body === '') errors.body = 'feedback.error.body.required';
  else if (textLength(body) > FEEDBACK_LIMITS.body) errors.body = 'feedback.error.body.long';
  if (textLength(contact) > FEEDBACK_LIMITS.contact) errors.contact = 'feedback.error.contact.long';
  if (Object.keys(errors).length > 0 || !isTopic(draft.topic)) return { ok: false, errors };
  const request: FeedbackSubmitRequest = { topic: draft.topic, body, clientId: draft.clientId };
  if (contact !== '') request.contact = contact;
  if (draft.screenshot !== null) request.screenshot = draft.screenshot;
  return { ok: true, request };
}

/** A chosen file the upload would refuse anyway: not an image, or larger than the limit (null when fine). */
export function screenshotProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'feedback.error.screenshot.type';
  if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) return 'feedback.error.screenshot.large';
  return null;
}
