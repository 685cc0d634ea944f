// Feedback (issue 25, spec /feedback): a user's message, with an optional screenshot, goes to the operators' inbox;
// the operator's reply shows on the user's feedback page. Rules:
// - a message has a FEEDBACK_TOPICS topic, a body of 1–2000 characters (line breaks allowed, no other control
//   characters), an optional contact (≤ 200) and an optional screenshot: an upload of the same user not yet sent
//   with another message. Everything is checked before anything is stored; a refusal stores nothing;
// - a message with a client id is stored once: the same id again answers the first message (a retry of a lost answer);
// - a user sends at most SUBMIT_RATE messages an hour and uploads at most UPLOAD_RATE screenshots;
// - a screenshot is judged by its content exactly like an identity photo (accounts/kyc/pipeline.ts: JPEG, PNG or BMP
//   by its bytes, complete, nothing embedded, re-encoded to a fresh JPEG without metadata), up to
//   FEEDBACK_SCREENSHOT_MAX_BYTES, stored under DATA_DIR/feedback/ with a random name (accounts/kyc/files.ts), and
//   served to its owner only (and to the operators). Screenshots never sent with a message are swept after a day;
// - the operator replies (a later reply replaces the earlier) or closes; a closed message takes no reply.
import { perKeySerial } from '../accounts/serial.ts';
import { dirname, join, resolve } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createLimiter } from '../accounts/limiter.ts';
import type { RateRule } from '../accounts/policy.ts';
import { operatorPhotoFiles, photoFiles, randomId, RANDOM_ID, type PhotoFiles } from '../accounts/kyc/files.ts';
import { cleanPhoto } from '../accounts/kyc/pipeline.ts';
import type { Clock } from '../clock.ts';
import type { Page } from '../contract/api.ts';
import {
  FEEDBACK_LIMITS, FEEDBACK_SCREENSHOT_MAX_BYTES, FEEDBACK_TOPICS, type FeedbackItem, type FeedbackStatus, type FeedbackTopic, type FeedbackUploadView,
} from '../contract/content.ts';
import type { Locale } from '../contract/locales.ts';
import type { OpsFeedbackItem } from '../contract/ops.ts';
import { fail } from '../errors.ts';
import { isUniqueViolation } from '../store/errors.ts';
import type { FeedbackRecord, InboxRecord } from '../store/feedback.ts';
import type { Store } from '../store/index.ts';

export const FEEDBACK_FOLDER = 'feedback';
/** Messages per user an hour: enough to say everything, not enough to flood the inbox. */
export const SUBMIT_RATE: RateRule = { name: 'feedback:submit', limit: 10, windowMs: 60 * 60_000 };
/** Screenshot uploads per user an hour. */
export const UPLOAD_RATE: RateRule = { name: 'feedback:upload', limit: 20, windowMs: 60 * 60_000 };
/** Screenshots not sent with a message are removed after this long. */
export const FEEDBACK_UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** Screenshots a user may hold unsent; a new one replaces the oldest. */
export const FEEDBACK_MAX_LOOSE_UPLOADS = 3;
const SWEEP_BATCH = 50;

// Controls but tab and line breaks, DEL, C1, and the bidi overrides that would make a message read otherwise.
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

// The folder each store's screenshots are in, as the running app set it up (the console and the admin channel run in
// the same process and read them from there).
const folders = new WeakMap<Store, PhotoFiles>();

/** The app's screenshot folder: DATA_DIR/feedback, or a temporary folder when the app has no data folder. */
export function appFeedbackFiles(store: Store, dataDir: string | undefined): PhotoFiles {
  const root = dataDir === undefined ? mkdtempSync(join(tmpdir(), 'openex-feedback-')) : resolve(dataDir);
  const files = photoFiles(join(root, FEEDBACK_FOLDER));
  folders.set(store, files);
  return files;
}

/** The screenshot folder for an operator: the running app's, else beside the identity photos (the same DATA_DIR). */
export async function operatorFeedbackFiles(store: Store): Promise<PhotoFiles> {
  const known = folders.get(store);
  if (known !== undefined) return known;
  const files = photoFiles(join(dirname((await operatorPhotoFiles(store)).folder), FEEDBACK_FOLDER));
  folders.set(store, files);
  return files;
}

/** A message's text checked: line breaks as \n, trimmed, 1..max characters, no other control characters. */
function checkBody(text: string, max: number, code: 'feedback.body.invalid' | 'feedback.reply.invalid'): string {
  const t = text.replace(/\r\n?/g, '\n').trim();
  if (t.length === 0 || t.length > max || BODY_CONTROL.test(t)) fail(code, { max });
  return t;
}

export function checkReply(text: string): string {
  return checkBody(text, FEEDBACK_LIMITS.reply, 'feedback.reply.invalid');
}

export const feedbackItem = (f: FeedbackRecord): FeedbackItem => ({
  id: f.id,
  topic: f.topic as FeedbackTopic,
  body: f.body,
  contact: f.contact,
  screenshot: f.screenshot,
  status: f.status as FeedbackStatus,
  createdAt: f.createdAt,
  reply: f.reply,
  repliedAt: f.repliedAt,
});

export const opsFeedbackItem = (f: InboxRecord): OpsFeedbackItem => ({
  id: f.id,
  userId: f.userId,
  account: f.account,
  topic: f.topic,
  body: f.body,
  contact: f.contact,
  screenshot: f.screenshot,
  locale: f.locale,
  status: f.status as FeedbackStatus,
  createdAt: f.createdAt,
  reply: f.reply,
  repliedAt: f.repliedAt,
  repliedBy: f.repliedBy,
});

export interface SubmitInput {
  readonly topic: string;
  readonly body: string;
  readonly contact?: string | undefined;
  readonly screenshot?: string | undefined;
  readonly clientId?: string | undefined;
  readonly locale: Locale;
}

export interface FeedbackDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly files: PhotoFiles;
}

export function createFeedbackService(deps: FeedbackDeps) {
  const { store, clock, files } = deps;
  const limiter = createLimiter(store.rateLimits);
  // One upload or submit at a time per user, so two at once can't both take the same screenshot or pass a limit.
  const serial = perKeySerial<number>();

  async function sweep(now: number): Promise<void> {
    const expired = await store.feedback.expiredUploads(now - FEEDBACK_UPLOAD_TTL_MS, SWEEP_BATCH);
    await store.feedback.deleteUploads(expired.map((u) => u.publicId));
    for (const u of expired) await files.remove(u.file);
  }

  return Object.freeze({
    /** Counts an upload attempt (rate.limited past UPLOAD_RATE): before the body is read. */
    async admitUpload(user: number): Promise<void> {
      await limiter.consume(UPLOAD_RATE, String(user), clock());
    },

    async upload(user: number, bytes: Buffer): Promise<FeedbackUploadView> {
      if (bytes.length > FEEDBACK_SCREENSHOT_MAX_BYTES) fail('feedback.screenshot.too.large', { max: FEEDBACK_SCREENSHOT_MAX_BYTES / 1024 / 1024 });
      return serial(user, async () => {
        const now = clock();
        await sweep(now);
        const photo = await cleanPhoto(bytes);
        // A few unsent screenshots wait for a message: a new one takes the place of the oldest.
        const loose = await store.feedback.looseUploads(user);
        const evicted = loose.slice(0, Math.max(0, loose.length - (FEEDBACK_MAX_LOOSE_UPLOADS - 1)));
        await store.feedback.deleteUploads(evicted.map((u) => u.publicId));
        for (const u of evicted) await files.remove(u.file);
        const id = randomId();
        const file = `${randomId()}.jpg`;
        await files.write(file, photo.jpeg);
        try {
          await store.feedback.insertUpload({ publicId: id, userId: user, file, size: photo.jpeg.length, width: photo.width, height: photo.height, createdAt: now });
        } catch (error) {
          await files.remove(file);
          throw error;
        }
        return { id, width: photo.width, height: photo.height, size: photo.jpeg.length };
      });
    },

    async submit(user: number, input: SubmitInput): Promise<FeedbackItem> {
      const clientId = input.clientId;
      if (clientId !== undefined && !CLIENT_ID.test(clientId)) fail('request.invalid');
      if (!(FEEDBACK_TOPICS as readonly string[]).includes(input.topic)) fail('feedback.topic.invalid');
      const body = checkBody(input.body, FEEDBACK_LIMITS.body, 'feedback.body.invalid');
      const contact = (input.contact ?? '').trim();
      if (contact.length > FEEDBACK_LIMITS.contact || LINE_CONTROL.test(contact)) fail('feedback.contact.invalid', { max: FEEDBACK_LIMITS.contact });
      const screenshot = input.screenshot === undefined || input.screenshot === '' ? null : input.screenshot;
      return serial(user, async () => {
        if (clientId !== undefined) {
          const first = await store.feedback.byClientId(user, clientId);
          if (first !== undefined) return feedbackItem(first);
        }
        if (screenshot !== null) {
          // Another user's screenshot answers exactly as one that does not exist.
          const u = RANDOM_ID.test(screenshot) ? await store.feedback.findUpload(screenshot) : undefined;
          if (u === undefined || u.userId !== user || u.feedbackId !== null) fail('feedback.screenshot.invalid');
        }
        const now = clock();
        await limiter.consume(SUBMIT_RATE, String(user), now);
        let id: number;
        try {
          id = await store.transaction(async (tx) => {
            const made = await tx.feedback.insert({ userId: user, clientId: clientId ?? null, topic: input.topic, body, contact: contact === '' ? null : contact, screenshot, locale: input.locale, createdAt: now });
            if (screenshot !== null && !(await tx.feedback.attachUpload(screenshot, user, made))) fail('feedback.screenshot.invalid');
            return made;
          });
        } catch (error) {
          // The same client id from another process at the same moment: answer the first.
          if (clientId !== undefined && isUniqueViolation(error)) {
            const first = await store.feedback.byClientId(user, clientId);
            if (first !== undefined) return feedbackItem(first);
          }
          throw error;
        }
        const row = await store.feedback.find(id);
        if (row === undefined) fail('feedback.not.found');
        return feedbackItem(row);
      });
    },

    async list(user: number, p: { pageIndex: number; pageSize: number }): Promise<Page<FeedbackItem>> {
      const found = await store.feedback.byUser(user, (p.pageIndex - 1) * p.pageSize, p.pageSize);
      return { list: found.rows.map(feedbackItem), total: found.total, pageIndex: p.pageIndex, pageSize: p.pageSize };
    },

    /** The owner's screenshot (JPEG); anyone else's id, a malformed or unknown one: feedback.screenshot.not.found. */
    async screenshot(user: number, id: string): Promise<Buffer> {
      if (!RANDOM_ID.test(id)) fail('feedback.screenshot.not.found');
      const row = await store.feedback.findUpload(id);
      if (row === undefined || row.userId !== user) fail('feedback.screenshot.not.found');
      const bytes = await files.read(row.file);
      if (bytes === null) fail('feedback.screenshot.not.found');
      return bytes;
    },
  });
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/** Any screenshot, for an operator (the console's inbox). */
export async function operatorScreenshot(store: Store, id: string): Promise<Buffer> {
  if (!RANDOM_ID.test(id)) fail('feedback.screenshot.not.found');
  const row = await store.feedback.findUpload(id);
  if (row === undefined) fail('feedback.screenshot.not.found');
  const bytes = await (await operatorFeedbackFiles(store)).read(row.file);
  if (bytes === null) fail('feedback.screenshot.not.found');
  return bytes;
}

/** The operator's reply to a message (a later one replaces it). */
export async function replyFeedback(store: Store, clock: Clock, id: number, text: string, by: string): Promise<FeedbackRecord> {
  const reply = checkReply(text);
  const row = await store.feedback.find(id);
  if (row === undefined) fail('feedback.not.found', { id });
  if (row.status === 'closed') fail('feedback.closed', { id });
  if (!(await store.feedback.reply(id, reply, by, clock()))) fail('feedback.closed', { id });
  return (await store.feedback.find(id))!;
}

export async function closeFeedback(store: Store, id: number): Promise<FeedbackRecord> {
  const row = await store.feedback.find(id);
  if (row === undefined) fail('feedback.not.found', { id });
  if (row.status === 'closed') fail('feedback.closed', { id });
  await store.feedback.close(id);
  return (await store.feedback.find(id))!;
}
