// Two-factor calls (issue 21): TOTP setup, enable and disable; passkeys added, listed, removed; sign-in with a
// passkey. Replies are checked here; the WebAuthn options are handed to @simplewebauthn/browser as the server made
// them (checked for the fields the browser needs first).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { TWO_FACTOR_API, type LoginReply, type PasskeyItem, type TotpSetupReply, type TwoFactorStatus } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { ignoreData, isRecord, parseLoginReply, type Parser } from './parse.ts';

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const parsePasskeyItem: Parser<PasskeyItem> = (d) =>
  isRecord(d) && isString(d.id) && isString(d.name) && isNumber(d.createdAt) && (d.lastUsedAt === null || isNumber(d.lastUsedAt))
    ? { id: d.id, name: d.name, createdAt: d.createdAt, lastUsedAt: d.lastUsedAt }
    : null;

export const parseTwoFactorStatus: Parser<TwoFactorStatus> = (d) => {
  if (!isRecord(d) || typeof d.totpEnabled !== 'boolean' || !Array.isArray(d.passkeys) || !isNumber(d.maxPasskeys)) return null;
  const passkeys = d.passkeys.map(parsePasskeyItem);
  if (passkeys.some((p) => p === null)) return null;
  return { totpEnabled: d.totpEnabled, passkeys: passkeys as PasskeyItem[], maxPasskeys: d.maxPasskeys };
};

export const parseTotpSetup: Parser<TotpSetupReply> = (d) =>
  isRecord(d) && isString(d.secret) && isString(d.uri) && isString(d.qrSvg) && d.qrSvg.startsWith('<svg') ? { secret: d.secret, uri: d.uri, qrSvg: d.qrSvg } : null;

const parseCreationOptions: Parser<PublicKeyCredentialCreationOptionsJSON> = (d) =>
  isRecord(d) && isString(d.challenge) && isRecord(d.rp) && isRecord(d.user) && isString(d.user.id) && Array.isArray(d.pubKeyCredParams)
    ? (d as unknown as PublicKeyCredentialCreationOptionsJSON)
    : null;

const parseRequestOptions: Parser<PublicKeyCredentialRequestOptionsJSON> = (d) =>
  isRecord(d) && isString(d.challenge) ? (d as unknown as PublicKeyCredentialRequestOptionsJSON) : null;

export const fetchTwoFactor = (options?: CallOptions): Promise<TwoFactorStatus> => api.get(TWO_FACTOR_API.status, parseTwoFactorStatus, undefined, options);

export const setupTotp = (options?: CallOptions): Promise<TotpSetupReply> => api.post(TWO_FACTOR_API.totpSetup, parseTotpSetup, {}, options);

export const enableTotp = (code: string, options?: CallOptions): Promise<true> => api.post(TWO_FACTOR_API.totpEnable, ignoreData, { code }, options);

export const disableTotp = (code: string, options?: CallOptions): Promise<true> => api.post(TWO_FACTOR_API.totpDisable, ignoreData, { code }, options);

export const passkeyCreationOptions = (options?: CallOptions): Promise<PublicKeyCredentialCreationOptionsJSON> =>
  api.post(TWO_FACTOR_API.passkeyOptions, parseCreationOptions, {}, options);

export const registerPasskey = (response: RegistrationResponseJSON, name: string, options?: CallOptions): Promise<PasskeyItem> =>
  api.post(TWO_FACTOR_API.passkeyRegister, parsePasskeyItem, { response, name }, options);

export const removePasskey = (body: { id: string; totpCode?: string; password?: string }, options?: CallOptions): Promise<true> =>
  api.post(TWO_FACTOR_API.passkeyRemove, ignoreData, body, options);

export const passkeyRequestOptions = (options?: CallOptions): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  api.post(TWO_FACTOR_API.passkeyLoginOptions, parseRequestOptions, {}, options);

export const passkeyLogin = (response: AuthenticationResponseJSON, options?: CallOptions): Promise<LoginReply> =>
  api.post(TWO_FACTOR_API.passkeyLogin, parseLoginReply, { response }, options);
