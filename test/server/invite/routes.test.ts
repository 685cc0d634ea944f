// /app/invite/* through the app: signing up with a code records the inviter (level 1) and the inviter's inviter
// (level 2); info, records and commissions answer only the signed-in user's own data, whatever a request adds (no
// parameter names another user); bad queries change nothing and answer request.invalid; the poster is a PNG of the
// user's code and link in the request's language, cached per user, language and origin. On SQLite and PostgreSQL.
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';
import { posterSvg } from '../../../server/accounts/invite/poster.ts';
import { createMessages } from '../../../server/i18n/messages.ts';

describeDialects('invitation routes', (dialect) => {
  let h: Harness;
  let a: string;
  let b: string;
  let c: string;
  let codes: { a: string; b: string };
  let ids: { a: number; b: number; c: number };

  beforeEach(async () => {
    h = await openHarness(dialect);
    a = await h.signUp('alice@example.com');
    const infoA = await h.call('GET', '/app/invite/info', { ticket: a });
    codes = { a: infoA.body.data.inviteCode, b: '' };
    h.clock.advance(1_000);
    b = await h.signUp('bob@example.com', undefined, codes.a.toLowerCase()); // codes are case-insensitive
    codes.b = (await h.call('GET', '/app/invite/info', { ticket: b })).body.data.inviteCode;
    h.clock.advance(1_000);
    c = await h.signUp('carol@example.com', undefined, codes.b);
    const id = async (email: string) => (await h.store.users.findByEmail(email))!.id;
    ids = { a: await id('alice@example.com'), b: await id('bob@example.com'), c: await id('carol@example.com') };
  }, 60_000);
  afterEach(async () => h.dispose());

  it('records two levels at sign-up and shows each user their own tree', async () => {
    expect((await h.store.users.findById(ids.b))!.referrer_id).toBe(ids.a);
    expect((await h.store.users.findById(ids.c))!.referrer_id).toBe(ids.b);
    const info = (await h.call('GET', '/app/invite/info', { ticket: a })).body;
    expect(info).toMatchObject({ code: 'success', data: { inviteCode: codes.a, level1Count: 1, level2Count: 1, rates: { level1: '0.2', level2: '0.1' }, earned: [] } });
    expect(info.data.link).toBe(`/register?statusType=1&inviteCode=${codes.a}`);
    const l1 = (await h.call('GET', '/app/invite/records', { ticket: a, query: { level: '1' } })).body.data;
    expect(l1).toMatchObject({ total: 1, pageIndex: 1, pageSize: 20, list: [{ account: 'bo***@example.com', level: 1 }] });
    const l2 = (await h.call('GET', '/app/invite/records', { ticket: a, query: { level: '2' } })).body.data;
    expect(l2.list).toEqual([{ account: 'ca***@example.com', level: 2, time: expect.any(Number) }]);
    // No ids, no e-mail in clear.
    expect(JSON.stringify([l1, l2])).not.toMatch(/bob@|carol@|"id"/);
    // B sees C at level 1 and nobody at level 2; C sees nobody.
    expect((await h.call('GET', '/app/invite/records', { ticket: b })).body.data.list).toEqual([{ account: 'ca***@example.com', level: 1, time: expect.any(Number) }]);
    expect((await h.call('GET', '/app/invite/records', { ticket: b, query: { level: '2' } })).body.data.total).toBe(0);
    expect((await h.call('GET', '/app/invite/info', { ticket: c })).body.data).toMatchObject({ level1Count: 0, level2Count: 0 });
  });

  it("never answers with another user's data, whatever the request adds", async () => {
    // A has a commission; B has none.
    await h.store.records.insert([
      { user: ids.a, wallet: 'coin', asset: 'USDT', type: 'invite_commission', amount: 123_000_000n, frozen: 0n, ref: `invite:2026-01-14:${ids.a}:1:USDT`, desk: 'coin', seq: 1, time: h.clock.now() },
    ]);
    const mine = (await h.call('GET', '/app/invite/commissions', { ticket: a })).body.data;
    expect(mine).toMatchObject({ total: 1, list: [{ day: '2026-01-14', level: 1, asset: 'USDT', amount: '1.23' }] });
    expect((await h.call('GET', '/app/invite/info', { ticket: a })).body.data.earned).toEqual([{ asset: 'USDT', amount: '1.23' }]);
    // B guesses: A's id or code in every shape a parameter could take; each is refused, none answers A's data.
    for (const path of ['/app/invite/info', '/app/invite/records', '/app/invite/commissions', '/app/invite/poster']) {
      const guesses: Array<Record<string, string>> = [{ user: String(ids.a) }, { userId: String(ids.a) }, { id: String(ids.a) }, { inviteCode: codes.a }, { code: codes.a }];
      for (const query of guesses) {
        const r = await h.call('GET', path, { ticket: b, query });
        expect(r.body.code, `${path} ${JSON.stringify(query)}`).toBe('request.invalid');
      }
    }
    expect((await h.call('GET', '/app/invite/commissions', { ticket: b })).body.data).toMatchObject({ total: 0, list: [] });
    expect((await h.call('GET', '/app/invite/info', { ticket: b })).body.data).toMatchObject({ inviteCode: codes.b, level1Count: 1, level2Count: 0, earned: [] });
    // The ticket decides, nothing else: no ticket, no data.
    for (const path of ['/app/invite/info', '/app/invite/records', '/app/invite/commissions', '/app/invite/poster']) {
      expect((await h.call('GET', path)).body.code).toBe('login.user.not.login');
    }
  });

  it('refuses malformed queries', async () => {
    const bad: Array<Record<string, string>> = [{ level: '3' }, { level: '0' }, { pageIndex: '0' }, { pageIndex: '-1' }, { pageSize: '7' }, { pageSize: 'x' }];
    for (const query of bad) {
      const r = await h.call('GET', '/app/invite/records', { ticket: a, query });
      expect(r.body.code, JSON.stringify(query)).toMatch(/^(request\.invalid|page\.size\.invalid)$/);
    }
    expect((await h.call('GET', '/app/invite/records', { ticket: a, query: { pageSize: '10', pageIndex: '2' } })).body.data).toMatchObject({ total: 1, list: [], pageIndex: 2, pageSize: 10 });
  });

  it('draws the poster in the request language with the code and the link, and caches it', async () => {
    const raw = async (lang: string) => h.app.inject({ method: 'GET', url: '/app/invite/poster', headers: { ticket: a, lang, host: 'ex.example:8080' } });
    const png = await raw('zh-CN');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 750, height: 1334 });
    // Same user, language and origin: the same bytes (from the cache); another language: another poster.
    expect((await raw('zh-CN')).rawPayload.equals(png.rawPayload)).toBe(true);
    expect((await raw('th')).rawPayload.equals(png.rawPayload)).toBe(false);
    // Another user's poster differs (their own code).
    const other = await h.app.inject({ method: 'GET', url: '/app/invite/poster', headers: { ticket: b, lang: 'zh-CN', host: 'ex.example:8080' } });
    expect(other.rawPayload.equals(png.rawPayload)).toBe(false);
    // What is drawn: the brand, the headline in the language, the code, the link with the request's origin.
    const svg = posterSvg(createMessages(), { locale: 'zh-CN', code: codes.a, link: `http://ex.example:8080/register?statusType=1&inviteCode=${codes.a}` });
    expect(svg).toContain('>OpenEx</text>');
    expect(svg).toContain('和我一起在 OpenEx 交易');
    expect(svg).toContain(`>${codes.a}</text>`);
    expect(svg).toContain('>http://ex.example:8080/register</text>');
    // The QR code is the link's: its dark modules, as qrcode encodes the link, are the path drawn.
    const link = `http://ex.example:8080/register?statusType=1&inviteCode=${codes.a}`;
    const { size, data } = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules;
    const dark: string[] = [];
    for (let i = 0; i < size * size; i++) if (data[i]) dark.push(`M${i % size} ${Math.floor(i / size)}h1v1h-1z`);
    expect(svg).toContain(`<path d="${dark.join('')}"`);
    expect(posterSvg(createMessages(), { locale: 'en', code: codes.a, link: `${link}x` })).not.toContain(`<path d="${dark.join('')}"`);
    expect(posterSvg(createMessages(), { locale: 'th', code: 'X', link: 'http://h/register' })).toContain('มาเทรดกับฉันบน OpenEx');
  });
});
