// Invitations in the browser against a live server: A copies their link from /accountSet; B opens it, the sign-up
// form has A's code filled in, B signs up; C signs up with B's code; A sees B (masked) at level 1 and C at level 2.
// B and C trade spot against a maker; the clock moves past midnight and the server's own job pays the commissions;
// A's panel shows the earnings and the payments, and /assetRecords lists them under their type. The poster shows
// and downloads as a PNG named with the code, in English, Chinese and Thai (screenshots and posters in
// .tmp/shots-invite/).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, latestCode, signInThroughUi } from './accounts.ts';
import { runAdmin } from '../../server/cli/admin.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-invite');
const A = { email: 'inviter@example.com', password: 'Inviter12345' };
const MAKER = { email: 'maker@example.com', password: 'Maker1234567' };
const DAY = 86_400_000;
/** Page reads wait this long: the account page loads several panels at once, and the machine may be busy. */
const WAIT = { timeout: 15_000 };

describe.skipIf(skip !== null)('invitations through the UI', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let link = '';
  let codeB = '';
  const posters = new Map<string, Buffer>();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
    await createUser(server, A);
    await createUser(server, MAKER);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The whole page (test-results/screens) and, for a look, the invitation panel alone (.tmp/shots-invite). */
  const shot = async (name: string, panel = true) => {
    await screenshot(page, `invite-${name}`);
    if (!panel) {
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      return;
    }
    // From the top of the page, so the sticky header stays at the top and off the panel.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.getByTestId('invite-panel').locator('xpath=ancestor::section[1]').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, clip: box });
  };
  /** The poster as the server draws it for A in `lang` (its cache gives the same bytes as the page got). */
  const serverPoster = async (lang: string): Promise<Buffer> => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const r = await fetch(`${server.url}/app/invite/poster`, { headers: { ticket: token ?? '', lang } });
    expect(r.headers.get('content-type')).toBe('image/png');
    return Buffer.from(await r.arrayBuffer());
  };
  const signOut = async () => {
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.getByTestId('page-login').waitFor();
  };
  const userId = async (email: string) => (await server.handle.store.users.findByEmail(email))!.id;

  /** Signs up through the register page at `url` (the code must already be in the form). */
  async function signUpAt(url: string, email: string, code: string): Promise<void> {
    await page.goto(url);
    await page.getByTestId('channel-email').click();
    expect(await page.locator('input[name="inviteCode"]').inputValue()).toBe(code);
    await page.locator('input[name="account"]').fill(email);
    await page.getByTestId('send-code').click();
    await expect.poll(() => latestCode(server, email).catch(() => ''), WAIT).toMatch(/^\d{6}$/);
    await page.locator('input[name="code"]').fill(await latestCode(server, email));
    await page.locator('input[name="password"]').fill('Invitee12345');
    await page.locator('input[name="confirmPassword"]').fill('Invitee12345');
    await page.locator('input[name="agree"]').check();
    await page.getByTestId('submit').click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  }

  it("records B through A's link as level 1 and C through B's code as level 2", async () => {
    await signInThroughUi(page, server.url, A.email, A.password);
    await page.goto(`${server.url}/accountSet?lang=en`);
    await page.getByTestId('invite-panel').waitFor();
    link = (await page.getByTestId('invite-link').textContent()) ?? '';
    const codeA = (await page.getByTestId('invite-code').textContent()) ?? '';
    expect(link).toBe(`${server.url}/register?statusType=1&inviteCode=${codeA}`);
    await signOut();

    await signUpAt(link, 'bob@example.com', codeA);
    expect((await server.handle.store.users.findByEmail('bob@example.com'))!.referrer_id).toBe(await userId(A.email));
    await page.goto(`${server.url}/accountSet`);
    codeB = (await page.getByTestId('invite-code').textContent()) ?? '';
    await signOut();

    await signUpAt(`${server.url}/register?statusType=1&inviteCode=${codeB}`, 'carol@example.com', codeB);
    expect((await server.handle.store.users.findByEmail('carol@example.com'))!.referrer_id).toBe(await userId('bob@example.com'));
    await signOut();

    await signInThroughUi(page, server.url, A.email, A.password);
    await page.goto(`${server.url}/accountSet?lang=en`);
    await expect.poll(() => page.getByTestId('invite-level1-count').textContent(), WAIT).toBe('1');
    expect(await page.getByTestId('invite-level2-count').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('invite-record-account').allTextContents(), WAIT).toEqual(['bo***@example.com']);
    await page.getByTestId('invite-level-2').click();
    await expect.poll(() => page.getByTestId('invite-record-account').allTextContents(), WAIT).toEqual(['ca***@example.com']);
    expect(await page.getByTestId('invite-record-level').allTextContents()).toEqual(['Level 2']);
    expect(errors).toEqual([]);
  }, 120_000);

  it('pays A a share of B\'s and C\'s fees after the day ends, shown in the panel and the asset records', async () => {
    const desks = server.handle.trading.desks;
    const [b, c, m] = [await userId('bob@example.com'), await userId('carol@example.com'), await userId(MAKER.email)];
    const ok = <T,>(r: { ok: true; value: T } | { ok: false; code: string }, what: string): T => {
      if (!r.ok) throw new Error(`${what} refused: ${r.code}`);
      return r.value;
    };
    for (const [user, asset, amount] of [[b, 'USDT', '10000'], [c, 'USDT', '10000'], [b, 'BTC', '1'], [m, 'BTC', '5'], [m, 'USDT', '100000']] as const) {
      ok(await desks.byWallet.coin.adjust({ user, asset, amount, action: 'credit', memo: 'e2e' }), 'credit');
    }
    const place = (user: number, side: 'buy' | 'sell', price: string, qty: string) => desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });
    ok(await place(m, 'sell', '60000', '0.03'), 'maker sell');
    ok(await place(b, 'buy', '60000', '0.01'), 'B buys'); // fee 0.00001 BTC
    ok(await place(c, 'buy', '60000', '0.01'), 'C buys'); // fee 0.00001 BTC
    ok(await place(m, 'buy', '59000', '0.005'), 'maker buy');
    ok(await place(b, 'sell', '59000', '0.005'), 'B sells'); // fee 0.295 USDT
    // Past midnight and the settle margin: the server's job (it looks at the clock every 2 s) pays the day.
    const now = Date.now();
    server.advance(Math.ceil((now + 1) / DAY) * DAY - now + 5 * 60_000);
    await expect.poll(async () => (await server.handle.store.invites.payments('invite:')).length, { timeout: 15_000 }).toBe(4);
    const paid = await server.handle.store.invites.payments('invite:');
    const a = await userId(A.email);
    // A: level 1 of B's BTC and USDT fees, level 2 of C's BTC fee; B: level 1 of C's. Each as the fee records say.
    expect(paid.map((p) => p.ref.split(':').slice(2).join(':').replace(String(a), 'A').replace(String(b), 'B')).sort()).toEqual(['A:1:BTC', 'A:1:USDT', 'A:2:BTC', 'B:1:BTC']);
    const verified = await runAdmin(['invite', 'verify'], { dataDir: server.dataDir });
    expect(verified.exitCode, verified.output).toBe(0);
    const mine = paid.filter((p) => p.user === a);
    const dec8 = (minor: bigint) => `${minor / 100_000_000n}.${(minor % 100_000_000n).toString().padStart(8, '0')}`;
    const sum = (asset: string) => mine.filter((p) => p.asset === asset).reduce((t, p) => t + p.amount, 0n);

    await page.goto(`${server.url}/accountSet?lang=en`);
    await expect.poll(() => page.getByTestId('invite-earned').textContent(), WAIT).toBe(`${dec8(sum('BTC'))} BTC${dec8(sum('USDT'))} USDT`);
    await expect.poll(() => page.getByTestId('invite-commission-amount').allTextContents(), WAIT).toHaveLength(3);
    expect((await page.getByTestId('invite-commission-amount').allTextContents()).sort()).toEqual(mine.map((p) => dec8(p.amount)).sort());
    await page.getByTestId('invite-poster-image').waitFor();
    await expect.poll(() => page.getByTestId('invite-poster-image').evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBe(750);
    await shot('panel-en');

    await page.goto(`${server.url}/assetRecords?type=invite_commission`);
    await page.getByTestId('record-row').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await shot('records-en', false);
    await expect.poll(() => page.getByTestId('record-row').count(), WAIT).toBe(3);
    await shot('records-en', false);
    expect(errors).toEqual([]);
  }, 120_000);

  for (const lang of ['en', 'zh-CN', 'th'] as const) {
    it(`shows and downloads the poster in ${lang}`, async () => {
      await page.goto(`${server.url}/accountSet?lang=${lang}`);
      await page.getByTestId('invite-poster-image').waitFor();
      await expect.poll(() => page.getByTestId('invite-poster-image').evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBe(750);
      const codeA = (await page.getByTestId('invite-code').textContent()) ?? '';
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invite-poster-download').click()]);
      expect(download.suggestedFilename()).toBe(`openex-invite-${codeA}.png`);
      const file = join(SHOTS, `poster-${lang}.png`);
      await download.saveAs(file);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width: 750, height: 1334 });
      // A's own poster in this language, not one the browser kept from another user or language.
      expect(readFileSync(file).equals(await serverPoster(lang))).toBe(true);
      posters.set(lang, readFileSync(file));
      if (lang === 'th') expect(new Set([...posters.values()].map((p) => p.toString('base64'))).size).toBe(3);
      // Share: headless Chromium has no share sheet for files, so the link is copied.
      await page.getByTestId('invite-poster-share').click();
      await page.getByTestId('notice').first().waitFor();
      await shot(`panel-${lang}`);
      expect(errors).toEqual([]);
    }, 60_000);
  }
});
