// The operator console in Chromium, on its own listener beside a running exchange (with custody, so withdrawals are
// real): two admins made with the operator CLI sign in with password and TOTP; the identity queue shows a user's
// submission with its three photos and approves it; the withdrawal queue shows a withdrawal with its address and the
// user's history and approves it; a credit over the threshold the operator set waits for the second operator, who
// approves it in the approvals screen (the first can't); a user with real money and trades shows balances, orders
// and records; the content editor saves an article and publishes it (the public API then serves it); the audit log
// filters and exports CSV; health updates by itself. Screenshots in English, Simplified Chinese and Thai go to
// .tmp/shots-h5/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { loadChainConfig } from '../../server/chain/config.ts';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { browserSkipReason, launchBrowser, watchErrors, type Browser } from './browser.ts';
import { addOperator as addOperatorWith, appCall, failed, image, signIn as signInWith, unexpected, type Operator } from './ops.ts';
import { createUser } from './accounts.ts';
import type { TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-h5');
const LANGS = ['en', 'zh-CN', 'th'] as const;
const TRADER = { email: 'ann@example.com', password: 'Secret12345' };
const MAKER = { email: 'maker@example.com', password: 'Secret12345' };
const KYC = { email: 'kim@example.com', password: 'Secret12345' };
const FUND_PASSWORD = 'Fund12345';
const ADDRESS = '0x000000000000000000000000000000000000dEaD';

const photo = (hue: number, label: string) => image(hue, label);

describe.skipIf(skip !== null)('the operator console', { timeout: 240_000 }, () => {
  let handle: ServerHandle;
  let server: TestServer;
  let dataDir = '';
  let secrets = '';
  let opsUrl = '';
  let browser: Browser;
  let second: Browser;
  let page: Page;
  let errors: string[];
  let alice: Operator;
  let bob: Operator;
  const ids: Record<string, number> = {};

  const ok = <T,>(r: { ok: true; value: T } | { ok: false; code: string }, what: string): T => {
    if (!r.ok) throw new Error(`${what} refused: ${r.code}`);
    return r.value;
  };

  /** The exchange's /app API as a user's browser calls it. */
  const app = (path: string, init: Parameters<typeof appCall>[2] = {}): Promise<unknown> => appCall(handle.url, path, init);
  const ticketOf = async (user: { email: string; password: string }) => ((await app('/app/account/login', { json: { account: user.email, password: user.password } })) as { token: string }).token;

  const addOperator = (name: string): Promise<Operator> => addOperatorWith(dataDir, name, 'admin', 'console e2e', 'e2e');
  const signIn = (p: Page, who: Operator, lang = 'en'): Promise<void> => signInWith(p, opsUrl, who, lang);

  /** A screen in a language: the page loaded (no pending loads), then checked and photographed at 1280 wide. */
  async function open(path: string, lang: string, ready: string): Promise<void> {
    await page.goto(`${opsUrl}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    await page.getByTestId(ready).first().waitFor();
    await expect.poll(() => page.getByTestId('ops-loading').count()).toBe(0);
  }
  async function shot(name: string): Promise<void> {
    await page.waitForTimeout(200);
    const layout = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      text: document.body.innerText,
    }));
    expect(layout.width, name).toBeLessThanOrEqual(1280);
    // No message id shown raw.
    expect(layout.text, name).not.toMatch(/\bops\.[a-z][A-Za-z]*\.[A-Za-z.]+/);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }
  async function runAction(testId: string, reason: string, fields: Record<string, string> = {}): Promise<void> {
    const dialog = page.getByTestId(testId);
    await dialog.waitFor();
    for (const [name, value] of Object.entries(fields)) await dialog.locator(`[name="${name}"]`).fill(value);
    await page.getByTestId(`${testId}-reason`).fill(reason);
    await page.getByTestId(`${testId}-submit`).click();
    await dialog.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-ops-'));
    secrets = mkdtempSync(join(tmpdir(), 'openex-e2e-ops-keys-'));
    const staticDir = process.env['E2E_DIST'];
    handle = await startServer({
      port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), clock: () => Date.now(), bots: false,
      custody: { config: loadChainConfig({ LOCAL_CHAIN_PORT: '0', EVM_POLL_MS: '300' }), seedFile: join(secrets, 'hot-wallet.json'), signerPollMs: 300, walletPollMs: 300 },
      ops: { port: 0 },
    });
    if (!handle.opsUrl) throw new Error('the console did not start');
    opsUrl = handle.opsUrl;
    server = { handle, url: handle.url, dataDir, advance: () => undefined, setIndex: () => undefined, close: async () => undefined };

    // Users: a trader with money, a maker to trade with, one who asks to be verified.
    for (const u of [TRADER, MAKER, KYC]) {
      await createUser(server, u);
      ids[u.email] = (await handle.store.users.findByEmail(u.email))!.id;
    }
    const desks = handle.trading.desks;
    const [ann, maker] = [ids[TRADER.email]!, ids[MAKER.email]!];
    for (const [user, asset, amount] of [[ann, 'USDT', '20000'], [maker, 'BTC', '5'], [maker, 'USDT', '100000']] as const) {
      ok(await desks.byWallet.coin.adjust({ user, asset, amount, action: 'credit', memo: 'e2e' }), 'credit');
    }
    const place = (user: number, side: 'buy' | 'sell', price: string, qty: string) => desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });
    ok(await place(maker, 'sell', '60000', '0.02'), 'maker sell');
    ok(await place(ann, 'buy', '60000', '0.01'), 'ann buys');
    ok(await place(ann, 'buy', '55000', '0.01'), 'ann bids');

    // Ann may withdraw: verified, a fund password (set by the store: no 24-hour lock), and asks for 100 USDT.
    const now = Date.now();
    await handle.store.users.setRealNameStatus(ann, 'certified', now);
    await handle.store.users.setFundPassword(ann, await argon2Hasher().hash(FUND_PASSWORD), now);
    const annTicket = await ticketOf(TRADER);
    const w = (await app('/app/wallet/withdraw', { ticket: annTicket, json: { asset: 'USDT', network: 'ETH', address: ADDRESS, amount: '100', fundPassword: FUND_PASSWORD } })) as { id: number };
    ids['withdrawal'] = w.id;

    // Kim submits her identity card with its three photos.
    const kimTicket = await ticketOf(KYC);
    const uploads: Record<string, string> = {};
    for (const [kind, hue, label] of [['front', 40, 'FRONT'], ['back', 120, 'BACK'], ['hand', 200, 'HAND']] as const) {
      uploads[kind] = ((await app('/app/identity/upload', { ticket: kimTicket, body: await photo(hue, label), query: `?kind=${kind}` })) as { id: string }).id;
    }
    await app('/app/identity/submit', { ticket: kimTicket, json: { name: 'Kim Example', docType: 'idCard', docNumber: 'K1234567', country: 'GB', ...uploads } });

    alice = await addOperator('alice');
    bob = await addOperator('bob');
    browser = await launchBrowser();
    second = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    errors = watchErrors(page);
    failed(page, errors);
    page.setDefaultTimeout(15_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await second?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (secrets) rmSync(secrets, { recursive: true, force: true });
  });

  it('signs in with name, password and the authenticator code; a wrong code is refused in the operator\'s language', async () => {
    await page.goto(`${opsUrl}/?lang=th`);
    await page.getByTestId('ops-sign-in').waitFor();
    await shot('th-sign-in');
    await page.locator('input[name="name"]').fill(alice.name);
    await page.locator('input[name="password"]').fill(alice.password);
    await page.locator('input[name="totp"]').fill('000000');
    await page.getByTestId('ops-sign-in-submit').click();
    await page.getByTestId('ops-sign-in-error').waitFor();
    expect(await page.getByTestId('ops-sign-in-error').textContent()).toMatch(/[\u0e00-\u0e7f]/);
    await signIn(page, alice, 'en');
    expect(await page.getByTestId('ops-me').textContent()).toContain('alice');
    // An admin sees every screen.
    expect(await page.locator('[data-testid^="ops-nav-"]').count()).toBe(15);
    // The API refuses a POST without the console's header (what a cross-site form would send).
    const forged = await page.evaluate(async () => (await fetch('/ops/api/logout', { method: 'POST' })).status);
    expect(forged).toBe(403);
  });

  it('identity queue: the form beside the three photos; approve with a reason', async () => {
    for (const lang of LANGS) {
      await open('/kyc', lang, 'ops-kyc-list');
      const row = page.locator('[data-testid^="ops-kyc-row-"]').first();
      await row.click();
      await page.getByTestId('ops-kyc-name').waitFor();
      expect(await page.getByTestId('ops-kyc-name').textContent()).toBe('Kim Example');
      await expect
        .poll(() => page.locator('[data-testid="ops-kyc-photos"] img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length))
        .toBe(3);
      await shot(`${lang}-kyc`);
    }
    await page.getByTestId('ops-kyc-approve').click();
    await runAction('ops-kyc-approve-dialog', 'documents match');
    await page.getByTestId('ops-notice-success').first().waitFor();
    await expect.poll(async () => (await handle.store.users.findById(ids[KYC.email]!))?.real_name_status).toBe('certified');
  });

  it('withdrawal queue: address, amount and the user\'s history; approve with a reason', async () => {
    for (const lang of LANGS) {
      await open('/withdrawals', lang, 'ops-withdrawals-list');
      await page.getByTestId(`ops-withdrawal-row-${ids['withdrawal']}`).click();
      await page.getByTestId('ops-withdrawal-address').waitFor();
      expect(await page.getByTestId('ops-withdrawal-address').textContent()).toBe(ADDRESS);
      await page.getByTestId('ops-withdrawal-user').waitFor();
      expect(await page.getByTestId('ops-withdrawal-user').textContent()).toContain(TRADER.email);
      await page.getByTestId('ops-user-records').waitFor();
      await shot(`${lang}-withdrawals`);
    }
    await page.getByTestId('ops-withdrawal-approve').click();
    await runAction('ops-withdrawal-approve-dialog', 'address checked');
    await expect.poll(async () => (await handle.store.wallet.list({ user: ids[TRADER.email] }, 0, 5)).rows[0]?.status).not.toBe('applied');
  });

  it('four eyes: a credit over the threshold waits for a second operator, who approves it', async () => {
    await open('/thresholds', 'en', 'ops-thresholds');
    await page.getByTestId('ops-threshold-add').click();
    await runAction('ops-threshold', 'four eyes over 1000 USDT', { asset: 'USDT', amount: '1000' });
    await expect.poll(() => page.getByTestId('ops-thresholds').textContent()).toContain('1000');

    await open(`/users/${ids[TRADER.email]}`, 'en', 'ops-user-balances');
    await page.getByTestId('ops-user-credit').click();
    await runAction('ops-credit', 'goodwill after the outage', { amount: '5000' });
    await page.getByTestId('ops-notice-info').first().waitFor();
    expect(await page.getByTestId('ops-notice-info').first().textContent()).toContain('5000');

    // Alice sees her own request but can't decide it.
    await open('/approvals', 'en', 'ops-approvals');
    await page.locator('[data-testid^="ops-approval-own-"]').first().waitFor();
    expect(await page.locator('[data-testid^="ops-approval-approve-"]').count()).toBe(0);
    for (const lang of LANGS) {
      await open('/approvals', lang, 'ops-approvals');
      await page.locator('[data-testid^="ops-approval-own-"]').first().waitFor();
      await shot(`${lang}-approvals-own`);
    }

    const ann = ids[TRADER.email]!;
    const usdt = async () => {
      const b = await handle.trading.desks.byWallet.coin.balances(ann);
      return Number(b.ok ? b.value.find((x) => x.asset === 'USDT')?.available : NaN);
    };
    const before = await usdt();
    // Bob, in his own browser, approves it: then it runs, once.
    const bobPage = await second.context.newPage();
    await bobPage.setViewportSize({ width: 1280, height: 900 });
    const bobErrors = watchErrors(bobPage);
    failed(bobPage, bobErrors);
    await signIn(bobPage, bob, 'zh-CN');
    await bobPage.goto(`${opsUrl}/approvals?lang=zh-CN`);
    const approve = bobPage.locator('[data-testid^="ops-approval-approve-"]').first();
    await approve.waitFor();
    await bobPage.screenshot({ path: join(SHOTS, 'zh-CN-approvals-second.png'), fullPage: true });
    await approve.click();
    await bobPage.getByTestId('ops-decide-reason').fill('checked with alice');
    await bobPage.getByTestId('ops-decide-submit').click();
    await bobPage.getByTestId('ops-decide').waitFor({ state: 'detached' });
    await expect.poll(usdt).toBe(before + 5000);
    expect(unexpected(bobErrors)).toEqual([]);
    await bobPage.close();
  });

  it("a user's detail: balances, orders and records of real money and trades", async () => {
    await open('/users?q=ann', 'en', 'ops-users');
    await page.getByTestId(`ops-user-${ids[TRADER.email]}`).click();
    await page.getByTestId('ops-user-balances').waitFor();
    await expect.poll(() => page.getByTestId('ops-user-balances').textContent()).toContain('BTC');
    expect(await page.getByTestId('ops-user-orders').textContent()).toContain('BTCUSDT');
    expect(await page.getByTestId('ops-user-orders').textContent()).toContain('55000');
    await page.getByTestId('ops-user-records').waitFor();
    expect(await page.getByTestId('ops-user-records').textContent()).toContain('USDT');
    for (const lang of LANGS) {
      await open(`/users/${ids[TRADER.email]}`, lang, 'ops-user-records');
      await shot(`${lang}-user`);
    }
    await open('/users', 'th', 'ops-users');
    await shot('th-users');
  });

  it('content: a new announcement saved, then published, and the public API serves it', async () => {
    await open('/content/new', 'en', 'ops-content-text');
    await page.getByTestId('ops-content-title').fill('Maintenance tonight');
    await page.getByTestId('ops-content-summary').fill('Trading pauses for ten minutes.');
    await page.getByTestId('ops-content-body').fill('## What happens\n\nTrading **pauses** at 02:00 UTC.\n\n- spot\n- perpetuals\n');
    await expect.poll(() => page.getByTestId('ops-content-preview').innerHTML(), { timeout: 8000 }).toContain('<strong>pauses</strong>');
    await shot('en-content-editor');
    await page.getByTestId('ops-content-save-open').click();
    await runAction('ops-content-save', 'maintenance notice');
    await page.waitForURL(/\/content\/\d+/);
    const id = Number(/\/content\/(\d+)/.exec(page.url())?.[1]);
    await page.getByTestId('ops-content-publish-open').waitFor();
    await page.getByTestId('ops-content-publish-open').click();
    await runAction('ops-content-publish', 'publish now');
    await expect.poll(() => page.getByTestId('ops-content-meta').textContent()).toContain('Published');
    const notices = (await app('/app/content/notices', { query: '?pageIndex=1&pageSize=10' })) as { list: Array<{ id: number; title: string }> };
    expect(notices.list.map((n) => n.id)).toContain(id);
    for (const lang of LANGS) {
      await open('/content', lang, 'ops-content');
      await page.getByTestId(`ops-article-${id}`).waitFor();
      await shot(`${lang}-content`);
    }
    await open(`/content/${id}`, 'zh-CN', 'ops-content-text');
    await shot('zh-CN-content-editor');
  });

  it('audit log: filtered by operator and command, and the same as CSV', async () => {
    await open('/audit', 'en', 'ops-audit');
    await page.getByTestId('ops-audit-operator').fill('bob');
    await page.getByTestId('ops-audit-filter').click();
    await expect.poll(() => page.locator('[data-testid="ops-audit"] tbody tr').count()).toBeGreaterThan(0);
    expect(new Set(await page.locator('[data-testid="ops-audit"] tbody tr td:nth-child(2)').allTextContents())).toEqual(new Set(['bob']));
    await page.getByTestId('ops-audit-operator').fill('alice');
    await page.getByTestId('ops-audit-command').fill('kyc approve');
    await page.getByTestId('ops-audit-filter').click();
    await expect.poll(() => page.locator('[data-testid="ops-audit"] tbody').textContent()).toContain('documents match');
    expect(await page.locator('[data-testid="ops-audit"] tbody tr').count()).toBe(1);
    const href = await page.getByTestId('ops-audit-csv').getAttribute('href');
    expect(href).toContain('operator=alice');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/operator/i);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('kyc approve');
    expect(lines[1]).toContain('documents match');
    for (const lang of LANGS) {
      await open('/audit', lang, 'ops-audit');
      await shot(`${lang}-audit`);
    }
  });

  it('health: desks, store, sockets and the price record, refreshed every 2 s', async () => {
    for (const lang of LANGS) {
      await open('/health', lang, 'ops-health-desks');
      await shot(`${lang}-health`);
    }
    const first = await page.getByTestId('ops-health-at').textContent();
    await expect.poll(() => page.getByTestId('ops-health-at').textContent(), { timeout: 6000 }).not.toBe(first);
    expect(await page.locator('[data-testid="ops-health-desks"] tbody tr').count()).toBeGreaterThan(2);
  });

  it('the other screens render in three languages', async () => {
    for (const [path, ready] of [['/markets', 'ops-markets'], ['/perp', 'ops-perp-positions'], ['/seconds', 'ops-seconds-config'], ['/earn', 'ops-earn-products'], ['/rates', 'ops-rates-fees'], ['/feedback', 'ops-feedback']] as const) {
      for (const lang of LANGS) {
        await open(path, lang, ready);
        await shot(`${lang}-${path.slice(1)}`);
      }
    }
    expect(unexpected(errors)).toEqual([]);
  });
});
