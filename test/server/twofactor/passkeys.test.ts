// Passkeys through the app API (issue 21), with a software authenticator (authenticator.ts: ES256 keys from
// node:crypto) so the real WebAuthn verification runs: add, list, remove (only one's own, and only with the
// password or a TOTP code), sign in with one; challenges are single use, expire, and are bound to their user or
// their options call; the counter only goes up; the origin and the relying party must be the site's. On SQLite
// and PostgreSQL.
import { generate } from 'otplib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PASSKEYS_PER_USER, TWO_FACTOR_API, type PasskeyItem } from '../../../server/contract/twofactor.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, PASSWORD, type Harness } from '../harness.ts';
import { assert, attest, newSoftKey, type SoftKey } from './authenticator.ts';

const A = 'alice@example.com';
const B = 'bob@example.com';
const HOST = 'exchange.test';
const ORIGIN = `http://${HOST}`;

describeDialects('passkeys', (dialect) => {
  let h: Harness;
  let alice: string;
  let bob: string;

  beforeEach(async () => {
    h = await openHarness(dialect);
    alice = await h.signUp(A);
    bob = await h.signUp(B);
  }, 30_000);
  afterEach(async () => h.dispose());

  const post = (url: string, ticket: string | undefined, body: unknown = {}, host = HOST) =>
    h.call('POST', url, { ...(ticket ? { ticket } : {}), body, headers: { host } });
  const list = async (ticket: string) => ((await h.call('GET', TWO_FACTOR_API.status, { ticket })).body.data as { passkeys: PasskeyItem[] }).passkeys;

  async function registrationOptions(ticket: string) {
    const r = await post(TWO_FACTOR_API.passkeyOptions, ticket);
    expect(r.body.code).toBe('success');
    return r.body.data as { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string }; excludeCredentials: { id: string }[] };
  }

  async function add(ticket: string, key = newSoftKey(), name?: string): Promise<SoftKey> {
    const options = await registrationOptions(ticket);
    const response = attest(key, { rpID: HOST, origin: ORIGIN, challenge: options.challenge, userId: options.user.id });
    const r = await post(TWO_FACTOR_API.passkeyRegister, ticket, { response, ...(name ? { name } : {}) });
    expect(r.body.code, r.body.msg).toBe('success');
    return key;
  }

  async function loginOptions() {
    const r = await post(TWO_FACTOR_API.passkeyLoginOptions, undefined);
    expect(r.body.code).toBe('success');
    return r.body.data as { challenge: string; rpId: string; allowCredentials?: unknown[] };
  }

  it('adds a passkey with a name and lists it; tells the owner', async () => {
    const options = await registrationOptions(alice);
    expect(options.rp).toEqual({ id: HOST, name: 'OpenEx' });
    expect(options.user.name).toBe(A);
    const key = newSoftKey();
    const response = attest(key, { rpID: HOST, origin: ORIGIN, challenge: options.challenge, userId: options.user.id });
    const before = (await h.store.outbox.list(100)).length;
    const r = await post(TWO_FACTOR_API.passkeyRegister, alice, { response, name: '  My laptop ' });
    expect(r.body.code).toBe('success');
    expect(r.body.data).toMatchObject({ id: key.id, name: 'My laptop', createdAt: h.clock.now(), lastUsedAt: null });
    expect(await list(alice)).toEqual([r.body.data]);
    expect(await list(bob)).toEqual([]);
    expect((await h.store.outbox.list(100)).length).toBe(before + 1);
    expect((await h.store.twoFactor.summary((await h.store.users.findByEmail(A))!.id))).toEqual({ totpEnabled: false, passkeys: 1 });
    // The same authenticator is excluded from the next registration.
    expect((await registrationOptions(alice)).excludeCredentials.map((c) => c.id)).toEqual([key.id]);
  });

  it('signs in with a passkey: a session, the last use recorded, the counter moved on', async () => {
    const key = await add(alice);
    const options = await loginOptions();
    expect(options.rpId).toBe(HOST);
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: no account asked
    h.clock.advance(5_000);
    const r = await post(TWO_FACTOR_API.passkeyLogin, undefined, { response: assert(key, { rpID: HOST, origin: ORIGIN, challenge: options.challenge }) });
    expect(r.body.code, r.body.msg).toBe('success');
    const info = await h.call('GET', '/app/account/getUserInfo', { ticket: r.body.data.token });
    expect(info.body.data.email).toBe(A);
    expect(await list(alice)).toMatchObject([{ id: key.id, lastUsedAt: h.clock.now() }]);
    expect((await h.store.twoFactor.passkey(key.id))?.counter).toBe(1);
  });

  it('uses each challenge once, and not after it expired', async () => {
    const key = await add(alice);
    const options = await loginOptions();
    const response = assert(key, { rpID: HOST, origin: ORIGIN, challenge: options.challenge });
    expect((await post(TWO_FACTOR_API.passkeyLogin, undefined, { response })).body.code).toBe('success');
    expect((await post(TWO_FACTOR_API.passkeyLogin, undefined, { response })).body.code).toBe('passkey.challenge.expired');
    // A fresh challenge the server never gave out.
    expect((await post(TWO_FACTOR_API.passkeyLogin, undefined, { response: assert(key, { rpID: HOST, origin: ORIGIN, challenge: 'bm90LWdpdmVuLW91dA' }) })).body.code).toBe('passkey.challenge.expired');

    const late = await loginOptions();
    h.clock.advance(5 * 60_000);
    const r = await post(TWO_FACTOR_API.passkeyLogin, undefined, { response: assert(key, { rpID: HOST, origin: ORIGIN, challenge: late.challenge }) });
    expect(r.body.code).toBe('passkey.challenge.expired');

    // A registration challenge is its user's: Bob can't register with Alice's.
    const hers = await registrationOptions(alice);
    const bobs = attest(newSoftKey(), { rpID: HOST, origin: ORIGIN, challenge: hers.challenge, userId: hers.user.id });
    expect((await post(TWO_FACTOR_API.passkeyRegister, bob, { response: bobs })).body.code).toBe('passkey.challenge.expired');
    // A sign-in challenge is not a registration challenge.
    const signIn = await loginOptions();
    const wrongKind = attest(newSoftKey(), { rpID: HOST, origin: ORIGIN, challenge: signIn.challenge, userId: hers.user.id });
    expect((await post(TWO_FACTOR_API.passkeyRegister, alice, { response: wrongKind })).body.code).toBe('passkey.challenge.expired');
    expect(await list(bob)).toEqual([]);
  });

  it('refuses another origin or site, an old counter, no user verification, an unknown key, an IP address', async () => {
    const key = await add(alice);
    const sign = async (over: { origin?: string; rpID?: string; counter?: number; noUv?: boolean }, k = key) => {
      const options = await loginOptions();
      const response = assert(k, { rpID: over.rpID ?? HOST, origin: over.origin ?? ORIGIN, challenge: options.challenge, ...over });
      return (await post(TWO_FACTOR_API.passkeyLogin, undefined, { response })).body.code;
    };
    expect(await sign({ origin: 'http://evil.test' })).toBe('passkey.invalid');
    expect(await sign({ rpID: 'evil.test' })).toBe('passkey.invalid');
    expect(await sign({ noUv: true })).toBe('passkey.invalid');
    expect(await sign({ counter: 5 })).toBe('success');
    expect(await sign({ counter: 5 })).toBe('passkey.invalid'); // a clone with the same counter
    expect(await sign({ counter: 3 })).toBe('passkey.invalid');
    expect(await sign({ counter: 6 })).toBe('success');
    expect(await sign({}, newSoftKey())).toBe('passkey.not.found');
    // Two sign-ins that read the same counter: the store moves it on for the first only.
    expect((await h.store.twoFactor.passkey(key.id))?.counter).toBe(6);
    expect(await h.store.twoFactor.usePasskey(key.id, 5, 7, h.clock.now())).toBe(false);
    expect(await h.store.twoFactor.usePasskey(key.id, 6, 7, h.clock.now())).toBe(true);

    // Registration: no user verification, another origin.
    for (const over of [{ noUv: true }, { origin: 'http://evil.test' }]) {
      const options = await registrationOptions(bob);
      const response = attest(newSoftKey(), { rpID: HOST, origin: ORIGIN, challenge: options.challenge, userId: options.user.id, ...over });
      expect((await post(TWO_FACTOR_API.passkeyRegister, bob, { response })).body.code).toBe('passkey.invalid');
    }
    expect(await list(bob)).toEqual([]);
    // A bare IP address is no relying party.
    expect((await post(TWO_FACTOR_API.passkeyLoginOptions, undefined, {}, '127.0.0.1:8080')).body.code).toBe('passkey.unavailable');
    expect((await post(TWO_FACTOR_API.passkeyOptions, alice, {}, '[::1]:8080')).body.code).toBe('passkey.unavailable');
    // Malformed responses change nothing.
    expect((await post(TWO_FACTOR_API.passkeyLogin, undefined, { response: { id: 'x' } })).body.code).toBe('validate.required');
  });

  it('refuses a frozen account', async () => {
    const key = await add(alice);
    await h.store.users.setFrozen((await h.store.users.findByEmail(A))!.id, true, h.clock.now());
    const options = await loginOptions();
    const r = await post(TWO_FACTOR_API.passkeyLogin, undefined, { response: assert(key, { rpID: HOST, origin: ORIGIN, challenge: options.challenge }) });
    expect(r.body.code).toBe('account.frozen');
  });

  it('lets only the owner remove a passkey, with the login password (TOTP off) or a TOTP code (on)', async () => {
    const key = await add(alice);
    const bobsKey = await add(bob);
    // Bob names Alice's passkey: as if there were none (and his password is right).
    expect((await post(TWO_FACTOR_API.passkeyRemove, bob, { id: key.id, password: PASSWORD })).body.code).toBe('passkey.not.found');
    expect(await list(alice)).toHaveLength(1);
    expect((await post(TWO_FACTOR_API.passkeyRemove, alice, { id: key.id })).body.code).toBe('validate.required');
    expect((await post(TWO_FACTOR_API.passkeyRemove, alice, { id: key.id, password: 'Wrong12345' })).body.code).toBe('security.password.wrong');
    expect(await list(alice)).toHaveLength(1);
    expect((await post(TWO_FACTOR_API.passkeyRemove, alice, { id: key.id, password: PASSWORD })).body.code).toBe('success');
    expect(await list(alice)).toEqual([]);
    expect(await list(bob)).toMatchObject([{ id: bobsKey.id }]);
    // Gone: it no longer signs in.
    const options = await loginOptions();
    expect((await post(TWO_FACTOR_API.passkeyLogin, undefined, { response: assert(key, { rpID: HOST, origin: ORIGIN, challenge: options.challenge }) })).body.code).toBe('passkey.not.found');

    // With TOTP on, the password is not enough: a fresh code is.
    const secret = (await post(TWO_FACTOR_API.totpSetup, bob)).body.data.secret as string;
    const code = await generate({ secret, epoch: Math.floor(h.clock.now() / 1000) });
    expect((await post(TWO_FACTOR_API.totpEnable, bob, { code })).body.code).toBe('success');
    expect((await post(TWO_FACTOR_API.passkeyRemove, bob, { id: bobsKey.id, password: PASSWORD })).body.code).toBe('validate.required');
    expect((await post(TWO_FACTOR_API.passkeyRemove, bob, { id: bobsKey.id, totpCode: code })).body.code).toBe('totp.code.used');
    h.clock.advance(30_000);
    const next = await generate({ secret, epoch: Math.floor(h.clock.now() / 1000) });
    expect((await post(TWO_FACTOR_API.passkeyRemove, bob, { id: bobsKey.id, totpCode: next })).body.code).toBe('success');
    expect(await list(bob)).toEqual([]);
  });

  it(`keeps at most ${PASSKEYS_PER_USER} passkeys, with names in rule`, async () => {
    const options = await registrationOptions(alice);
    const long = attest(newSoftKey(), { rpID: HOST, origin: ORIGIN, challenge: options.challenge, userId: options.user.id });
    expect((await post(TWO_FACTOR_API.passkeyRegister, alice, { response: long, name: 'x'.repeat(41) })).body.code).toBe('passkey.name.invalid');
    for (let i = 0; i < PASSKEYS_PER_USER; i += 1) {
      await add(alice);
      h.clock.advance(1); // listed oldest first
    }
    expect((await list(alice)).map((p) => p.name)).toEqual(Array.from({ length: PASSKEYS_PER_USER }, (_, i) => `Passkey ${i + 1}`));
    const r = await post(TWO_FACTOR_API.passkeyOptions, alice);
    expect(r.body).toMatchObject({ code: 'passkey.limit.reached', data: { max: PASSKEYS_PER_USER } });
  });

  it('needs a session for the account routes', async () => {
    for (const url of [TWO_FACTOR_API.passkeyOptions, TWO_FACTOR_API.totpSetup]) {
      expect((await post(url, undefined)).body.code).toBe('login.user.not.login');
    }
  });
});
