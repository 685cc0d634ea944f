// E-mail addresses as RFC 5321 mailboxes (server/contract/validate.ts, the one rule of the web app and the server):
// a table of addresses either side of each limit, then the app API: a new address must pass, while an account
// registered under the earlier, looser rule can still sign in and reset its password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { createUser } from '../../server/accounts/identity.ts';
import { checkAccount, EMAIL_MAX, isEmail } from '../../server/contract/validate.ts';
import { describeDialects } from './dialects.ts';
import { openHarness, PASSWORD, type Harness } from './harness.ts';

const label = (n: number, c = 'a') => c.repeat(n);
/** A host name of exactly `n` octets: labels of at most 63 octets in front of `io`. */
const domainOf = (n: number) => {
  let d = 'io';
  while (d.length < n) {
    const room = n - d.length - 1;
    // Never leave exactly one octet: it could not hold a dot and a label.
    const take = Math.min(63, room === 64 ? 62 : room);
    d = `${label(take, 'd')}.${d}`;
  }
  return d;
};

const VALID = [
  'user@example.com',
  'a@x.io',
  'first.last@example.co.uk',
  'user+tag@example.com',
  "o'brien@example.ie",
  "!#$%&'*+-/=?^_`{|}~@example.org",
  'x_y-z@sub-domain.example.com',
  'USER@EXAMPLE.COM',
  '1234@example.com',
  'user@123.example.com',
  'user@xn--bcher-kva.example',
  'user@a1.b2',
  `${label(64)}@example.com`,
  `u@${label(63)}.com`,
  `${label(64)}@${domainOf(EMAIL_MAX - 65)}`,
];

const INVALID: [string, string][] = [
  ['.a@x.io', 'leading dot'],
  ['a.@x.io', 'trailing dot'],
  ['a..b@x.io', 'double dot'],
  ['.@x.io', 'dot alone'],
  ['@x.io', 'empty local part'],
  ['a@', 'empty domain'],
  ['a', 'no @'],
  ['a@b@x.io', 'two @'],
  ['"john doe"@example.com', 'quoted local part'],
  ['"a"@example.com', 'quoted local part'],
  ['a b@example.com', 'space'],
  ['a(comment)@example.com', 'comment characters'],
  ['a,b@example.com', 'comma'],
  ['a;b@example.com', 'semicolon'],
  ['a\\b@example.com', 'backslash'],
  ['a[b]@example.com', 'brackets'],
  ['jöhn@example.com', 'non-ASCII local part'],
  ['user@bücher.example', 'non-ASCII domain (use xn--)'],
  ['user@[192.0.2.1]', 'address literal'],
  ['user@[IPv6:2001:db8::1]', 'IPv6 literal'],
  ['user@localhost', 'single label'],
  ['user@x', 'single label'],
  ['user@example.123', 'numeric top-level label'],
  ['user@1.2.3.4', 'IP address written as a name'],
  ['user@-example.com', 'label starts with a hyphen'],
  ['user@example-.com', 'label ends with a hyphen'],
  ['user@exa_mple.com', 'underscore in the domain'],
  ['user@example..com', 'empty label'],
  ['user@.example.com', 'leading dot in the domain'],
  ['user@example.com.', 'trailing dot in the domain'],
  ['user@example.com ', 'trailing space (isEmail gets it untrimmed)'],
  [`${label(65)}@example.com`, 'local part of 65 octets'],
  [`u@${label(64)}.com`, 'label of 64 octets'],
  [`${label(64)}@${domainOf(EMAIL_MAX - 64)}`, 'address of 255 octets'],
];

describe('e-mail addresses as RFC 5321 mailboxes', () => {
  it('the table is built as meant', () => {
    expect(`${label(64)}@${domainOf(EMAIL_MAX - 65)}`).toHaveLength(EMAIL_MAX);
    expect(`${label(64)}@${domainOf(EMAIL_MAX - 64)}`).toHaveLength(EMAIL_MAX + 1);
    for (const n of [100, 189, 190, 191, 253]) expect(domainOf(n)).toHaveLength(n);
  });

  it.each(VALID)('accepts %s', (address) => {
    expect(isEmail(address)).toBe(true);
    expect(checkAccount('email', address)).toBeNull();
    expect(checkAccount('email', ` ${address} `)).toBeNull();
  });

  it.each(INVALID)('refuses %s (%s)', (address) => {
    expect(isEmail(address)).toBe(false);
    if (address.trim() !== address) return;
    expect(checkAccount('email', address)).toBe('validate.email.format');
  });

  it('an existing account is named by the earlier rule, which takes every new address too', () => {
    for (const earlier of ['.a@x.io', 'a.@x.io', 'user@example.123']) {
      expect(checkAccount('email', earlier)).toBe('validate.email.format');
      expect(checkAccount('email', earlier, 'existing')).toBeNull();
    }
    for (const address of VALID) expect(checkAccount('email', address, 'existing')).toBeNull();
    for (const never of ['a..b@x.io', 'a b@x.io', '"q"@x.io', 'user@localhost', 'a@[1.2.3.4]', '']) {
      expect(checkAccount('email', never, 'existing')).not.toBeNull();
    }
  });
});

describeDialects('e-mail rule in the app API', (dialect) => {
  let h: Harness;
  const EARLIER = '.early@example.com';

  beforeAll(async () => {
    h = await openHarness(dialect);
    // Registered before the mailbox rule: the store holds it as it was accepted then.
    const passwordHash = await argon2Hasher().hash(PASSWORD);
    await h.store.transaction((tx) => createUser(tx, { email: EARLIER, phone: null, passwordHash, referrerId: null, now: h.clock.now() }));
  });
  afterAll(() => h?.dispose());

  it('a leading-dot address is refused at sign-up, and nothing is stored', async () => {
    const before = await h.counts();
    for (const account of ['.a@x.io', 'a..b@x.io', 'user@example.123']) {
      const sent = await h.call('POST', '/app/account/sendCode', { body: { channel: 'email', account, purpose: 'register' } });
      expect(sent.body.code).toBe('validate.email.format');
      const reg = await h.call('POST', '/app/account/register', { body: { channel: 'email', account, code: '123456', password: PASSWORD, agree: true } });
      expect(reg.body.code).toBe('validate.email.format');
    }
    expect(await h.counts()).toEqual(before);
    await h.signUp('first.last+x@example.com');
  });

  it('an account registered under the earlier rule still signs in and can reset its password', async () => {
    const login = await h.call('POST', '/app/account/login', { body: { account: EARLIER, password: PASSWORD } });
    expect(login.body.code).toBe('success');
    const sent = await h.call('POST', '/app/account/sendCode', { body: { channel: 'email', account: EARLIER, purpose: 'reset' } });
    expect(sent.body.code).toBe('success');
    const code = await h.latestCode(EARLIER);
    const reset = await h.call('POST', '/app/account/resetPassword', { body: { channel: 'email', account: EARLIER, code, password: 'Newer12345' } });
    expect(reset.body.code).toBe('success');
    expect((await h.call('POST', '/app/account/login', { body: { account: EARLIER, password: 'Newer12345' } })).body.code).toBe('success');
    // Signing in with an address no rule ever took is still a format error, before any lookup.
    expect((await h.call('POST', '/app/account/login', { body: { account: 'a..b@x.io', password: PASSWORD } })).body.code).toBe('validate.email.format');
  });
});
