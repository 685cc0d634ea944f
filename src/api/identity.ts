// Real-name verification calls (issue 21): the status, a photo upload (the file's bytes as the body), the submission,
// and a photo read back for its thumbnail. Uploads and photos go through the client's ky instance (ticket and lang
// headers, timeout) since their bodies are not JSON; their refusals come back as the same envelope and reject with
// an ApiError carrying the server's message in the user's language, shown by the caller (never as a notice).
import {
  DOC_TYPES, IDENTITY_API, PHOTO_KINDS,
  type IdentityStatusReply, type IdentitySubmitRequest, type IdentityUploadReply, type PhotoKind,
} from '../contract.ts';
import { fetchJpeg, upload } from './binary.ts';
import { api, type CallOptions } from './index.ts';
import { isRecord, type Parser } from './parse.ts';

const STATES = ['none', 'pending', 'approved', 'rejected'] as const;
const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isNumberOrNull = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v));
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);

export const parseIdentityStatus: Parser<IdentityStatusReply> = (d) => {
  if (!isRecord(d) || !oneOf(STATES, d.status) || !isRecord(d.photos)) return null;
  const p = d.photos;
  if (!isStringOrNull(p.front) || !isStringOrNull(p.back) || !isStringOrNull(p.hand)) return null;
  if (!isStringOrNull(d.reason) || !isNumberOrNull(d.submittedAt) || !isNumberOrNull(d.reviewedAt)) return null;
  if (!isStringOrNull(d.name) || !isStringOrNull(d.docNumber) || !isStringOrNull(d.country)) return null;
  if (d.docType !== null && !oneOf(DOC_TYPES, d.docType)) return null;
  return {
    status: d.status, reason: d.reason, submittedAt: d.submittedAt, reviewedAt: d.reviewedAt, name: d.name,
    docType: d.docType, docNumber: d.docNumber, country: d.country, photos: { front: p.front, back: p.back, hand: p.hand },
  };
};

export const parseUploadReply: Parser<IdentityUploadReply> = (d) =>
  isRecord(d) && typeof d.id === 'string' && oneOf(PHOTO_KINDS, d.kind) && typeof d.width === 'number' && typeof d.height === 'number' && typeof d.size === 'number'
    ? { id: d.id, kind: d.kind, width: d.width, height: d.height, size: d.size }
    : null;

export const fetchIdentityStatus = (options?: CallOptions): Promise<IdentityStatusReply> => api.get(IDENTITY_API.status, parseIdentityStatus, undefined, options);

export const submitIdentity = (body: IdentitySubmitRequest, options?: CallOptions): Promise<IdentityStatusReply> =>
  api.post(IDENTITY_API.submit, parseIdentityStatus, body, options);

/** Uploads one photo: the file goes as it is; the server judges it by its content and answers its id. */
export const uploadIdentityPhoto = (kind: PhotoKind, file: Blob, signal?: AbortSignal): Promise<IdentityUploadReply> =>
  upload(IDENTITY_API.upload, { body: file, searchParams: { kind }, headers: { 'content-type': 'application/octet-stream' } }, parseUploadReply, signal);

/** One of the user's own photos, as a Blob (for an object URL); the server answers others as not found. */
export const fetchIdentityPhoto = (id: string, signal?: AbortSignal): Promise<Blob> => fetchJpeg(`${IDENTITY_API.photo}/${encodeURIComponent(id)}`, undefined, signal);
