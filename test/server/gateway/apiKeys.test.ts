// /app/apiKeys/*: a user makes (secret shown once), lists (never a secret) and revokes their own API keys; bad
// input is refused with its catalogue code and message, and stores nothing. A key made here signs Binance requests.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, API_KEYS_PER_USER } from '../../../server/contract/api.ts';
import { API_KEY_ERROR_CODES } from '../../../server/contract/errors.ts';
import { LOCALES } from '../../../server/contract/locales.ts';
import { loadCatalogs } from '../../../server/i18n/messages.ts';
import { describeDialects } from '../dialects.ts';
import { openSpotHarness, type SpotHarness } from './spot/harness.ts';

let saved: string | undefined;
beforeAll(() => {
  // The harness gives the app no data directory: the master key comes from here, not a file under ./data.
  saved = process.env['API_KEY_SECRET'];
  process.env['API_KEY_SECRET'] = 'test-master-key-of-at-least-32-characters';
});
afterAll(() => {
  if (saved === undefined) delete process.env['API_KEY_SECRET'];
  else process.env['API_KEY_SECRET'] = saved;
});

describe('api key refusal messages', () => {
  const catalogs = loadCatalogs();
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it.each(LOCALES)('%s has each code, translated, with the English placeholders', (locale) => {
    const en = catalogs.get('en')!;
    for (const code of API_KEY_ERROR_CODES) {
      const text = catalogs.get(locale)!.get(code);
      expect(text, `${locale}: ${code}`).toBeTruthy();
      expect(placeholders(text!), code).toEqual(placeholders(en.get(code)!));
      if (locale !== 'en') expect(text, code).not.toBe(en.get(code));
    }
  });
});

describeDialects('api key routes', (dialect) => {
  let h: SpotHarness;
  let ticket: string;
  beforeEach(async () => {
    h = await openSpotHarness(dialect);
    ticket = (await h.signUp('keys@example.com')).ticket;
  });
  afterEach(async () => h.dispose());
  const create = (body: unknown, lang?: string) => h.call('POST', API.apiKeyCreate, { body, ticket, ...(lang ? { lang } : {}) });
  const list = async () => (await h.call('GET', API.apiKeyList, { ticket })).body.data.list;

  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const made = await create({ label: '  my bot  ', trade: true, ips: ['203.0.113.7', '2001:db8::1', '203.0.113.7'] });
    expect(made.body.code).toBe('success');
    expect(made.body.data.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(made.body.data.secret).toMatch(/^[A-Za-z0-9]{64}$/);
    await create({ trade: false });
    const keys = await list();
    expect(keys).toHaveLength(2);
    const mine = keys.find((k: { apiKey: string }) => k.apiKey === made.body.data.apiKey);
    expect(mine).toEqual({ apiKey: made.body.data.apiKey, label: 'my bot', trade: true, ips: ['203.0.113.7', '2001:db8::1'], createTime: h.clock.now(), revokeTime: null });
    expect(JSON.stringify(keys)).not.toContain(made.body.data.secret);

    const revoked = await h.call('POST', API.apiKeyRevoke, { body: { apiKey: made.body.data.apiKey }, ticket });
    expect(revoked.body).toMatchObject({ code: 'success', data: { apiKey: made.body.data.apiKey, revoked: true } });
    expect((await list()).find((k: { apiKey: string }) => k.apiKey === made.body.data.apiKey).revokeTime).toBe(h.clock.now());
    const again = await h.call('POST', API.apiKeyRevoke, { body: { apiKey: made.body.data.apiKey }, ticket, lang: 'ja' });
    expect(again.body).toMatchObject({ code: 'apikey.not.found', msg: 'この API キーは存在しないか、すでに無効化されています。' });
  });

  it('refuses bad input with its code and a message in the request\'s language, storing nothing', async () => {
    const refusals: Array<[unknown, string, string | null]> = [
      [{ label: 'x'.repeat(33), trade: true }, 'apikey.label.invalid', null],
      [{ label: '   ', trade: true }, 'apikey.label.invalid', null],
      [{ label: 'line\nbreak', trade: true }, 'apikey.label.invalid', null],
      [{ trade: true, ips: ['10.0.0.300'] }, 'apikey.ip.invalid', null],
      [{ trade: true, ips: ['localhost'] }, 'apikey.ip.invalid', null],
      [{ trade: true, ips: Array.from({ length: 31 }, (_, i) => `10.0.0.${i + 1}`) }, 'apikey.ip.too.many', 'An API key can allow at most 30 addresses.'],
      [{ label: 'ok' }, 'validate.required', null],
      [{ trade: 'yes' }, 'request.invalid', null],
      [{ trade: true, secret: 'mine' }, 'request.invalid', null],
    ];
    for (const [body, code, msg] of refusals) {
      const r = await create(body);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      if (msg !== null) expect(r.body.msg).toBe(msg);
    }
    const es = await create({ label: 'x'.repeat(33), trade: true }, 'es');
    expect(es.body).toEqual({ code: 'apikey.label.invalid', msg: 'La etiqueta debe tener entre 1 y 32 caracteres, sin saltos de línea ni caracteres de control.', data: { max: 32 } });
    expect(await list()).toEqual([]);
    // 32 characters (counted as characters, not UTF-16 units) is fine.
    expect((await create({ label: '🔑'.repeat(32), trade: false })).body.code).toBe('success');
  });

  it('needs a session, keeps users apart and limits live keys per user', async () => {
    expect((await h.call('POST', API.apiKeyCreate, { body: { trade: true } })).body.code).toBe('login.user.not.login');
    expect((await h.call('GET', API.apiKeyList)).body.code).toBe('login.user.not.login');
    const other = await h.signUp('other@example.com');
    const theirs = (await h.call('POST', API.apiKeyCreate, { body: { trade: true }, ticket: other.ticket })).body.data.apiKey;
    expect((await h.call('POST', API.apiKeyRevoke, { body: { apiKey: theirs }, ticket })).body.code).toBe('apikey.not.found');
    expect(await list()).toEqual([]);

    const made = await Promise.all(Array.from({ length: API_KEYS_PER_USER + 2 }, () => create({ trade: false })));
    expect(made.filter((r) => r.body.code === 'success')).toHaveLength(API_KEYS_PER_USER);
    const over = made.find((r) => r.body.code !== 'success');
    expect(over?.body).toMatchObject({ code: 'apikey.limit.reached', data: { max: API_KEYS_PER_USER }, msg: `You already have ${API_KEYS_PER_USER} API keys. Revoke one before creating another.` });
    expect(await list()).toHaveLength(API_KEYS_PER_USER);
    await h.call('POST', API.apiKeyRevoke, { body: { apiKey: made[0]!.body.data.apiKey }, ticket });
    expect((await create({ trade: false })).body.code).toBe('success');
  });

  it('makes a key that signs Binance-compatible requests', async () => {
    const { apiKey, secret } = (await create({ trade: false })).body.data;
    const query = `timestamp=${h.clock.now()}`;
    const signature = createHmac('sha256', secret).update(query).digest('hex');
    const raw = await h.app.inject({ method: 'GET', url: `/api/v3/account?${query}&signature=${signature}`, headers: { 'x-mbx-apikey': apiKey } });
    expect(raw.statusCode).toBe(200);
    expect(raw.json()).toMatchObject({ canTrade: false, accountType: 'SPOT' });
  });
});
