// Passkeys (WebAuthn, @simplewebauthn/server): a signed-in user adds (registration), lists and removes them; anyone
// signs in with one (a discoverable credential: no account typed). Every challenge is random, kept in the store
// (webauthn_challenges) with an expiry of CHALLENGE_TTL_MS, and used up by the one verification that names it:
// a registration's is bound to its user, a sign-in's to its options call (it has no user until the assertion says
// whose credential signed it). The relying party (rpID and the expected origin) is the routes' to work out
// (routes/twofactor.ts relyingParty). User verification is asked for ('preferred', so every authenticator is
// offered) and then required: a passkey stands in for the password and the second factor at once, so an
// authenticator that only tests presence is refused (passkey.invalid) at registration already. The signature
// counter only goes up: a clone that reports an old counter is refused, and two sign-ins racing on one counter
// can't both pass. At most PASSKEYS_PER_USER per account.
//
// Removing one needs a fresh TOTP code when TOTP is on, else the login password (both guarded by the secret
// guard): a stolen session alone can't strip the owner's ways back in. Assertions themselves are not guarded: a
// valid one can't be guessed, and counting bad ones against the credential's owner would let anyone slow them.
import { createHmac, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PRODUCT_NAME } from '../../contract/api.ts';
import { PASSKEY_NAME_MAX, PASSKEYS_PER_USER, type PasskeyItem, type PasskeyOptionsJson } from '../../contract/twofactor.ts';
import type { Clock } from '../../clock.ts';
import { fail } from '../../errors.ts';
import type { Store } from '../../store/index.ts';
import type { PasskeyRecord } from '../../store/twofactor.ts';
import type { UserRow } from '../../store/users.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { SecretGuard } from '../security/guard.ts';
import type { KeySource } from './secret-key.ts';
import type { Totp } from './totp.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 2 * 60_000;

/** Where passkeys are used: the site's host name (rpID) and its origin as the browser reports it. */
export interface RelyingParty {
  readonly rpID: string;
  readonly origin: string;
}

export interface PasskeyDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly key: KeySource;
  readonly totp: Totp;
  readonly hasher: PasswordHasher;
  readonly guard: SecretGuard;
}

/** How the owner proves it's them before a passkey is removed. */
export interface RemoveProof {
  readonly totpCode?: string | undefined;
  readonly password?: string | undefined;
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

// C0 and C1 controls, DEL, and line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** The name to store (trimmed), or the refusal. */
export function checkPasskeyName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || [...trimmed].length > PASSKEY_NAME_MAX || CONTROL.test(trimmed)) fail('passkey.name.invalid', { max: PASSKEY_NAME_MAX });
  return trimmed;
}

/** The challenge a response's clientDataJSON carries, or null for a malformed one. */
export function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
    const challenge = typeof parsed === 'object' && parsed !== null ? (parsed as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

export const toPasskeyItem = (p: PasskeyRecord): PasskeyItem => ({ id: p.credentialId, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt });

export function createPasskeys({ store, clock, key, totp, hasher, guard }: PasskeyDeps) {
  /** The WebAuthn user handle of a user: stable (an authenticator keeps one passkey per account) and opaque. */
  const userHandle = (user: number): Uint8Array<ArrayBuffer> => new Uint8Array(createHmac('sha256', key()).update(`webauthn-user:${user}`).digest());

  /** Uses the response's challenge up, or refuses: it must be one handed out for this purpose (and user), unexpired. */
  async function take(response: { response?: { clientDataJSON?: unknown } }, purpose: 'register' | 'login', user: number | null): Promise<string> {
    const challenge = challengeOf(response);
    if (challenge === null) fail('passkey.invalid');
    if (!(await store.twoFactor.takeChallenge(challenge, purpose, user, clock()))) fail('passkey.challenge.expired');
    return challenge;
  }

  return Object.freeze({
    async list(user: number): Promise<PasskeyItem[]> {
      return (await store.twoFactor.passkeys(user)).map(toPasskeyItem);
    },

    /** Options for adding a passkey to `user`'s account (its existing ones excluded, so one authenticator isn't added twice). */
    async registrationOptions(user: UserRow, rp: RelyingParty): Promise<PasskeyOptionsJson> {
      const existing = await store.twoFactor.passkeys(user.id);
      if (existing.length >= PASSKEYS_PER_USER) fail('passkey.limit.reached', { max: PASSKEYS_PER_USER });
      const account = user.email ?? user.phone ?? String(user.id);
      const options = await generateRegistrationOptions({
        rpName: PRODUCT_NAME,
        rpID: rp.rpID,
        userName: account,
        userDisplayName: account,
        userID: userHandle(user.id),
        timeout: TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const now = clock();
      await store.twoFactor.putChallenge(options.challenge, 'register', user.id, now + CHALLENGE_TTL_MS, now);
      return { ...options };
    },

    /** Verifies what the authenticator made for the challenge of `user`'s options call and keeps the passkey. */
    async register(user: UserRow, response: RegistrationResponseJSON, name: string, rp: RelyingParty): Promise<PasskeyItem> {
      const checkedName = checkPasskeyName(name);
      const challenge = await take(response, 'register', user.id);
      const count = (await store.twoFactor.passkeys(user.id)).length;
      if (count >= PASSKEYS_PER_USER) fail('passkey.limit.reached', { max: PASSKEYS_PER_USER });
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: true,
        });
      } catch {
        fail('passkey.invalid');
      }
      if (!verified.verified) fail('passkey.invalid');
      const { credential } = verified.registrationInfo;
      if (await store.twoFactor.passkey(credential.id)) fail('passkey.invalid');
      const record = {
        credentialId: credential.id,
        userId: user.id,
        publicKey: b64url(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 8),
        name: checkedName,
        createdAt: clock(),
      };
      await store.twoFactor.addPasskey(record);
      return toPasskeyItem({ ...record, lastUsedAt: null });
    },

    /** Removes one of `user`'s passkeys after the proof (TOTP code when on, else the login password). */
    async remove(user: UserRow, id: string, proof: RemoveProof): Promise<void> {
      const own = (await store.twoFactor.passkeys(user.id)).some((p) => p.credentialId === id);
      if (!own) fail('passkey.not.found');
      if (await totp.enabled(user.id)) {
        const code = proof.totpCode?.trim() ?? '';
        if (code === '') fail('validate.required');
        await totp.verifyTotp(user.id, code);
      } else {
        if (!proof.password) fail('validate.required');
        const password = proof.password;
        await guard.guarded('password', user.id, clock(), (c) => c === 'security.password.wrong', async () => {
          if (!(await hasher.verify(user.password_hash, password))) fail('security.password.wrong');
        });
      }
      if (!(await store.twoFactor.removePasskey(user.id, id))) fail('passkey.not.found');
    },

    /** Options for a sign-in with any passkey of this site (discoverable credentials: no account asked). */
    async loginOptions(rp: RelyingParty): Promise<PasskeyOptionsJson> {
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred', timeout: TIMEOUT_MS });
      const now = clock();
      await store.twoFactor.putChallenge(options.challenge, 'login', null, now + CHALLENGE_TTL_MS, now);
      return { ...options };
    },

    /** The user whose passkey signed the challenge of an options call, its counter moved on; or the refusal. */
    async login(response: AuthenticationResponseJSON, rp: RelyingParty): Promise<UserRow> {
      const challenge = await take(response, 'login', null);
      const passkey = await store.twoFactor.passkey(response.id);
      if (!passkey) fail('passkey.not.found');
      const user = await store.users.findById(passkey.userId);
      if (!user) fail('passkey.not.found');
      // The handle the authenticator keeps for the credential must be its owner's (when it sends one).
      const handle = response.response.userHandle;
      if (handle !== undefined && handle !== b64url(userHandle(user.id))) fail('passkey.invalid');
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports },
          requireUserVerification: true,
        });
      } catch {
        fail('passkey.invalid');
      }
      if (!verified.verified) fail('passkey.invalid');
      if (!(await store.twoFactor.usePasskey(passkey.credentialId, passkey.counter, verified.authenticationInfo.newCounter, clock()))) fail('passkey.invalid');
      return user;
    },
  });
}

export type Passkeys = ReturnType<typeof createPasskeys>;
