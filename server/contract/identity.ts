// Identity: the /app API's shared contract (paths, request and reply types, refusal codes). Issue 21.
//
// Real-name verification: a user uploads the photos of one identity document (each checked and re-encoded by
// server/accounts/kyc/pipeline.ts), then submits the document's fields naming those uploads; an operator approves or
// rejects the submission (with a reason the user sees). Rules in server/accounts/kyc/README.md.
import type { RealNameStatus } from './api.ts';

export const IDENTITY_API = {
  /** POST, signed in; body = the file's bytes (application/octet-stream), query `kind` = front | back | hand. */
  upload: '/app/identity/upload',
  /** POST, signed in; body = IdentitySubmitRequest. */
  submit: '/app/identity/submit',
  /** GET, signed in: IdentityStatusReply. */
  status: '/app/identity/status',
  /** GET, signed in: `/app/identity/photo/<id>` → image/jpeg, only for the photo's owner. */
  photo: '/app/identity/photo',
} as const;

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const IDENTITY_ERROR_CODES = [
  /** data.max: megabytes. The body (or its Content-Length) is over IDENTITY_MAX_FILE_BYTES. */
  'identity.file.too.large',
  'identity.file.empty',
  /** Not a JPEG, PNG or BMP image by its content (whatever its name or declared type). */
  'identity.file.type',
  /** The image can't be read to its end (truncated, corrupt, or a form this server does not decode). */
  'identity.file.corrupt',
  /** Data after the image's end, or script, markup or archive content inside the file (a polyglot). */
  'identity.file.embedded',
  /** data.max: megapixels. Too many pixels to decode (a decompression bomb is refused from its header). */
  'identity.image.too.large',
  /** data.min: pixels on the shorter side. */
  'identity.image.too.small',
  /** data.min, data.max: characters. */
  'identity.name.invalid',
  'identity.number.invalid',
  'identity.country.invalid',
  /** data.photo: front | back | hand. The upload does not exist, is not the user's, is of another kind or already used. */
  'identity.photo.invalid',
  'identity.photo.not.found',
  'identity.already.pending',
  'identity.already.approved',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** The largest file taken (8 MiB), before anything else is looked at. */
export const IDENTITY_MAX_FILE_BYTES = 8 * 1024 * 1024;
/** The most pixels an image may declare (width × height) before it is decoded. */
export const IDENTITY_MAX_PIXELS = 40_000_000;
/** The shorter side of a document photo, at least (after orientation). */
export const IDENTITY_MIN_SIDE = 300;
/** The longer side of the stored (re-encoded) photo, at most: larger ones are scaled down. */
export const IDENTITY_STORED_MAX_SIDE = 4096;
/** Photos uploaded and not yet part of a submission that a user holds at once: a further upload replaces the oldest. */
export const IDENTITY_MAX_PENDING_UPLOADS = 6;
/** How long an upload not part of a submission is kept. */
export const IDENTITY_UPLOAD_TTL_MS = 24 * 60 * 60_000;
export const IDENTITY_NAME_MIN = 2;
export const IDENTITY_NAME_MAX = 64;
export const IDENTITY_NUMBER_MIN = 5;
export const IDENTITY_NUMBER_MAX = 32;

export const PHOTO_KINDS = ['front', 'back', 'hand'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const DOC_TYPES = ['idCard', 'passport'] as const;
export type DocType = (typeof DOC_TYPES)[number];
/** The photos each document needs: a passport has no back worth a photo (its data page is the front). */
export const REQUIRED_PHOTOS: Readonly<Record<DocType, readonly PhotoKind[]>> = {
  idCard: ['front', 'back', 'hand'],
  passport: ['front', 'hand'],
};

/** ISO 3166-1 alpha-2, every officially assigned code (249), sorted. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export const isCountryCode = (code: string): boolean => COUNTRY_CODES.includes(code);

export type IdentityState = 'none' | 'pending' | 'approved' | 'rejected';

export interface IdentityUploadReply {
  /** Unguessable (128 random bits, hex): what the submit names and /photo/<id> reads. */
  id: string;
  kind: PhotoKind;
  width: number;
  height: number;
  size: number;
}

export interface IdentitySubmitRequest {
  name: string;
  docType: DocType;
  docNumber: string;
  country: string;
  front: string;
  /** Required for an ID card; a passport has none. */
  back?: string | null;
  hand: string;
}

export interface IdentityStatusReply {
  status: IdentityState;
  /** The operator's reason of a rejection (or of an approval), as written. */
  reason: string | null;
  submittedAt: number | null;
  reviewedAt: number | null;
  /** Masked: the first and last characters. */
  name: string | null;
  docType: DocType | null;
  /** Masked: the first two and last two characters. */
  docNumber: string | null;
  country: string | null;
  photos: { front: string | null; back: string | null; hand: string | null };
}

/**
 * What a user may do by verification: 0 unverified (none, pending, rejected), 1 verified (an operator approved a
 * document). The wallet reads this for its withdrawal limits; trading reads users.real_name_status directly when the
 * operator sets require_real_name (gateway/routes/spot/guard.ts), which is the same fact.
 */
export type IdentityLevel = 0 | 1;
export function identityLevel(realNameStatus: RealNameStatus | string): IdentityLevel {
  return realNameStatus === 'certified' ? 1 : 0;
}

/** The user-facing state of users.real_name_status. */
export function identityState(realNameStatus: RealNameStatus | string): IdentityState {
  switch (realNameStatus) {
    case 'pending':
      return 'pending';
    case 'certified':
      return 'approved';
    case 'failed':
      return 'rejected';
    default:
      return 'none';
  }
}

/** `Zhang Wei` → `Z*******i`; one or two characters keep the first only. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}${'*'.repeat(Math.max(0, chars.length - 1))}`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** `E12345678` → `E1*****78`. */
export function maskNumber(number: string): string {
  if (number.length <= 4) return '*'.repeat(number.length);
  return `${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`;
}
