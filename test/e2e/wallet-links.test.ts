// The ways into the deposit and withdrawal pages and what the asset records say about them (issue 22), against the
// in-process server (no chain: the coins are the markets' and the records come from the spot desk's own wallet
// commands, as the chain watcher and the withdrawal service call them). /myassets' row actions Deposit and
// Withdraw open /recharge and /withdrawal on that row's coin (?coin=); a coin the exchange doesn't offer, or
// anything that isn't a coin code, starts on USDT without an error; the side menu's plain link goes back to USDT.
// The withdrawal page's "verify your identity" link opens /accountSet#identity scrolled to the verification panel.
// /assetRecords names a deposit by its network and shortened transaction (the whole hash in the tooltip) and a
// withdrawal by its number, in English and Simplified Chinese. Screenshots (viewport) in .tmp/shots-loose/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, screenshot } from './browser.ts';
import { signInThroughUi } from './accounts.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-loose');
const USER = { email: 'wallet-links@example.com', password: 'Links12345678' };
const TX = '0x9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const WITHDRAWAL_ID = 12;

describe.skipIf(skip !== null)('wallet links and references', () => {
  let session: BrowserSession;
  let page: Page;
  let url = '';

  const shot = async (name: string) => {
    await screenshot(page, `wallet-links-${name}`);
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  /** The coin the page's coin step has chosen: a pressed chip, or the "other coins" list's value. */
  const chosenCoin = async (): Promise<string> =>
    page.getByTestId('step-coin').evaluate((step) => {
      const chip = step.querySelector('button[aria-pressed="true"]');
      if (chip) return chip.getAttribute('data-testid')?.replace(/^coin-/, '') ?? '';
      return (step.querySelector('[data-testid="coin-other"]') as HTMLSelectElement | null)?.value ?? '';
    });
  /** /accountSet with every panel above the verification panel filled in (each reads its own data), and a frame
   *  drawn since (the page re-scrolls on the size change before that frame). */
  const settled = async () => {
    for (const id of ['safety-level', 'security-rows', 'totp-status', 'identity-state']) await page.getByTestId(id).first().waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  };
  const openAssets = async () => {
    await page.goto(`${url}/myassets`);
    await page.locator('[data-testid="asset-row"][data-key="BTC"]').getByTestId('row-deposit').waitFor();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startBrowserSession({ user: USER, coinUsdt: '1000' });
    page = session.page;
    url = session.server.url;
    const user = (await session.server.handle.store.users.findByEmail(USER.email))!.id;
    const spot = session.server.handle.trading.desks.spot;
    // A final deposit as the chain watcher credits it, and a withdrawal held and then cancelled (withdraw:12).
    const deposited = await spot.deposit({ user, asset: 'ETH', amount: '1.5', ref: `deposit:ETH:${TX}:0` });
    expect(deposited.ok).toBe(true);
    const held = await spot.withdrawHold({ id: WITHDRAWAL_ID, user, asset: 'USDT', amount: '25' });
    expect(held.ok).toBe(true);
    const released = await spot.withdrawRelease({ id: WITHDRAWAL_ID, why: 'cancelled' });
    expect(released.ok).toBe(true);
    await signInThroughUi(page, url, USER.email, USER.password);
  }, 60_000);
  afterAll(async () => session?.close());

  it("opens the deposit and withdrawal pages on the row's coin from /myassets", async () => {
    await openAssets();
    await page.locator('[data-testid="asset-row"][data-key="BTC"]').getByTestId('row-deposit').click();
    await page.waitForURL((u) => u.pathname === '/recharge' && u.searchParams.get('coin') === 'BTC');
    await page.getByTestId('coin-BTC').and(page.locator('[aria-pressed="true"]')).waitFor();
    expect(await chosenCoin()).toBe('BTC');
    await shot('recharge-btc-en');
    await page.goto(`${url}/recharge?coin=BTC&lang=zh-CN`);
    await page.getByTestId('coin-BTC').and(page.locator('[aria-pressed="true"]')).waitFor();
    await shot('recharge-btc-zh-CN');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));

    await openAssets();
    await page.locator('[data-testid="asset-row"][data-key="ETH"]').getByTestId('row-withdraw').click();
    await page.waitForURL((u) => u.pathname === '/withdrawal' && u.searchParams.get('coin') === 'ETH');
    await page.getByTestId('coin-ETH').and(page.locator('[aria-pressed="true"]')).waitFor();
    expect(await chosenCoin()).toBe('ETH');
    await shot('withdrawal-eth-en');

    // A coin outside the three main ones is chosen in the "other coins" list.
    await page.getByTestId('coin-other').waitFor();
    const other = await page.getByTestId('coin-other').evaluate((s) => [...(s as HTMLSelectElement).options].map((o) => o.value).find((v) => v !== '') ?? '');
    expect(other).not.toBe('');
    await openAssets();
    await page.locator(`[data-testid="asset-row"][data-key="${other}"]`).getByTestId('row-deposit').click();
    await page.waitForURL((u) => u.pathname === '/recharge' && u.searchParams.get('coin') === other);
    await expect.poll(() => page.getByTestId('coin-other').inputValue()).toBe(other);
    expect(await chosenCoin()).toBe(other);
  });

  it("starts on USDT, silently, for a coin it doesn't offer or a malformed one; the menu's link goes back to USDT", async () => {
    for (const coin of ['NOSUCHCOIN', 'btc%2Fusdt', '%3Cb%3E', 'A'.repeat(17)]) {
      for (const path of ['/recharge', '/withdrawal']) {
        await page.goto(`${url}${path}?coin=${coin}`);
        await page.getByTestId('coin-USDT').and(page.locator('[aria-pressed="true"]')).waitFor();
        expect(await chosenCoin(), `${path} ${coin}`).toBe('USDT');
        expect(await page.getByRole('alert').count(), `${path} ${coin}`).toBe(0);
      }
    }
    // Lower case is read as the code.
    await page.goto(`${url}/recharge?coin=eth`);
    await page.getByTestId('coin-ETH').and(page.locator('[aria-pressed="true"]')).waitFor();
    // Same page, another search: the side menu's plain /recharge starts over on USDT (no reload).
    await page.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));
    await page.locator('nav a[href="/recharge"]').click();
    await page.waitForURL((u) => u.pathname === '/recharge' && !u.searchParams.has('coin'));
    await page.getByTestId('coin-USDT').and(page.locator('[aria-pressed="true"]')).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
  });

  it("the withdrawal page's identity link scrolls /accountSet to the verification panel", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${url}/withdrawal`);
    await page.getByTestId('withdraw-identity-link').click();
    await page.waitForURL((u) => u.pathname === '/accountSet' && u.hash === '#identity');
    await settled();
    // The panel starts below the fold (otherwise nothing here would need to scroll).
    const offset = await page.locator('#identity').evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    expect(offset).toBeGreaterThan(720);
    // Its top just below the sticky header (not under it), its title readable.
    const header = await page.locator('header').first().evaluate((e) => Math.round(e.getBoundingClientRect().bottom));
    expect(header).toBeGreaterThan(0);
    const top = () => page.locator('#identity').evaluate((e) => Math.round(e.getBoundingClientRect().top));
    expect(await top()).toBeGreaterThanOrEqual(header);
    expect(await top()).toBeLessThan(header + 80);
    await shot('account-identity-en');

    // Typed in (a fresh load, the panels fill in after the page shows), in Simplified Chinese.
    await page.goto(`${url}/accountSet?lang=zh-CN#identity`);
    await settled();
    expect(await top()).toBeGreaterThanOrEqual(header);
    expect(await top()).toBeLessThan(header + 80);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await shot('account-identity-zh-CN');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('names deposits and withdrawals in the asset records, in English and Chinese', async () => {
    for (const [lang, deposit, withdrawal] of [
      ['en', 'Deposit · ETH · 0x9f86…0a08', 'Withdrawal #12'],
      ['zh-CN', '充值 · ETH · 0x9f86…0a08', '提现 #12'],
    ] as const) {
      await page.goto(`${url}/assetRecords?lang=${lang}`);
      const dep = page.locator('[data-ref="deposit"]');
      await dep.waitFor();
      expect((await dep.textContent())?.trim()).toBe(deposit);
      expect(await dep.getByTestId('ref-tx').getAttribute('title')).toBe(TX);
      // The hold and its release: two records, each named by the withdrawal's number.
      const wd = page.locator('[data-ref="withdrawal"]');
      await expect.poll(() => wd.count()).toBe(2);
      expect((await wd.allTextContents()).map((t) => t.trim())).toEqual([withdrawal, withdrawal]);
      await shot(`records-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(session.errors).toEqual([]);
  });
});
