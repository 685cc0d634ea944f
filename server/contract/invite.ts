// Invite: the /app API's shared contract (paths, request and reply types, refusal codes). Issue 21.
// Rules and tables: server/accounts/invite/README.md.

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const INVITE_ERROR_CODES = [] as const;
export type InviteErrorCode = (typeof INVITE_ERROR_CODES)[number];

/** All GET, signed in; each answers only the signed-in user's own data (no request names another user). */
export const INVITE_API = {
  /** → InviteInfo */
  info: '/app/invite/info',
  /** ?level=1|2&pageIndex&pageSize → Page<InviteRecordItem> */
  records: '/app/invite/records',
  /** ?pageIndex&pageSize → Page<InviteCommissionItem> */
  commissions: '/app/invite/commissions',
  /** → image/png in the request's language (`lang` header): the brand, the code, the link and its QR code. */
  poster: '/app/invite/poster',
} as const;

export type InviteLevel = 1 | 2;

/** The sign-up page's address with an invitation code (the register page fills the code in from it). */
export const inviteLinkPath = (code: string): string => `/register?statusType=1&inviteCode=${encodeURIComponent(code)}`;

export interface InviteInfo {
  inviteCode: string;
  /** inviteLinkPath(inviteCode): put the site's origin in front. */
  link: string;
  level1Count: number;
  level2Count: number;
  /** The commission rates in force now, as fractions of the invitee's fee ("0.2" = 20%). */
  rates: { level1: string; level2: string };
  /** Commissions received so far, per asset (decimal text). */
  earned: Array<{ asset: string; amount: string }>;
}

export interface InviteRecordItem {
  /** The invitee's e-mail or phone, masked. */
  account: string;
  level: InviteLevel;
  /** Sign-up time, Unix ms. */
  time: number;
}

export interface InviteCommissionItem {
  /** The UTC day of the fees it is a share of, YYYY-MM-DD. */
  day: string;
  level: InviteLevel;
  asset: string;
  /** Decimal text. */
  amount: string;
  /** When it was paid, Unix ms. */
  time: number;
}
