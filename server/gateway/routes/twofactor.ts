// /app/security/totp/* and /app/security/passkeys/* (signed in), and passkey sign-in (/app/account/passkey/*: no
// session yet). The rules are the services' (accounts/twofactor/totp.ts, passkeys.ts; README.md there); this file
// checks shapes (TypeBox), works out the relying party of the request, tells the owner of every change
// (securityEvents: an e-mail, and for TOTP the withdrawal lock) and starts the session of a passkey sign-in through
// the account service (completeLogin: recorded like any sign-in; a frozen account refused).
//
// The relying party: PUBLIC_URL (e.g. https://exchange.example, the site's public address, also the invitation links'), when set, names the site for every request:
// set it in production behind a proxy, so the Host a client sends can't pick the rpID. Without it, the request's own
// host name (Host, or X-Forwarded-Host/-Proto through a trusted proxy) and protocol are used, which is what a direct
// or development server needs. A bare IP address can't be a relying party (WebAuthn needs a domain): passkey.unavailable.
import { isIP } from 'node:net';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { createLimiter } from '../../accounts/limiter.ts';
import { createPasskeys, type RelyingParty } from '../../accounts/twofactor/passkeys.ts';
import { bindTwoFactorKey } from '../../accounts/twofactor/secret-key.ts';
import { createTotp } from '../../accounts/twofactor/totp.ts';
import { PASSKEYS_PER_USER, TWO_FACTOR_API, type TwoFactorStatus } from '../../contract/twofactor.ts';
import { fail } from '../../errors.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';

const closed = { additionalProperties: false } as const;
const B64 = (maxLength: number) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$' });
const Code = Type.String({ maxLength: 16 });
const Attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]));
const Extensions = Type.Object({}, { additionalProperties: true });

const RegistrationResponse = Type.Object({
  id: B64(1024),
  rawId: B64(1024),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: Extensions,
  response: Type.Object({
    clientDataJSON: B64(4096),
    attestationObject: B64(16384),
    authenticatorData: Type.Optional(B64(16384)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(B64(8192)),
  }),
});
const AuthenticationResponse = Type.Object({
  id: B64(1024),
  rawId: B64(1024),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: Extensions,
  response: Type.Object({
    clientDataJSON: B64(4096),
    authenticatorData: B64(16384),
    // Room for post-quantum signatures (ML-DSA-87: 4627 bytes), which the library verifies and browsers may pick.
    signature: B64(8192),
    userHandle: Type.Optional(B64(256)),
  }),
});

const CodeBody = Type.Object({ code: Code }, closed);
const RegisterBody = Type.Object({ response: RegistrationResponse, name: Type.Optional(Type.String({ maxLength: 200 })) }, closed);
const RemoveBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }), totpCode: Type.Optional(Code), password: Type.Optional(Type.String({ maxLength: 256 })) }, closed);
const LoginBody = Type.Object({ response: AuthenticationResponse }, closed);

const parseCode = parser(CodeBody);
const parseRegister = parser(RegisterBody);
const parseRemove = parser(RemoveBody);
const parseLogin = parser(LoginBody);

/** Passkey sign-in options per client address: each stores a challenge, so a stranger can't fill the table. */
const LOGIN_OPTIONS_RULE = { name: 'passkey:options:address', limit: 30, windowMs: 60_000 } as const;

/** The site passkeys belong to, for this request (see the top of this file). */
export function relyingParty(request: FastifyRequest, configured: string | undefined = process.env['PUBLIC_URL']): RelyingParty {
  let rp: RelyingParty;
  if (configured?.trim()) {
    const url = new URL(configured.trim());
    rp = { rpID: url.hostname, origin: url.origin };
  } else {
    rp = { rpID: request.hostname, origin: `${request.protocol}://${request.host}` };
  }
  if (rp.rpID === '' || isIP(rp.rpID.replace(/^\[|\]$/g, '')) !== 0) fail('passkey.unavailable');
  return rp;
}

export function twoFactorRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { store, clock, accounts, envelopes, hasher } = deps;
  const key = bindTwoFactorKey(store, deps.dataDir);
  const totp = createTotp({ store, clock, guard: accounts.secrets, key });
  const passkeys = createPasskeys({ store, clock, key, totp, hasher, guard: accounts.secrets });
  const limiter = createLimiter(store.rateLimits);
  const signedIn = async (request: FastifyRequest) => (await accounts.sessions.authenticate(requestContext(request).ticket)).user;
  const done = null;

  app.get(TWO_FACTOR_API.status, async (request) => {
    const user = await signedIn(request);
    const reply: TwoFactorStatus = { totpEnabled: await totp.enabled(user.id), passkeys: await passkeys.list(user.id), maxPasskeys: PASSKEYS_PER_USER };
    return envelopes.success(request, reply);
  });

  app.post(TWO_FACTOR_API.totpSetup, async (request) => {
    const user = await signedIn(request);
    return envelopes.success(request, await totp.setup(user));
  });

  app.post(TWO_FACTOR_API.totpEnable, async (request) => {
    const body = parseCode(request.body);
    const user = await signedIn(request);
    await totp.enable(user.id, body.code.trim());
    await accounts.securityEvents.changed(user, 'totp.enabled', requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(TWO_FACTOR_API.totpDisable, async (request) => {
    const body = parseCode(request.body);
    const user = await signedIn(request);
    await totp.disable(user.id, body.code.trim());
    await accounts.securityEvents.changed(user, 'totp.disabled', requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(TWO_FACTOR_API.passkeyOptions, async (request) => {
    const user = await signedIn(request);
    return envelopes.success(request, await passkeys.registrationOptions(user, relyingParty(request)));
  });

  app.post(TWO_FACTOR_API.passkeyRegister, async (request) => {
    const body = parseRegister(request.body);
    const user = await signedIn(request);
    const count = (await passkeys.list(user.id)).length;
    const response: RegistrationResponseJSON = body.response;
    const item = await passkeys.register(user, response, body.name ?? `Passkey ${count + 1}`, relyingParty(request));
    await accounts.securityEvents.changed(user, 'passkey.added', requestContext(request));
    return envelopes.success(request, item);
  });

  app.post(TWO_FACTOR_API.passkeyRemove, async (request) => {
    const body = parseRemove(request.body);
    const user = await signedIn(request);
    await passkeys.remove(user, body.id, { totpCode: body.totpCode, password: body.password });
    await accounts.securityEvents.changed(user, 'passkey.removed', requestContext(request));
    return envelopes.success(request, done);
  });

  app.post(TWO_FACTOR_API.passkeyLoginOptions, async (request) => {
    const rp = relyingParty(request);
    await limiter.consume(LOGIN_OPTIONS_RULE, requestContext(request).address, clock());
    return envelopes.success(request, await passkeys.loginOptions(rp));
  });

  app.post(TWO_FACTOR_API.passkeyLogin, async (request) => {
    const body = parseLogin(request.body);
    const ctx = requestContext(request);
    const response: AuthenticationResponseJSON = body.response;
    const user = await passkeys.login(response, relyingParty(request));
    if (user.frozen) fail('account.frozen');
    return envelopes.success(request, await accounts.completeLogin(user, ctx, 'passkey'));
  });
}
