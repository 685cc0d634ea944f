// Operators' credentials, shared by the CLI that makes them (server/cli/operator-commands.ts) and the console that
// checks them (auth.ts): an argon2id password hash (accounts/passwords.ts) and a TOTP secret (RFC 6238 with otplib,
// as the users' authenticator: SHA-1, six digits, 30-second steps, one step of tolerance either way), sealed at rest
// with the users' two-factor key (AES-256-GCM, accounts/twofactor/secret-key.ts: API_KEY_SECRET or
// DATA_DIR/api-key.secret), the operator's name as the associated data so a sealed secret can't be moved to another
// operator's row. A copy of the database alone reveals no secret and no password.
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { PRODUCT_NAME } from '../contract/api.ts';
import { TOTP_CODE_RULE, TOTP_PERIOD_SECONDS } from '../contract/twofactor.ts';
import { decryptSecret, encryptSecret } from '../gateway/binance/keys.ts';
import type { KeySource } from '../accounts/twofactor/secret-key.ts';

export const OPERATOR_NAME = /^[a-z][a-z0-9._-]{1,31}$/;
export const MIN_OPERATOR_PASSWORD = 12;
export const MAX_OPERATOR_PASSWORD = 256;

const aad = (name: string) => `ops-totp:${name}`;

/** A new TOTP secret for `name`: the secret (shown once), its otpauth:// URI and the sealed form to store. */
export function newTotp(key: KeySource, name: string): { secret: string; uri: string; sealed: string } {
  const secret = generateSecret();
  const uri = generateURI({ issuer: `${PRODUCT_NAME} console`, label: name, secret });
  return { secret, uri, sealed: encryptSecret(key(), aad(name), secret) };
}

/** The secret of a stored row, or null when this server's key can't open it (another key: reset the operator). */
export function openTotp(key: KeySource, name: string, sealed: string): string | null {
  return decryptSecret(key(), aad(name), sealed);
}

/** The time step `code` is valid at `nowMs` for `secret`, or null when it is not a valid code now. */
export async function totpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  if (!TOTP_CODE_RULE.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_PERIOD_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A generated password: 24 characters of base64url (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_OPERATOR_PASSWORD) return `the password must be at least ${MIN_OPERATOR_PASSWORD} characters`;
  if (password.length > MAX_OPERATOR_PASSWORD) return `the password must be at most ${MAX_OPERATOR_PASSWORD} characters`;
  if (/[\u0000-\u001f\u007f]/.test(password)) return 'the password must not contain control characters';
  return null;
}
