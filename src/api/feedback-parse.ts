// Shape checks for the feedback replies (contract/content.ts): an upload's id, one message with its reply, a page.
import { FEEDBACK_TOPICS, type FeedbackItem, type FeedbackStatus, type FeedbackTopic, type FeedbackUploadView, type Page } from '../contract.ts';
import { parsePage } from '../../streams/index.ts';
import { isRecord, type Parser } from './parse.ts';

const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const STATUSES: readonly FeedbackStatus[] = ['open', 'replied', 'closed'];
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);
const textOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

export const parseFeedbackUpload: Parser<FeedbackUploadView> = (d) =>
  isRecord(d) && typeof d.id === 'string' && d.id !== '' && int(d.width) && int(d.height) && int(d.size)
    ? { id: d.id, width: d.width, height: d.height, size: d.size }
    : null;

export const parseFeedbackItem: Parser<FeedbackItem> = (d) => {
  if (!isRecord(d) || !int(d.id) || !oneOf<FeedbackTopic>(FEEDBACK_TOPICS, d.topic) || typeof d.body !== 'string') return null;
  const contact = d.contact ?? null;
  const screenshot = d.screenshot ?? null;
  const reply = d.reply ?? null;
  const repliedAt = d.repliedAt ?? null;
  if (!textOrNull(contact) || !textOrNull(screenshot) || !textOrNull(reply) || !(repliedAt === null || int(repliedAt))) return null;
  if (!oneOf(STATUSES, d.status) || !int(d.createdAt)) return null;
  return { id: d.id, topic: d.topic, body: d.body, contact, screenshot, status: d.status, createdAt: d.createdAt, reply, repliedAt };
};

export const parseFeedbackPage: Parser<Page<FeedbackItem>> = parsePage(parseFeedbackItem);
