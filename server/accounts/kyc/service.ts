// Real-name verification (issue 21): uploads, submissions, the user's status, and the operator's review. Rules
// (README.md beside this file):
// - An upload is checked in full by the pipeline (pipeline.ts) before anything is written; a refusal stores nothing
//   (no file, no row). Uploads are counted per user (UPLOAD_RATE). A user holds at most IDENTITY_MAX_PENDING_UPLOADS
//   photos not yet part of a submission: a new one replaces the oldest. They expire after IDENTITY_UPLOAD_TTL_MS
//   (swept at each upload, anyone's, a bounded batch).
// - A photo is read by its owner only; another user's id answers exactly as an id that does not exist.
// - A submission is checked in full first (name, number, country, the photos: each must exist, be the user's, of
//   the right kind, not used, not expired), then stored with its photos and users.real_name_status 'pending' in one
//   transaction. While one is pending or approved no other is taken; after a rejection the user may submit again
//   (earlier submissions stay, as history).
// - A review (approve or reject, with a reason the user sees) takes a pending submission only, and sets
//   users.real_name_status ('certified' / 'failed') in the same transaction; the user is then told by e-mail (or
//   SMS) in the language they last signed in with.
import { perKeySerial } from '../serial.ts';
import {
  COUNTRY_CODES, IDENTITY_MAX_PENDING_UPLOADS, IDENTITY_NAME_MAX, IDENTITY_NAME_MIN, IDENTITY_NUMBER_MAX, IDENTITY_NUMBER_MIN,
  IDENTITY_UPLOAD_TTL_MS, REQUIRED_PHOTOS, maskName, maskNumber,
  type DocType, type IdentityState, type IdentityStatusReply, type IdentitySubmitRequest, type IdentityUploadReply, type PhotoKind,
} from '../../contract/identity.ts';
import type { Clock } from '../../clock.ts';
import { fail } from '../../errors.ts';
import type { Messages } from '../../i18n/messages.ts';
import type { Notifier } from '../../notify/notifier.ts';
import type { IdentitySubmissionRow, IdentityUploadRow, SubmissionStatus } from '../../store/identity.ts';
import type { Store } from '../../store/index.ts';
import { createLimiter } from '../limiter.ts';
import type { RateRule } from '../policy.ts';
import type { PhotoFiles } from './files.ts';
import { randomId, RANDOM_ID } from './files.ts';
import { reviewMessage } from './mail.ts';
import { cleanPhoto } from './pipeline.ts';

/** Uploads per user: enough for a few retakes of three photos, not for using the server as free storage. */
export const UPLOAD_RATE: RateRule = { name: 'identity:upload', limit: 30, windowMs: 60 * 60_000 };
/** Expired uploads removed per sweep (each upload sweeps once). */
const SWEEP_BATCH = 50;

// C0 and C1 controls, DEL, line/paragraph separators, and the bidi overrides that would make a name read otherwise.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const DOC_NUMBER = new RegExp(`^[A-Z0-9]{${IDENTITY_NUMBER_MIN},${IDENTITY_NUMBER_MAX}}$`);

export interface IdentityDeps {
  store: Store;
  clock: Clock;
  files: PhotoFiles;
}

/** The checked fields of a submission. */
export interface CheckedSubmission {
  name: string;
  docType: DocType;
  docNumber: string;
  country: string;
  photos: Partial<Record<PhotoKind, string>>;
}

/** Checks the fields (not the photos) of a submission, throwing the first refusal. */
export function checkFields(body: IdentitySubmitRequest): Omit<CheckedSubmission, 'photos'> {
  const name = body.name.trim().replace(/\s+/gu, ' ');
  const length = [...name].length;
  if (length < IDENTITY_NAME_MIN || length > IDENTITY_NAME_MAX || CONTROL.test(name)) {
    fail('identity.name.invalid', { min: IDENTITY_NAME_MIN, max: IDENTITY_NAME_MAX });
  }
  // Numbers are written with spaces or dashes on some documents: those are dropped, letters upper-cased.
  const docNumber = body.docNumber.replace(/[\s-]/g, '').toUpperCase();
  if (!DOC_NUMBER.test(docNumber)) fail('identity.number.invalid', { min: IDENTITY_NUMBER_MIN, max: IDENTITY_NUMBER_MAX });
  const country = body.country.trim().toUpperCase();
  if (!COUNTRY_CODES.includes(country)) fail('identity.country.invalid');
  return { name, docType: body.docType, docNumber, country };
}

export function statusReply(row: IdentitySubmissionRow | undefined): IdentityStatusReply {
  if (row === undefined) {
    return { status: 'none', reason: null, submittedAt: null, reviewedAt: null, name: null, docType: null, docNumber: null, country: null, photos: { front: null, back: null, hand: null } };
  }
  return {
    status: row.status as IdentityState,
    reason: row.reason,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    name: maskName(row.name),
    docType: row.doc_type as DocType,
    docNumber: maskNumber(row.doc_number),
    country: row.country,
    photos: { front: row.front, back: row.back, hand: row.hand },
  };
}

export function createIdentityService(deps: IdentityDeps) {
  const { store, clock, files } = deps;
  const limiter = createLimiter(store.rateLimits);
  // One upload or submission at a time per user, so two at once can't both pass a limit or a state check.
  const serial = perKeySerial<number>();

  /** Removes expired uploads (rows first, then files): anyone's, a bounded batch. */
  async function sweep(now: number): Promise<number> {
    const expired = await store.identity.expiredUploads(now - IDENTITY_UPLOAD_TTL_MS, SWEEP_BATCH);
    await store.identity.deleteUploads(expired.map((u) => u.public_id));
    for (const u of expired) await files.remove(u.file);
    return expired.length;
  }

  const live = (u: IdentityUploadRow, now: number) => u.submission_id !== null || u.created_at >= now - IDENTITY_UPLOAD_TTL_MS;

  return Object.freeze({
    sweep,

    /** Counts the attempt (refused with rate.limited past UPLOAD_RATE): before the body is read. */
    async admitUpload(user: number): Promise<void> {
      await limiter.consume(UPLOAD_RATE, String(user), clock());
    },

    async upload(user: number, kind: PhotoKind, body: Buffer): Promise<IdentityUploadReply> {
      return serial(user, async () => {
        const now = clock();
        await sweep(now);
        const photo = await cleanPhoto(body);
        // Only a few photos wait for a submission: a new one takes the place of the oldest (a retake), so a user is
        // never stuck, and storage stays bounded. Done after the new photo passed: a refused file changes nothing.
        const loose = await store.identity.looseUploads(user);
        const evicted = loose.slice(0, Math.max(0, loose.length - (IDENTITY_MAX_PENDING_UPLOADS - 1)));
        await store.identity.deleteUploads(evicted.map((u) => u.public_id));
        for (const u of evicted) await files.remove(u.file);
        const id = randomId();
        const file = `${randomId()}.jpg`;
        await files.write(file, photo.jpeg);
        try {
          await store.identity.insertUpload({
            public_id: id, user_id: user, kind, file, size: photo.jpeg.length, sha256: photo.sha256, width: photo.width, height: photo.height, created_at: now, submission_id: null,
          });
        } catch (error) {
          await files.remove(file);
          throw error;
        }
        return { id, kind, width: photo.width, height: photo.height, size: photo.jpeg.length };
      });
    },

    /** The owner's photo (re-encoded JPEG); anyone else's id, a malformed or unknown one: identity.photo.not.found. */
    async photo(user: number, id: string): Promise<Buffer> {
      if (!RANDOM_ID.test(id)) fail('identity.photo.not.found');
      const row = await store.identity.findUpload(id);
      if (row === undefined || row.user_id !== user || !live(row, clock())) fail('identity.photo.not.found');
      const bytes = await files.read(row.file);
      if (bytes === null) fail('identity.photo.not.found');
      return bytes;
    },

    async status(user: number): Promise<IdentityStatusReply> {
      return statusReply(await store.identity.latestSubmission(user));
    },

    async submit(user: number, body: IdentitySubmitRequest): Promise<IdentityStatusReply> {
      const fields = checkFields(body);
      return serial(user, async () => {
        const now = clock();
        const latest = await store.identity.latestSubmission(user);
        if (latest?.status === 'pending') fail('identity.already.pending');
        if (latest?.status === 'approved') fail('identity.already.approved');
        const needed = REQUIRED_PHOTOS[fields.docType];
        const given: Record<PhotoKind, string | null | undefined> = { front: body.front, back: body.back, hand: body.hand };
        const photos: Partial<Record<PhotoKind, string>> = {};
        for (const kind of needed) {
          const id = given[kind];
          // Another user's upload answers exactly as one that does not exist.
          const row = typeof id === 'string' && RANDOM_ID.test(id) ? await store.identity.findUpload(id) : undefined;
          if (row === undefined || row.user_id !== user || row.kind !== kind || row.submission_id !== null || !live(row, now)) fail('identity.photo.invalid', { photo: kind });
          photos[kind] = row.public_id;
        }
        const ids = Object.values(photos);
        const row = await store.transaction(async (tx) => {
          const again = await tx.identity.latestSubmission(user);
          if (again?.status === 'pending') fail('identity.already.pending');
          if (again?.status === 'approved') fail('identity.already.approved');
          const submission = {
            user_id: user, name: fields.name, doc_type: fields.docType, doc_number: fields.docNumber, country: fields.country,
            front: photos.front!, back: photos.back ?? null, hand: photos.hand!, status: 'pending', reason: null, submitted_at: now, reviewed_at: null, reviewer: null,
          };
          const id = await tx.identity.insertSubmission(submission);
          // Taken meanwhile (another tab's submission): the first photo that is gone is named.
          if ((await tx.identity.attachUploads(ids, user, id)) !== ids.length) fail('identity.photo.invalid', { photo: needed[0] });
          await tx.users.setRealNameStatus(user, 'pending', now);
          return { id, ...submission };
        });
        return statusReply(row);
      });
    },
  });
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** Thrown by a review that can't be done; the text is for the operator. */
export class ReviewError extends Error {
  override name = 'ReviewError';
}

export interface ReviewDeps {
  store: Store;
  clock: Clock;
  notifier: Notifier;
  messages: Messages;
}

/**
 * An operator's decision on a pending submission: the submission and users.real_name_status change in one
 * transaction, then the user is told (a failure to deliver is the outbox's business, the decision stands).
 */
export async function reviewSubmission(
  deps: ReviewDeps,
  id: number,
  decision: 'approved' | 'rejected',
  reason: string,
  reviewer: string,
): Promise<{ submission: IdentitySubmissionRow; notified: boolean }> {
  const { store, clock } = deps;
  const now = clock();
  const submission = await store.transaction(async (tx) => {
    const row = await tx.identity.findSubmission(id);
    if (row === undefined) throw new ReviewError(`no submission #${id}`);
    if (row.status !== 'pending') throw new ReviewError(`submission #${id} is ${row.status}, not pending: only a pending submission can be reviewed`);
    if (!(await tx.identity.review(id, decision, reason, reviewer, now))) throw new ReviewError(`submission #${id} was reviewed meanwhile`);
    await tx.users.setRealNameStatus(row.user_id, decision === 'approved' ? 'certified' : 'failed', now);
    return { ...row, status: decision, reason, reviewer, reviewed_at: now };
  });
  const user = await store.users.findById(submission.user_id);
  let notified = false;
  if (user !== undefined) {
    const message = await reviewMessage(deps, user, decision, reason);
    if (message !== null) {
      await deps.notifier.send(message);
      notified = true;
    }
  }
  return { submission, notified };
}

export type { SubmissionStatus };
