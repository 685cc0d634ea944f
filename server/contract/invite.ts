// Invite: the /app API's shared contract (paths, request and reply types, refusal codes). Issue 21.

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const INVITE_ERROR_CODES = [] as const;
export type InviteErrorCode = (typeof INVITE_ERROR_CODES)[number];
