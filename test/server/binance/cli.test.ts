// `npm run admin -- apikey ...`: the operator makes a key the server then accepts, lists and revokes it; and the
// master key's file fallback (no API_KEY_SECRET) is made once, private, and reused.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { API_KEY_SECRET_FILE, decryptSecret, encryptSecret, loadMasterKey } from '../../../server/gateway/binance/keys.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

describeDialects('apikey CLI', (dialect) => {
  let h: BinanceHarness;
  let where: AdminOptions;
  beforeAll(async () => {
    h = await openBinance(dialect);
    where = { dataDir: h.t.target.dataDir, databaseUrl: h.t.target.databaseUrl, clock: h.clock.now };
    await h.user('op@example.com');
  });
  afterAll(() => h?.dispose());
  const admin = (...argv: string[]) => runAdmin(argv, where);

  it('creates read and trade keys the API accepts, lists them without secrets, revokes them', async () => {
    const made = await admin('apikey', 'create', '--email', 'op@example.com', '--trade', '--ip', '10.1.1.1,10.1.1.2', '--json');
    expect(made.exitCode, made.output).toBe(0);
    const key = JSON.parse(made.output) as { apiKey: string; secret: string };
    expect(key.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(key.secret).toMatch(/^[A-Za-z0-9]{64}$/);
    expect((await h.signed('GET', '/account', key, '', { address: '10.1.1.2' })).body).toMatchObject({ canTrade: true });
    expect((await h.signed('GET', '/account', key, '', { address: '10.1.1.3' })).body.code).toBe(-2015);

    const read = JSON.parse((await admin('apikey', 'create', '--email', 'op@example.com', '--json')).output) as { apiKey: string; secret: string };
    expect((await h.signed('GET', '/account', read, '')).body).toMatchObject({ canTrade: false });

    const list = await admin('apikey', 'list', '--email', 'op@example.com', '--json');
    expect(list.output).not.toContain(key.secret);
    expect(JSON.parse(list.output)).toEqual(expect.arrayContaining([
      expect.objectContaining({ apiKey: key.apiKey, canTrade: true, ips: ['10.1.1.1', '10.1.1.2'], revokedAt: null }),
      expect.objectContaining({ apiKey: read.apiKey, canTrade: false, ips: [] }),
    ]));
    expect((await admin('apikey', 'revoke', '--email', 'op@example.com', '--key', read.apiKey)).exitCode).toBe(0);
    expect((await h.signed('GET', '/account', read, '')).body.code).toBe(-2015);
    expect((await admin('apikey', 'revoke', '--email', 'op@example.com', '--key', read.apiKey)).exitCode).toBe(1);
  });

  it('refuses bad input', async () => {
    expect((await admin('apikey', 'create', '--email', 'op@example.com', '--ip', 'not-an-ip')).exitCode).toBe(2);
    expect((await admin('apikey', 'create', '--email', 'nobody@example.com')).exitCode).toBe(1);
    expect((await admin('apikey', 'revoke', '--email', 'op@example.com')).exitCode).toBe(2);
  });
});

describeDialects('api key master key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openex-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without API_KEY_SECRET: a private file in the data directory, made once and reused', () => {
    const first = loadMasterKey({ env: {}, dataDir: dir });
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, API_KEY_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ env: {}, dataDir: dir }).equals(first)).toBe(true);
    expect(() => loadMasterKey({ env: { API_KEY_SECRET: 'short' } })).toThrow(/32/);
  });

  it('a secret decrypts only with its master key and under its own key id', () => {
    const master = loadMasterKey({ env: {}, dataDir: dir });
    const stored = encryptSecret(master, 'key-a', 'the-secret');
    expect(decryptSecret(master, 'key-a', stored)).toBe('the-secret');
    expect(decryptSecret(master, 'key-b', stored)).toBeNull();
    expect(decryptSecret(loadMasterKey({ env: { API_KEY_SECRET: 'x'.repeat(32) } }), 'key-a', stored)).toBeNull();
    // A tampered ciphertext: one bit of it flipped (replacing its last characters left it unchanged once in 256
    // secrets, when the last byte was already what they spell).
    const [version, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[flipped.length - 1]! ^= 1;
    expect(decryptSecret(master, 'key-a', [version, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
  });
});
