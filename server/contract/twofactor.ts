// TwoFactor: the /app API's shared contract (paths, request and reply types, refusal codes). Issue 21.

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const TWO_FACTOR_ERROR_CODES = [] as const;
export type TwoFactorErrorCode = (typeof TWO_FACTOR_ERROR_CODES)[number];
