// Security: the /app API's shared contract (paths, request and reply types, refusal codes). Issue 21.

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const SECURITY_ERROR_CODES = [
  /** Too many wrong tries of a secret (code, password, fund password, TOTP) on this account: data.retryAfter seconds. */
  'security.throttled',
] as const;
export type SecurityErrorCode = (typeof SECURITY_ERROR_CODES)[number];
