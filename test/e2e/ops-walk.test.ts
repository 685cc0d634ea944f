// A new exchange from its first start to open for business, in the operator console alone (issue 25's "done when").
// The server starts as main.ts starts a fresh install (a new data folder, custody with its local chain, the demo's
// articles, seconds table and wealth products seeded, the markets a first start has); the first admin is made with
// the operator CLI (the only thing done outside the console), signs in with password and TOTP, and then, each step
// in the console with its reason: health is live; a market goes into maintenance and reopens (the public market list
// follows); the fee table is changed; the USDT four-eyes threshold set; a wealth product added and the earn treasury
// funded over the threshold (a second admin, also made with the CLI, approves in his own browser); a seconds row
// changed; an announcement written in English and Chinese beside its preview, published and pinned (the public
// /noticeList shows it pinned, in Chinese in Chinese) and another scheduled (not public yet); a user who registered
// through the app is verified from the identity queue with her photos; her withdrawal of a real deposit (the local
// chain) is approved from the withdrawal queue (over the threshold: the second admin again) and the signer sends it;
// her feedback with a screenshot is answered from the inbox; and the audit log, filtered and as CSV, has every step
// with its reason. The user's side goes through the public /app API and the public web app, as a user's would.
// A second test: what a support, a reviewer and an editor can't do, and the server refusing it when forced.
// Screenshots (English at every step, Chinese and Thai at some) go to .tmp/shots-h6/.
import { API } from '../../server/contract/api.ts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { loadChainConfig } from '../../server/chain/config.ts';
import { sendTestDeposit } from '../../server/chain/local-chain.ts';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { browserSkipReason, launchBrowser, watchErrors, type Browser } from './browser.ts';
import { addOperator as addOperatorWith, appCall, failed, image, signIn as signInWith, unexpected, type Operator } from './ops.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-h6');
const USER = { email: 'mei@example.com', password: 'Secret12345' };
const FUND_PASSWORD = 'Fund12345';
const DESTINATION = '0x000000000000000000000000000000000000bEEF';
const CONFIRMATIONS = 2;
const WAIT = { timeout: 30_000 };

/** A local time as a datetime-local input takes it (the browser and this process share the zone). */
const localInput = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe.skipIf(skip !== null)('the operator console: a new exchange to open for business', { timeout: 300_000 }, () => {
  let handle: ServerHandle;
  let dataDir = '';
  let secrets = '';
  let opsUrl = '';
  let browser: Browser;
  let second: Browser;
  let page: Page;
  let errors: string[];
  let alice: Operator;
  let bob: Operator;
  let bobSignedIn = false;
  /** What the operators did, with the reasons the audit log must show. */
  const steps: Array<{ operator: string; command: string; reason: string }> = [];

  /** The exchange's /app API as a user's browser calls it. */
  const app = <T = unknown>(path: string, init: Parameters<typeof appCall>[2] = {}): Promise<T> => appCall<T>(handle.url, path, init);

  const addOperator = (name: string, role = 'admin'): Promise<Operator> => addOperatorWith(dataDir, name, role, 'first start', 'owner');
  const signIn = (p: Page, who: Operator, lang = 'en'): Promise<void> => signInWith(p, opsUrl, who, lang);

  /** A console screen through its nav link (the way an operator gets there), loaded. */
  async function nav(screen: string, ready: string): Promise<void> {
    await page.getByTestId(`ops-nav-${screen}`).click();
    await page.getByTestId(ready).first().waitFor();
    await expect.poll(() => page.getByTestId('ops-loading').count()).toBe(0);
  }
  /** A screen in a language (the address the operator's language switch gives). */
  async function open(p: Page, path: string, lang: string, ready: string): Promise<void> {
    await p.goto(`${opsUrl}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    await p.getByTestId(ready).first().waitFor();
    await expect.poll(() => p.getByTestId('ops-loading').count()).toBe(0);
  }
  async function shot(name: string, p: Page = page): Promise<void> {
    await p.waitForTimeout(150);
    const layout = await p.evaluate(() => ({ width: document.documentElement.scrollWidth, text: document.body.innerText }));
    expect(layout.width, name).toBeLessThanOrEqual(1280);
    // No message id shown raw.
    expect(layout.text, name).not.toMatch(/\bops\.[a-z][A-Za-z]*\.[A-Za-z.]+/);
    await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }
  /** The action dialog: its fields, the reason (remembered for the audit check), submit, closed. */
  async function runAction(p: Page, testId: string, command: string, reason: string, fields: Record<string, string> = {}, picture?: string): Promise<void> {
    const dialog = p.getByTestId(testId);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(command);
    for (const [name, value] of Object.entries(fields)) {
      const field = dialog.locator(`[name="${name}"]`);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    await p.getByTestId(`${testId}-reason`).fill(reason);
    if (picture) await shot(picture, p);
    await p.getByTestId(`${testId}-submit`).click();
    // Closed when done; a refusal stays in the dialog, under the fields: said as the failure.
    const refusal = p.getByTestId(`${testId}-error`);
    await Promise.race([dialog.waitFor({ state: 'detached' }), refusal.waitFor().then(async () => expect.fail(`${command}: ${await refusal.textContent()}`))]);
    steps.push({ operator: p === page ? alice.name : bob.name, command, reason });
  }
  /** Bob, the second admin, in his own browser: approves the pending request whose summary has `what`. */
  async function bobApproves(what: string, reason: string, lang: string): Promise<void> {
    const bobPage = await second.context.newPage();
    await bobPage.setViewportSize({ width: 1280, height: 900 });
    const bobErrors = watchErrors(bobPage);
    failed(bobPage, bobErrors);
    // Signed in once; his session cookie keeps him signed in for the next.
    if (!bobSignedIn) await signIn(bobPage, bob, lang);
    bobSignedIn = true;
    await open(bobPage, '/approvals', lang, 'ops-approvals');
    const row = bobPage.locator('tr', { hasText: what });
    await row.waitFor();
    await shot(`${lang}-approvals-bob-${steps.length}`, bobPage);
    await row.locator('[data-testid^="ops-approval-approve-"]').click();
    await bobPage.getByTestId('ops-decide-reason').fill(reason);
    await bobPage.getByTestId('ops-decide-submit').click();
    await bobPage.getByTestId('ops-decide').waitFor({ state: 'detached' });
    steps.push({ operator: bob.name, command: 'approval approve', reason });
    expect(unexpected(bobErrors)).toEqual([]);
    await bobPage.close();
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-walk-'));
    secrets = mkdtempSync(join(tmpdir(), 'openex-e2e-walk-keys-'));
    const staticDir = process.env['E2E_DIST'];
    // As main.ts starts a fresh install (without the bots and their week of simulated history, which only make the
    // charts busy): custody on, the demo's articles published once, the seconds table and wealth products seeded.
    handle = await startServer({
      port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), clock: () => Date.now(), bots: false,
      custody: {
        config: loadChainConfig({ LOCAL_CHAIN_PORT: '0', EVM_POLL_MS: '300', EVM_CONFIRMATIONS: String(CONFIRMATIONS) }),
        seedFile: join(secrets, 'hot-wallet.json'), signerPollMs: 300, walletPollMs: 300,
      },
      contentDemo: { seed: true },
      liabilities: true,
      ops: { port: 0 },
    });
    if (!handle.opsUrl) throw new Error('the console did not start');
    opsUrl = handle.opsUrl;
    // The one thing done outside the console: the first admins, with the operator CLI.
    alice = await addOperator('alice');
    bob = await addOperator('bob');
    browser = await launchBrowser();
    second = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    errors = watchErrors(page);
    failed(page, errors);
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await second?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (secrets) rmSync(secrets, { recursive: true, force: true });
  });

  it('takes a fresh exchange to open for business in the console alone', async () => {
    const started = Date.now();
    const lap = (what: string) => console.log(`walk: ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // 1. The first admin signs in with password and the authenticator's code.
    await page.goto(`${opsUrl}/?lang=en`);
    await page.getByTestId('ops-sign-in').waitFor();
    await shot('en-01-sign-in');
    await signIn(page, alice, 'en');
    expect(await page.getByTestId('ops-me').textContent()).toContain('alice');

    // 2. Health is live; a market into maintenance and open again, the public market list following.
    await nav('health', 'ops-health-desks');
    await shot('en-02-health');
    const at = await page.getByTestId('ops-health-at').textContent();
    await expect.poll(() => page.getByTestId('ops-health-at').textContent(), { timeout: 6000 }).not.toBe(at);
    expect(await page.locator('[data-testid="ops-health-desks"] tbody tr').count()).toBeGreaterThan(2);

    const coin = async (name: string) => {
      const list = await app<{ list: Array<{ codeName: string; isOpen: number; maintenance: boolean }> }>('/app/product/coinList', { json: { pageIndex: 1, pageSize: 100 } });
      return list.list.find((c) => c.codeName === name);
    };
    await nav('markets', 'ops-markets');
    await shot('en-02-markets');
    expect(await coin('BTC/USDT')).toMatchObject({ isOpen: 0, maintenance: false });
    await page.getByTestId('ops-market-maintenance-BTCUSDT').click();
    await runAction(page, 'ops-market-action', 'market maintenance', 'matching engine upgrade before opening', {}, 'en-02-market-maintenance-dialog');
    await page.getByTestId('ops-market-open-BTCUSDT').waitFor();
    expect((await coin('BTC/USDT'))?.maintenance).toBe(true);
    await shot('en-02-markets-maintenance');
    await page.getByTestId('ops-market-open-BTCUSDT').click();
    await runAction(page, 'ops-market-action', 'market open', 'upgrade done, open for trading');
    await page.getByTestId('ops-market-maintenance-BTCUSDT').waitFor();
    expect(await coin('BTC/USDT')).toMatchObject({ isOpen: 0, maintenance: false });
    // And one halted, then resumed.
    await page.getByTestId('ops-market-close-ETHUSDT').click();
    await runAction(page, 'ops-market-action', 'market close', 'halt while the price feed is checked');
    await page.getByTestId('ops-market-open-ETHUSDT').waitFor();
    expect((await coin('ETH/USDT'))?.isOpen).not.toBe(0);
    await page.getByTestId('ops-market-open-ETHUSDT').click();
    await runAction(page, 'ops-market-action', 'market open', 'price feed checked, trading resumes');
    await page.getByTestId('ops-market-close-ETHUSDT').waitFor();
    expect(await coin('ETH/USDT')).toMatchObject({ isOpen: 0, maintenance: false });
    lap('markets');

    // 3. Fee levels: the table, changed whole with a reason.
    const before = await app<{ levels: Array<{ level: number; makerPercent: string; takerPercent: string }>; nextRecomputeAt: number }>('/app/fees/rateStandard');
    await nav('rates', 'ops-rates-fees');
    await shot('en-03-rates');
    await page.getByTestId('ops-rates-fees-edit').click();
    const table = page.getByTestId('ops-action').locator('[name="table"]');
    const levels = (JSON.parse(await table.inputValue()) as { levels: Array<{ level: number; minVolumeBtc: string; makerPpm: number; takerPpm: number }> }).levels;
    expect(levels.length).toBeGreaterThan(1);
    // Launch pricing: every level pays a fifth less (the table stays falling with the level, as it must).
    const changed = levels.map((l) => ({ ...l, makerPpm: Math.round(l.makerPpm * 0.8), takerPpm: Math.round(l.takerPpm * 0.8) }));
    const [maker0, taker0] = [String(changed[0]!.makerPpm / 10_000), String(changed[0]!.takerPpm / 10_000)];
    await runAction(page, 'ops-action', 'fees set', 'launch pricing: a fifth off every level', { table: JSON.stringify({ levels: changed }, null, 2) }, 'en-03-fees-dialog');
    await expect.poll(() => page.getByTestId('ops-rates-fees').locator('tbody tr').first().textContent()).toContain(maker0);
    expect(await page.getByTestId('ops-rates-fees').locator('tbody tr').first().textContent()).toContain(taker0);
    await shot('en-03-rates-saved');
    // The public table is the one in force: the levels of the last applied recompute, and a first start applies one
    // at once (jobs/fee-levels.ts catches up the recompute in force). So /rateStandard still shows the old rates, and
    // says when the next recompute (which takes the new table) comes.
    expect(await handle.store.feeLevels.latestApplied()).toBeDefined();
    const after = await app<{ levels: Array<{ level: number; makerPercent: string; takerPercent: string }>; nextRecomputeAt: number }>('/app/fees/rateStandard');
    expect(after.levels).toEqual(before.levels);
    expect(after.levels[0]?.makerPercent).not.toBe(maker0);
    expect(after.nextRecomputeAt).toBeGreaterThan(Date.now());
    expect(after.nextRecomputeAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    lap('fees');

    // 4. The four-eyes threshold for USDT.
    await nav('thresholds', 'ops-thresholds');
    await page.getByTestId('ops-threshold-add').click();
    await runAction(page, 'ops-threshold', 'approval threshold set', 'two operators for anything over 1000 USDT', { asset: 'USDT', amount: '1000' }, 'en-04-threshold-dialog');
    await expect.poll(() => page.getByTestId('ops-thresholds').textContent()).toContain('1000');
    await shot('en-04-thresholds');

    // 4b. The settings every visitor sees in the contact window: the chat-line ID.
    await nav('settings', 'ops-settings');
    await page.getByTestId('ops-setting-edit-custom_line').click();
    await runAction(page, 'ops-setting', 'settings set', 'the support line customers know', { value: 'openex-help' }, 'en-04-settings-dialog');
    await expect.poll(() => page.getByTestId('ops-setting-custom_line').textContent()).toBe('openex-help');
    expect(await app<{ key: string; value: string | null }>(`${API.systemConfig}`, { query: '?key=custom_line' })).toMatchObject({ value: 'openex-help' });
    await shot('en-04-settings');

    // 5. Earn: a wealth product, and the treasury funded (over the threshold: Bob approves).
    await nav('earn', 'ops-earn-products');
    await shot('en-05-earn');
    await page.getByTestId('ops-earn-add').click();
    await runAction(
      page, 'ops-action', 'earn product add', 'launch product: 30-day USDT at 6 %',
      { kind: 'wealth', name: 'Launch USDT 30d', asset: 'USDT', term: '30', rate: '0.06', min: '100', max: '50000', quota: '1000000' },
      'en-05-earn-add-dialog',
    );
    await expect.poll(() => page.getByTestId('ops-earn-products').textContent()).toContain('Launch USDT 30d');
    // A first start without the demo's bots has an empty treasury: every product shows "not funded".
    const treasury = async () => {
      const row = page.getByTestId('ops-earn-treasury').locator('tbody tr', { hasText: 'USDT' });
      return (await row.allTextContents())[0] ?? '';
    };
    const treasuryBefore = await treasury();
    await page.getByTestId('ops-earn-treasury-credit').click();
    await runAction(page, 'ops-action', 'earn treasury credit', 'treasury for the launch product incomes', { asset: 'USDT', amount: '5000' });
    await page.getByTestId('ops-notice-info').first().waitFor();
    expect(await page.getByTestId('ops-notice-info').first().textContent()).toContain('5000');
    await shot('en-05-earn-waiting');
    await bobApproves('earn treasury', 'checked the launch budget with alice', 'zh-CN');
    await page.getByTestId('ops-nav-approvals').click();
    await nav('earn', 'ops-earn-products');
    await expect.poll(treasury).not.toBe(treasuryBefore);
    expect(await treasury()).toContain('5000');
    await shot('en-05-earn-funded');
    await open(page, '/earn', 'th', 'ops-earn-products');
    await shot('th-05-earn');
    await open(page, '/health', 'en', 'ops-health-desks');
    lap('earn');

    // 6. Seconds contracts: the duration table; one row's payout changed.
    await nav('seconds', 'ops-seconds-config');
    await shot('en-06-seconds');
    const edit = page.locator('[data-testid^="ops-seconds-edit-BTCUSDT-"]').first();
    const duration = (await edit.getAttribute('data-testid'))!.replace('ops-seconds-edit-BTCUSDT-', '');
    const row = page.getByTestId('ops-seconds-config').locator('tr', { has: page.getByTestId(`ops-seconds-edit-BTCUSDT-${duration}`) });
    await edit.click();
    // The payout the row has, in the dialog; the new one differs from it.
    const was = await page.getByTestId('ops-action').locator('[name="payout"]').inputValue();
    const payout = was === '0.8' ? '0.75' : '0.8';
    expect(await row.textContent()).not.toContain(`${Math.round(Number(payout) * 100)}%`);
    await runAction(page, 'ops-action', 'seconds config set', `launch payout for ${duration} s`, { payout }, 'en-06-seconds-dialog');
    await expect.poll(() => row.textContent()).toContain(`${Math.round(Number(payout) * 100)}%`);
    await shot('en-06-seconds-saved');
    lap('seconds');

    // 7. Content: an announcement in English and Chinese beside its preview, published and pinned; another scheduled.
    await nav('content', 'ops-content');
    await shot('en-07-content');
    await page.getByTestId('ops-content-new').click();
    await page.getByTestId('ops-content-text').waitFor();
    const title = 'We are open: spot, perpetuals and earn';
    const zhTitle = '正式开业：现货、永续合约与理财';
    await page.getByTestId('ops-content-title').fill(title);
    await page.getByTestId('ops-content-summary').fill('Trading opens today with launch pricing.');
    await page.getByTestId('ops-content-body').fill('## Open today\n\nTrading **opens** at 10:00 UTC.\n\n- spot\n- perpetuals\n- earn: *Launch USDT 30d*\n');
    await expect.poll(() => page.getByTestId('ops-content-preview').innerHTML(), { timeout: 8000 }).toContain('<strong>opens</strong>');
    await shot('en-07-editor');
    await page.getByTestId('ops-content-save-open').click();
    await runAction(page, 'ops-content-save', 'content save', 'opening announcement (English)');
    await page.waitForURL(/\/content\/\d+/);
    const id = Number(/\/content\/(\d+)/.exec(page.url())?.[1]);
    await page.getByTestId('ops-content-lang-zh-CN').click();
    await page.getByTestId('ops-content-title').fill(zhTitle);
    await page.getByTestId('ops-content-summary').fill('今日开放交易，享受开业费率。');
    await page.getByTestId('ops-content-body').fill('## 今日开业\n\n交易于 UTC 10:00 **开放**。\n\n- 现货\n- 永续合约\n- 理财\n');
    await expect.poll(() => page.getByTestId('ops-content-preview').innerHTML(), { timeout: 8000 }).toContain('<strong>开放</strong>');
    await shot('zh-CN-07-editor');
    await page.getByTestId('ops-content-save-open').click();
    await runAction(page, 'ops-content-save', 'content save', 'opening announcement (Chinese)');
    await expect.poll(() => page.getByTestId('ops-content-lang-zh-CN').getAttribute('data-has')).toBe('true');
    // Still on the Chinese text after saving it.
    expect(await page.getByTestId('ops-content-lang-zh-CN').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('ops-content-publish-open').click();
    await runAction(page, 'ops-content-publish', 'content publish', 'we open today');
    await expect.poll(() => page.getByTestId('ops-content-meta').textContent()).toContain('Published');
    await page.getByTestId('ops-content-pin').click();
    await runAction(page, 'ops-action', 'content pin', 'keep the opening notice on top');
    await expect.poll(() => page.getByTestId('ops-content-meta').textContent()).toContain('Pinned');
    // The saved text's preview is there at once.
    expect(await page.getByTestId('ops-content-preview').innerHTML()).toContain('<strong>开放</strong>');
    await shot('en-07-published');

    // The public site, as a visitor sees it: pinned, and in Chinese the Chinese text.
    const visitor = await second.context.newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    for (const [lang, expected] of [['en', title], ['zh-CN', zhTitle]] as const) {
      await visitor.goto(`${handle.url}/noticeList?lang=${lang}`);
      const item = visitor.locator(`[data-testid="notice-list-item"][data-id="${id}"]`);
      await item.waitFor();
      expect(await item.textContent()).toContain(expected);
      expect(await item.getByTestId('content-pin').count()).toBe(1);
      await visitor.screenshot({ path: join(SHOTS, `${lang}-07-public-notices.png`), fullPage: true });
    }

    // Another, scheduled two minutes ahead: not public yet.
    await nav('content', 'ops-content');
    await page.getByTestId('ops-content-new').click();
    await page.getByTestId('ops-content-title').fill('Perpetuals fee holiday');
    await page.getByTestId('ops-content-body').fill('No taker fees on perpetuals this **weekend**.');
    await page.getByTestId('ops-content-save-open').click();
    await runAction(page, 'ops-content-save', 'content save', 'fee holiday notice');
    await page.waitForURL(/\/content\/\d+/);
    const later = Number(/\/content\/(\d+)/.exec(page.url())?.[1]);
    expect(later).not.toBe(id);
    await page.getByTestId('ops-content-publish-open').click();
    await runAction(page, 'ops-content-publish', 'content publish', 'goes out on Saturday', { at: localInput(Date.now() + 120_000) }, 'en-07-schedule-dialog');
    await expect.poll(() => page.getByTestId('ops-content-meta').textContent()).toContain('Scheduled');
    const notices = await app<{ list: Array<{ id: number }> }>('/app/content/notices', { query: '?pageIndex=1&pageSize=50' });
    expect(notices.list.map((n) => n.id)).toContain(id);
    expect(notices.list.map((n) => n.id)).not.toContain(later);
    await nav('content', 'ops-content');
    await page.getByTestId(`ops-article-${later}`).waitFor();
    await shot('en-07-content-list');
    await open(page, '/content', 'zh-CN', 'ops-content');
    await shot('zh-CN-07-content-list');
    await open(page, '/health', 'en', 'ops-health-desks');
    lap('content');

    // 8. A user registers through the app and asks to be verified; the identity queue approves her.
    await app('/app/account/sendCode', { json: { channel: 'email', account: USER.email, purpose: 'register' } });
    // Her mailbox: the code the server mailed her.
    const mail = (await handle.store.outbox.list(20)).find((m) => m.recipient === USER.email);
    const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
    expect(code).toBeDefined();
    await app('/app/account/register', { json: { channel: 'email', account: USER.email, code, password: USER.password, agree: true } });
    const ticket = (await app<{ token: string }>('/app/account/login', { json: { account: USER.email, password: USER.password } })).token;
    const user = (await handle.store.users.findByEmail(USER.email))!.id;
    const uploads: Record<string, string> = {};
    for (const [kind, hue, label] of [['front', 40, 'FRONT'], ['back', 120, 'BACK'], ['hand', 200, 'HAND']] as const) {
      uploads[kind] = (await app<{ id: string }>('/app/identity/upload', { ticket, body: await image(hue, label), query: `?kind=${kind}` })).id;
    }
    await app('/app/identity/submit', { ticket, json: { name: 'Mei Example', docType: 'idCard', docNumber: 'M7654321', country: 'GB', ...uploads } });

    await nav('kyc', 'ops-kyc-list');
    await page.locator('[data-testid^="ops-kyc-row-"]').first().click();
    await expect.poll(() => page.getByTestId('ops-kyc-name').textContent()).toBe('Mei Example');
    await expect
      .poll(() => page.locator('[data-testid="ops-kyc-photos"] img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length))
      .toBe(3);
    await shot('en-08-kyc');
    await page.getByTestId('ops-kyc-approve').click();
    await runAction(page, 'ops-kyc-approve-dialog', 'kyc approve', 'passport and selfie match');
    await expect.poll(async () => (await app<{ status: string }>('/app/identity/status', { ticket })).status).toBe('approved');
    expect((await app<{ realNameStatus: string }>('/app/account/getUserInfo', { ticket })).realNameStatus).toBe('certified');
    lap('identity');

    // 9. She deposits on the chain, then withdraws; the withdrawal queue approves it, Bob too (over the threshold).
    const custody = handle.custody;
    if (!custody?.evm.rpcUrl || !custody.evm.usdt) throw new Error('custody started without a local chain and its USDT');
    const address = (await app<{ address: string }>('/app/wallet/depositAddress', { ticket, query: '?asset=USDT&network=ETH' })).address;
    await sendTestDeposit({ rpcUrl: custody.evm.rpcUrl, to: address as `0x${string}`, asset: 'USDT', amount: '3000', usdt: custody.evm.usdt });
    const usdt = async () => {
      const b = await handle.trading.desks.byWallet.coin.balances(user);
      return b.ok ? (b.value.find((x) => x.asset === 'USDT')?.available ?? '0') : '?';
    };
    await expect.poll(usdt, { timeout: 60_000, interval: 500 }).toMatch(/^3000(\.0+)?$/);
    // Her fund password, set long enough ago that the 24-hour lock after setting one is over (the store, as
    // wallet.test.ts does: the lock itself is tested there).
    await handle.store.users.setFundPassword(user, await argon2Hasher().hash(FUND_PASSWORD), Date.now() - 2 * 86_400_000);
    const w = await app<{ id: number; status: string }>('/app/wallet/withdraw', { ticket, json: { asset: 'USDT', network: 'ETH', address: DESTINATION, amount: '2000', fundPassword: FUND_PASSWORD } });
    expect(w.status).toBe('applied');

    await nav('withdrawals', 'ops-withdrawals-list');
    await page.getByTestId(`ops-withdrawal-row-${w.id}`).click();
    await expect.poll(() => page.getByTestId('ops-withdrawal-address').textContent()).toBe(DESTINATION);
    await expect.poll(() => page.getByTestId('ops-withdrawal-view').textContent()).toContain('2000');
    await page.getByTestId('ops-withdrawal-user').waitFor();
    expect(await page.getByTestId('ops-withdrawal-user').textContent()).toContain(USER.email);
    await expect.poll(() => page.getByTestId('ops-user-records').textContent()).toContain('3000');
    await shot('en-09-withdrawal');
    await open(page, '/withdrawals', 'th', 'ops-withdrawals-list');
    await page.getByTestId(`ops-withdrawal-row-${w.id}`).click();
    await page.getByTestId('ops-user-records').waitFor();
    await shot('th-09-withdrawal');
    await open(page, '/withdrawals', 'en', 'ops-withdrawals-list');
    await page.getByTestId(`ops-withdrawal-row-${w.id}`).click();
    await page.getByTestId('ops-withdrawal-approve').click();
    await runAction(page, 'ops-withdrawal-approve-dialog', 'withdrawal approve', 'address and history checked');
    await page.getByTestId('ops-notice-info').first().waitFor();
    // Over the threshold: it waits, still applied.
    expect((await handle.store.wallet.get(w.id))?.status).toBe('applied');
    await bobApproves(`withdrawal #${w.id}`, 'second check of the first withdrawal', 'en');
    const state = async () => (await app<{ list: Array<{ id: number; status: string }> }>('/app/wallet/withdrawals', { ticket, query: '?pageIndex=1&pageSize=10' })).list.find((x) => x.id === w.id)?.status;
    // The signer sends it; the local chain makes a block a second, so its two confirmations come soon.
    await expect.poll(state, { timeout: 60_000, interval: 500 }).toBe('confirmed');
    await page.getByTestId('ops-withdrawals-status').selectOption('confirmed');
    await expect.poll(async () => (await page.getByTestId('ops-withdrawals-list').textContent()) ?? '', WAIT).toMatch(new RegExp(`#${w.id}`));
    await page.getByTestId(`ops-withdrawal-row-${w.id}`).click();
    await page.getByTestId('ops-user-records').waitFor();
    expect(await page.getByTestId('ops-withdrawal-view').textContent()).toMatch(/0x[0-9a-f]{64}/);
    expect(await page.getByTestId('ops-withdrawal-reject').count()).toBe(0);
    await shot('en-09-withdrawal-confirmed');
    lap('withdrawal');

    // 10. Feedback with a screenshot; the inbox shows it and answers; her list has the reply.
    const upload = await app<{ id: string }>('/app/feedback/upload', { ticket, body: await image(90, 'ORDER #42', 'png') });
    const sent = await app<{ id: number }>('/app/feedback/submit', { ticket, json: { topic: 'funds', body: 'My first withdrawal shows broadcast: when does it arrive?', screenshot: upload.id, clientId: 'walk-feedback-1' } });
    await nav('feedback', 'ops-feedback');
    const item = page.getByTestId(`ops-feedback-${sent.id}`);
    await item.waitFor();
    await expect.poll(() => page.getByTestId(`ops-feedback-shot-${sent.id}`).evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot('en-10-feedback');
    await page.getByTestId(`ops-feedback-reply-${sent.id}`).click();
    const answer = 'It is on the chain now: two confirmations, a minute or so.';
    await runAction(page, 'ops-feedback-reply', 'feedback reply', 'answering a withdrawal question', { text: answer });
    await page.getByTestId('ops-feedback-status').selectOption('all');
    await expect.poll(() => item.textContent()).toContain(answer);
    await shot('en-10-feedback-replied');
    const mine = await app<{ list: Array<{ id: number; reply: string | null; status: string }> }>('/app/feedback/list', { ticket, query: '?pageIndex=1&pageSize=10' });
    expect(mine.list.find((f) => f.id === sent.id)).toMatchObject({ reply: answer, status: 'replied' });
    lap('feedback');

    // 11. The audit log: by operator, and as CSV; every step above with its reason.
    await nav('audit', 'ops-audit');
    await page.getByTestId('ops-audit-operator').fill('alice');
    await page.getByTestId('ops-audit-filter').click();
    await expect.poll(() => page.locator('[data-testid="ops-audit"] tbody tr').count()).toBeGreaterThan(5);
    expect(new Set(await page.locator('[data-testid="ops-audit"] tbody tr td:nth-child(2)').allTextContents())).toEqual(new Set(['alice']));
    await shot('en-11-audit');
    const csvOf = async (operator: string) => {
      await page.getByTestId('ops-audit-operator').fill(operator);
      await page.getByTestId('ops-audit-filter').click();
      await expect.poll(() => page.getByTestId('ops-audit-csv').getAttribute('href')).toContain(`operator=${operator}`);
      const href = await page.getByTestId('ops-audit-csv').getAttribute('href');
      return page.evaluate(async (url) => (await fetch(url!)).text(), href);
    };
    const csv = { alice: await csvOf('alice'), bob: await csvOf('bob') };
    expect(csv.alice.split('\r\n')[0]).toMatch(/operator/i);
    for (const step of steps) {
      const lines = csv[step.operator as 'alice' | 'bob'].split('\r\n');
      // Over the threshold the request's row is `approval request`, naming the command in its arguments.
      const row = lines.find((l) => l.includes(step.reason) && (l.includes(step.command) || l.includes('approval request')));
      expect(row, `${step.operator}: ${step.command} (${step.reason})`).toBeDefined();
    }
    // What Bob's approvals ran: the credit and the withdrawal, under his name, with the reasons of both.
    expect(csv.bob).toMatch(/earn treasury credit.*treasury for the launch product incomes \(four eyes: asked by alice, approved by bob/);
    expect(csv.bob).toMatch(/withdrawal approve.*address and history checked \(four eyes: asked by alice, approved by bob/);
    for (const lang of ['zh-CN', 'th'] as const) {
      await open(page, '/audit', lang, 'ops-audit');
      await shot(`${lang}-11-audit`);
    }
    await open(page, '/markets', 'zh-CN', 'ops-markets');
    await shot('zh-CN-02-markets');
    await open(page, '/rates', 'th', 'ops-rates-fees');
    await shot('th-03-rates');
    await open(page, '/seconds', 'zh-CN', 'ops-seconds-config');
    await shot('zh-CN-06-seconds');
    lap('audit');
    expect(unexpected(errors)).toEqual([]);
    await visitor.close();
  });

  it('support, reviewer and editor: the console hides what their role can\'t do, and the server refuses it when forced', async () => {
    const sam = await addOperator('sam', 'support');
    const rita = await addOperator('rita', 'reviewer');
    const ed = await addOperator('ed', 'editor');
    const user = (await handle.store.users.findByEmail(USER.email))?.id;
    expect(user).toBeDefined();
    const third = await launchBrowser();
    const p = await third.context.newPage();
    await p.setViewportSize({ width: 1280, height: 900 });
    /** A command POSTed by the page's own fetch, with the console's header: what a curious operator could try. */
    const force = (command: string, args: Record<string, string>) =>
      p.evaluate(
        async ({ command, args }) => {
          const r = await fetch('/ops/api/command', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ops-request': '1' },
            body: JSON.stringify({ command, args, reason: 'forced', requestId: crypto.randomUUID() }),
          });
          return { status: r.status, code: ((await r.json()) as { code: string }).code };
        },
        { command, args },
      );
    const signOut = async () => {
      await p.getByTestId('ops-sign-out').click();
      await p.getByTestId('ops-sign-in').waitFor();
    };

    // Support: users, but no money and no content.
    await signIn(p, sam, 'en');
    expect(await p.getByTestId('ops-nav-content').count()).toBe(0);
    expect(await p.getByTestId('ops-nav-users').count()).toBe(1);
    await open(p, `/users/${user}`, 'en', 'ops-user-balances');
    expect(await p.getByTestId('ops-user-credit').count()).toBe(0);
    await shot('en-12-support-user', p);
    const before = await handle.trading.desks.byWallet.coin.balances(user!);
    expect(await force('balance credit', { email: USER.email, asset: 'USDT', amount: '10' })).toEqual({ status: 403, code: 'ops.forbidden' });
    expect(await handle.trading.desks.byWallet.coin.balances(user!)).toEqual(before);
    await signOut();

    // Reviewer: the queues, never publishing.
    await signIn(p, rita, 'th');
    expect(await p.getByTestId('ops-nav-content').count()).toBe(0);
    await shot('th-12-reviewer', p);
    const article = (await handle.store.content.list({ kind: 'announcement', limit: 1 }))[0];
    expect(article).toBeDefined();
    expect(await force('content publish', { id: String(article!.id) })).toEqual({ status: 403, code: 'ops.forbidden' });
    await signOut();

    // Editor: content and feedback, never users.
    await signIn(p, ed, 'zh-CN');
    expect(await p.getByTestId('ops-nav-users').count()).toBe(0);
    expect(await p.getByTestId('ops-nav-content').count()).toBe(1);
    await p.goto(`${opsUrl}/users?lang=zh-CN`);
    await p.getByTestId('ops-forbidden').waitFor();
    expect(await p.locator('[data-testid^="ops-user-"]').count()).toBe(0);
    await shot('zh-CN-12-editor-users', p);
    await third.close();
  });
});
