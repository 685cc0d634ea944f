// TwoFactor: the /app API's shared contract (paths, request and reply types, refusal codes). Issue 21.
// TOTP (an authenticator app's six-digit codes) and passkeys (WebAuthn). The rules are in
// server/accounts/twofactor/README.md; the WebAuthn option and response objects are passed through as JSON (the
// browser hands them to @simplewebauthn/browser, the server to @simplewebauthn/server), so they are typed loosely here.

export const TWO_FACTOR_API = {
  /** The user's second factors: TOTP on or off and the passkeys (GET). */
  status: '/app/security/twoFactor',
  totpSetup: '/app/security/totp/setup',
  totpEnable: '/app/security/totp/enable',
  totpDisable: '/app/security/totp/disable',
  /** Options for adding a passkey (signed in). */
  passkeyOptions: '/app/security/passkeys/options',
  passkeyRegister: '/app/security/passkeys/register',
  passkeyRemove: '/app/security/passkeys/remove',
  /** Sign-in with a passkey (no session): options, then the signed assertion. */
  passkeyLoginOptions: '/app/account/passkey/options',
  passkeyLogin: '/app/account/passkey/login',
} as const;

/** Refusals of these routes; each has a message in locales/<locale>/server.po (a code ending in .throttled answers 429). */
export const TWO_FACTOR_ERROR_CODES = [
  /** The password was right and the account has TOTP on: sign in again with totpCode. */
  'login.totp.required',
  /** The TOTP code is not the authenticator's code of now (or not six digits). */
  'totp.code.invalid',
  /** The TOTP code's time step was used already (a replayed or older code): wait for the next code. */
  'totp.code.used',
  /** TOTP is on already: disable it before setting up another. */
  'totp.already.enabled',
  /** TOTP is not on (disable, or a check that needs it). */
  'totp.not.enabled',
  /** Enable without a setup, or after the setup expired (TOTP_SETUP_TTL_MS): set up again. */
  'totp.setup.missing',
  /** The passkey's answer could not be verified (signature, origin, counter, or a malformed response). */
  'passkey.invalid',
  /** The passkey challenge is unknown, used already or expired: start again. */
  'passkey.challenge.expired',
  /** No such passkey among the user's own (another user's id answers the same), or an unknown one at sign-in. */
  'passkey.not.found',
  /** The account has PASSKEYS_PER_USER passkeys already (data.max). */
  'passkey.limit.reached',
  /** The passkey's name breaks its rule (1–PASSKEY_NAME_MAX characters, no control characters). */
  'passkey.name.invalid',
  /** Passkeys can't be used at this address (a bare IP address is no WebAuthn relying party; use the site's name). */
  'passkey.unavailable',
] as const;
export type TwoFactorErrorCode = (typeof TWO_FACTOR_ERROR_CODES)[number];

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_CODE_RULE = /^[0-9]{6}$/;
/** How long a TOTP setup (the secret shown, not yet confirmed) can be enabled. */
export const TOTP_SETUP_TTL_MS = 15 * 60_000;
export const PASSKEYS_PER_USER = 10;
export const PASSKEY_NAME_MAX = 40;

/** Reply of totpSetup: the pending secret (base32) as text, as an otpauth:// URI, and that URI as a QR code (SVG). */
export interface TotpSetupReply {
  secret: string;
  uri: string;
  qrSvg: string;
}

export interface TotpCodeRequest {
  code: string;
}

export interface PasskeyItem {
  /** The credential id (base64url): what remove names. */
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface TwoFactorStatus {
  totpEnabled: boolean;
  passkeys: PasskeyItem[];
  /** The most an account may have. */
  maxPasskeys: number;
}

/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON). */
export interface PasskeyOptionsJson {
  challenge: string;
  [field: string]: unknown;
}

export interface PasskeyRegisterRequest {
  /** What startRegistration resolved with (RegistrationResponseJSON). */
  response: Record<string, unknown>;
  name?: string;
}

export interface PasskeyRemoveRequest {
  id: string;
  /** The authenticator's code, when TOTP is on. */
  totpCode?: string;
  /** The login password, when TOTP is off. */
  password?: string;
}

export interface PasskeyLoginRequest {
  /** What startAuthentication resolved with (AuthenticationResponseJSON). */
  response: Record<string, unknown>;
}
