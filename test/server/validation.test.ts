// Every field rule of the app API (spec §5 and the contract): each bad input gets its own key and its status,
// and nothing is stored (no user, session, code or outbox message).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../server/contract/api.ts';
import type { ErrorCode } from '../../server/contract/errors.ts';
import { describeDialects } from './dialects.ts';
import { openHarness, PASSWORD, type Harness } from './harness.ts';

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  expected: ErrorCode;
  status: number;
}

const KNOWN = 'known@example.com';
const reg = (over: Record<string, unknown>) => ({
  channel: 'email', account: 'new@example.com', code: '123456', password: PASSWORD, agree: true, ...over,
});
const reset = (over: Record<string, unknown>) => ({ channel: 'email', account: KNOWN, code: '123456', password: PASSWORD, ...over });
const send = (over: Record<string, unknown>) => ({ channel: 'email', account: 'new@example.com', purpose: 'register', ...over });
const page = (body: unknown, path: string = API.coinList): Case => ({
  name: `${path} ${JSON.stringify(body)}`, path, body, expected: 'validate.page.invalid', status: 200,
});

const CASES: Case[] = [
  // the request as a whole
  { name: 'malformed JSON', path: API.login, rawBody: '{"account":', expected: 'request.invalid', status: 400 },
  { name: 'body is an array', path: API.login, body: [], expected: 'request.invalid', status: 400 },
  { name: 'no body', path: API.register, expected: 'request.invalid', status: 400 },
  { name: 'text body', path: API.login, rawBody: 'hello', headers: { 'content-type': 'text/plain' }, expected: 'request.invalid', status: 400 },
  { name: 'unsupported media type', path: API.login, rawBody: '<a/>', headers: { 'content-type': 'application/xml' }, expected: 'request.invalid', status: 415 },
  { name: 'unknown /app path', path: '/app/account/nothing', body: {}, expected: 'request.not.found', status: 404 },
  // sendCode
  { name: 'sendCode without account', path: API.sendCode, body: { channel: 'email', purpose: 'register' }, expected: 'validate.required', status: 200 },
  { name: 'sendCode blank account', path: API.sendCode, body: send({ account: '  ' }), expected: 'validate.required', status: 200 },
  { name: 'sendCode unknown channel', path: API.sendCode, body: send({ channel: 'sms' }), expected: 'request.invalid', status: 400 },
  { name: 'sendCode unknown purpose', path: API.sendCode, body: send({ purpose: 'withdraw' }), expected: 'request.invalid', status: 400 },
  { name: 'sendCode login, unknown', path: API.sendCode, body: send({ purpose: 'login' }), expected: 'account.not.found', status: 200 },
  { name: 'sendCode numeric account', path: API.sendCode, body: send({ account: 12345678 }), expected: 'request.invalid', status: 400 },
  { name: 'sendCode bad e-mail', path: API.sendCode, body: send({ account: 'a@b' }), expected: 'validate.email.format', status: 200 },
  { name: 'sendCode bad phone', path: API.sendCode, body: send({ channel: 'phone', account: '12ab' }), expected: 'validate.phone.format', status: 200 },
  { name: 'sendCode register, registered', path: API.sendCode, body: send({ account: KNOWN }), expected: 'account.already.registered', status: 200 },
  { name: 'sendCode reset, unknown', path: API.sendCode, body: send({ purpose: 'reset' }), expected: 'account.not.found', status: 200 },
  { name: 'sendCode bind, no session', path: API.sendCode, body: send({ purpose: 'bind' }), expected: 'login.user.not.login', status: 200 },
  // register, in the spec's order: required, agreement, account, password, invite, registered, code
  { name: 'register without code', path: API.register, body: { ...reg({}), code: undefined }, expected: 'validate.required', status: 200 },
  { name: 'register blank password', path: API.register, body: reg({ password: '' }), expected: 'validate.required', status: 200 },
  { name: 'register without agree', path: API.register, body: { ...reg({}), agree: undefined }, expected: 'validate.required', status: 200 },
  { name: 'register agree as string', path: API.register, body: reg({ agree: 'true' }), expected: 'request.invalid', status: 400 },
  { name: 'register agree false (and bad e-mail)', path: API.register, body: reg({ agree: false, account: 'x' }), expected: 'register.agreement.required', status: 200 },
  { name: 'register bad e-mail (and password)', path: API.register, body: reg({ account: 'x@', password: 'short' }), expected: 'validate.email.format', status: 200 },
  { name: 'register bad phone', path: API.register, body: reg({ channel: 'phone', account: '+0123' }), expected: 'validate.phone.format', status: 200 },
  { name: 'register short password (and bad invite)', path: API.register, body: reg({ password: 'abc123', inviteCode: 'NOPE2345' }), expected: 'validate.password.format', status: 200 },
  { name: 'register password without digits', path: API.register, body: reg({ password: 'abcdefghij' }), expected: 'validate.password.format', status: 200 },
  { name: 'register password without letters', path: API.register, body: reg({ password: '1234567890' }), expected: 'validate.password.format', status: 200 },
  { name: 'register password of 33', path: API.register, body: reg({ password: `a${'1'.repeat(32)}` }), expected: 'validate.password.format', status: 200 },
  { name: 'register unknown invite (and registered)', path: API.register, body: reg({ account: KNOWN, inviteCode: 'NOPE2345' }), expected: 'register.invite.invalid', status: 200 },
  { name: 'register registered (and no code sent)', path: API.register, body: reg({ account: KNOWN }), expected: 'account.already.registered', status: 200 },
  { name: 'register with no code sent', path: API.register, body: reg({}), expected: 'verify.code.error', status: 200 },
  { name: 'register with a malformed code', path: API.register, body: reg({ code: '12ab' }), expected: 'verify.code.error', status: 200 },
  // login
  { name: 'login without password', path: API.login, body: { account: KNOWN }, expected: 'validate.required', status: 200 },
  { name: 'login blank account', path: API.login, body: { account: '', password: PASSWORD }, expected: 'validate.required', status: 200 },
  { name: 'login bad e-mail', path: API.login, body: { account: 'a@b', password: PASSWORD }, expected: 'validate.email.format', status: 200 },
  { name: 'login bad phone', path: API.login, body: { account: '12', password: PASSWORD }, expected: 'validate.phone.format', status: 200 },
  { name: 'login unknown account', path: API.login, body: { account: 'nobody@example.com', password: PASSWORD }, expected: 'login.failed', status: 200 },
  { name: 'login wrong password', path: API.login, body: { account: KNOWN, password: 'Wrong12345' }, expected: 'login.failed', status: 200 },
  // resetPassword
  { name: 'reset without account', path: API.resetPassword, body: { ...reset({}), account: undefined }, expected: 'validate.required', status: 200 },
  { name: 'reset bad e-mail', path: API.resetPassword, body: reset({ account: 'nope' }), expected: 'validate.email.format', status: 200 },
  { name: 'reset bad password', path: API.resetPassword, body: reset({ password: 'short1' }), expected: 'validate.password.format', status: 200 },
  { name: 'reset unknown account', path: API.resetPassword, body: reset({ account: 'nobody@example.com' }), expected: 'account.not.found', status: 200 },
  { name: 'reset with no code sent', path: API.resetPassword, body: reset({}), expected: 'verify.code.error', status: 200 },
  // pages
  page({ pageIndex: 0, pageSize: 10 }),
  page({ pageIndex: -1, pageSize: 10 }),
  page({ pageIndex: 1, pageSize: 0 }),
  page({ pageIndex: 1, pageSize: 101 }),
  page({ pageIndex: 1.5, pageSize: 10 }),
  page({ pageIndex: 1, pageSize: 2.5 }, API.productIndexList),
  { name: 'page as strings', path: API.coinList, body: { pageIndex: '1', pageSize: '10' }, expected: 'request.invalid', status: 400 },
  { name: 'page missing size', path: API.productIndexList, body: { pageIndex: 1 }, expected: 'validate.required', status: 200 },
  // system config
  { name: 'config without key', method: 'GET', path: API.systemConfig, expected: 'validate.required', status: 200 },
  { name: 'config blank key', method: 'GET', path: API.systemConfig, query: { key: '' }, expected: 'validate.required', status: 200 },
  { name: 'config unknown key', method: 'GET', path: API.systemConfig, query: { key: 'smtp_password' }, expected: 'config.key.unknown', status: 200 },
];

describeDialects('validation', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(dialect);
    await h.signUp(KNOWN);
  });
  afterAll(async () => h.dispose());

  it.each(CASES)('$name → $expected', async (c) => {
    const before = await h.counts();
    const reply = await h.call(c.method ?? 'POST', c.path, {
      ...(c.body !== undefined ? { body: c.body } : {}),
      ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : {}),
      ...(c.query ? { query: c.query } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
    });
    expect(reply.body.code).toBe(c.expected);
    expect(reply.status).toBe(c.status);
    expect(reply.body.msg).toEqual(expect.any(String));
    expect(reply.body.msg).not.toBe(c.expected);
    expect(await h.counts()).toEqual(before);
  });
});
