// Wealth products and mining pools in the browser (issue 23) against a live server with a movable clock and the demo
// products, the operator's treasury funded. Signed out, the cards show and Buy asks to sign in. Signed in, a user with
// USDT on the coin account opens a wealth product: the dialog refuses what the spec refuses (empty, below the minimum,
// above the maximum, more than the wealth balance) before sending, moves money in through the transfer dialog, shows
// Max, the expected income (the server's own formula) and the schedule (earning from the next 00:00 GMT+8), and buys;
// then a mining pool. The clock moves past the start and three payouts: My mining shows the income accrued live (no
// reload), the detail page its thirty payments with three paid. The wealth order is transferred out early (principal
// back, no income); a second one matures (principal and income back). /myassets' wealth tab shows the principal
// still in the pool and the income received, and the balances add up to the last unit; /assetRecords names the new
// record types. Screenshots in en, zh-CN and th at 1440×900 and narrow go to .tmp/shots-web/, each checked for
// overflow and raw message ids.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DAY_MS, HOUR_MS, earnStartAt, textOfUnits, totalIncome, unitsOfText } from '../../server/contract/earn.ts';
import { formatDecimal } from '../../src/format/decimal.ts';
import { signInThroughUi } from './accounts.ts';
import { browserSkipReason, screenshot } from './browser.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import type { TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = join(ROOT, '.tmp', 'shots-web');
const USER = { email: 'earn-e2e@example.com', password: 'Earn12345678' };
const WEALTH = 'USDT 7-day fixed';
const POOL = 'USDT pool 30 days';
/** What follows from a click or a desk event. */
const SOON = { timeout: 10_000 };
/** What waits for the page's server clock (the heartbeat's next round trip, every 15 s). */
const CLOCK = { timeout: 40_000 };

const units = (text: string): bigint => unitsOfText(text)!;
/** An amount as the order tables and dialogs write it (trailing zeros trimmed to two places). */
const shown = (u: bigint): string => formatDecimal(textOfUnits(u), 8).replace(/(\.\d\d\d*?)0+$/, '$1');

describe.skipIf(skip !== null)('wealth products and mining pools', { timeout: 240_000 }, () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];
  /** Where the test server's clock is, ahead of the real one. */
  let offset = 0;
  const serverTime = () => Date.now() + offset;
  const advance = (ms: number) => {
    offset += ms;
    server.advance(ms);
  };
  let miningStartAt = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startBrowserSession({ user: USER, coinUsdt: '50000' });
    ({ server, page, errors } = session);
    page.setDefaultTimeout(15_000);
    const funded = await server.handle.desks.earn.fundTreasury({ action: 'credit', asset: 'USDT', amount: '1000000', memo: 'e2e', requestId: 'e2e-treasury-usdt' });
    if (!funded.ok) throw new Error(`treasury credit refused: ${funded.code}`);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  const open = async (path: string, lang = 'en') => {
    await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
    await page.getByTestId(`page-${path.slice(1).split('?')[0]!.replace('/', '-')}`).waitFor();
  };
  /**
   * Moves the clock in steps of at most 3 days, the page read again after each: a session slides forward while in use
   * (once less than half of SESSION_TTL_HOURS, a week, is left), so no step outlives it. Payments due are made at each.
   */
  const travel = async (ms: number, path: string) => {
    for (let left = ms; left > 0; left -= 3 * DAY_MS) {
      advance(Math.min(left, 3 * DAY_MS));
      await server.handle.desks.earn.runDue();
      await open(path);
    }
  };
  const card = (name: string) => page.locator(`[data-testid="earn-product"][aria-label="${name}"]`);
  const dialog = () => page.getByTestId('earn-purchase');
  const rows = () => page.getByTestId('earn-order');
  const errorCode = () => dialog().getByTestId('earn-error').getAttribute('data-code');

  /** The page as it is, at the viewport's width: nothing wider than the window, no text out of its box, no raw ids. */
  async function shot(name: string, width = 1440, height = 900): Promise<void> {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    // A dialog's backdrop covers the window, not the page: those are shot as the window shows them.
    const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !dialogOpen });
    await screenshot(page, `earn-${name}`);
    const layout = await page.evaluate(() => {
      const spilled = [...document.querySelectorAll<HTMLElement>('[data-testid^="page-"] *, [role="dialog"] *')]
        .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'visible' && el.clientWidth > 0)
        .filter((el) => !['INPUT', 'SELECT', 'svg', 'path', 'IMG'].includes(el.tagName))
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
      return { pageWidth: document.documentElement.scrollWidth, text: document.body.innerText, spilled };
    });
    expect(layout.pageWidth, name).toBeLessThanOrEqual(width);
    expect(layout.text, name).not.toMatch(/\b(?:defi|records|assets|common)\.[a-z][A-Za-z]*(?:\.[A-Za-z]+)*\b/);
    expect(layout.spilled, name).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  it('shows the products and pools signed out; buying asks to sign in', async () => {
    await open('/defiFinancial');
    await card(WEALTH).waitFor();
    expect(Number(await page.getByTestId('earn-products-wealth').getAttribute('data-count'))).toBeGreaterThanOrEqual(4);
    expect(await card(WEALTH).getByTestId('earn-product-rate').textContent()).toBe('2.5%');
    expect(await card(WEALTH).getAttribute('data-state')).toBe('open');
    expect(await card(WEALTH).getByTestId('earn-product-range').textContent()).toBe('10 – 50,000 USDT');
    expect(await page.getByTestId('defi-rules').textContent()).toContain('00:00 (GMT+8)');
    await shot('en-wealth-signed-out');
    await page.getByTestId('defi-tab-mining').click();
    await card(POOL).waitFor();
    expect(await card(POOL).getByTestId('earn-product-rate').textContent()).toBe('0.02%');
    await shot('en-mining-signed-out');
    await page.getByTestId('defi-tab-myMining').click();
    await page.getByTestId('signin-prompt').waitFor();
    await page.getByTestId('defi-tab-mining').click();
    await card(POOL).getByTestId('earn-buy').click();
    await page.waitForURL(/\/login\?/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/defiFinancial?section=mining');
    await signInThroughUi(page, server.url, USER.email, USER.password);
  });

  it('checks a wealth purchase before sending, funds the wealth account through the transfer dialog, and buys', async () => {
    await open('/defiFinancial');
    await card(WEALTH).getByTestId('earn-buy').click();
    await dialog().waitFor();
    await expect.poll(() => dialog().getByTestId('earn-available').textContent(), SOON).toBe('0.00 USDT');
    // The spec's checks, in its words, before anything is sent.
    await dialog().getByTestId('earn-purchase-ok').click();
    expect(await errorCode()).toBe('amount.empty');
    expect(await dialog().getByTestId('earn-error').textContent()).toBe('Enter an amount.');
    await dialog().getByTestId('earn-amount').fill('0');
    expect(await errorCode()).toBe('amount.zero');
    await dialog().getByTestId('earn-amount').fill('5');
    expect(await dialog().getByTestId('earn-error').textContent()).toBe('The minimum is 10 USDT.');
    await dialog().getByTestId('earn-amount').fill('60000');
    expect(await dialog().getByTestId('earn-error').textContent()).toBe('You can buy at most 50,000 USDT more of this product.');
    await dialog().getByTestId('earn-amount').fill('1000');
    expect(await errorCode()).toBe('balance.insufficient');
    await dialog().getByTestId('earn-purchase-ok').click();
    expect(await server.handle.desks.earn.openOrders).toBe(0);
    await shot('en-purchase-short');

    // Short: the transfer dialog, from the coin account into the wealth account.
    await dialog().getByTestId('earn-transfer-short').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.waitFor();
    expect(await transfer.getByTestId('transfer-from').inputValue()).toBe('coin');
    expect(await transfer.getByTestId('transfer-to').inputValue()).toBe('earn');
    await transfer.getByTestId('transfer-amount').fill('20000');
    await transfer.getByTestId('transfer-submit').click();
    await transfer.waitFor({ state: 'detached' });
    await expect.poll(() => dialog().getByTestId('earn-available').textContent(), SOON).toBe('20,000.00 USDT');

    // Max: what the user may buy, within the balance.
    await dialog().getByTestId('earn-max').click();
    expect(await dialog().getByTestId('earn-amount').inputValue()).toBe('20000');
    await dialog().getByTestId('earn-amount').fill('5000');
    expect(await dialog().getByTestId('earn-error').count()).toBe(0);
    // The income by the formula the server pays by: floor(5000 × 0.025 × 7 / 365).
    const income = totalIncome({ kind: 'wealth', rate: units('0.025'), termDays: 7 }, units('5000'));
    expect(await dialog().getByTestId('earn-expected').textContent()).toBe(`+${shown(income)}`);
    const at = async (id: string) => Number(await dialog().getByTestId(`earn-schedule-${id}`).getAttribute('data-at'));
    const orderAt = await at('order');
    expect(Math.abs(orderAt - serverTime())).toBeLessThan(60_000);
    const start = await at('start');
    expect(start).toBe(earnStartAt(orderAt));
    expect((start + 8 * HOUR_MS) % DAY_MS).toBe(0);
    expect(await at('first')).toBe(start + 7 * DAY_MS);
    expect(await at('end')).toBe(start + 7 * DAY_MS);
    expect(await at('return')).toBe(start + 7 * DAY_MS);
    expect(await dialog().getByTestId('earn-promise').textContent()).toContain('treasury');
    await shot('en-purchase-wealth');

    await dialog().getByTestId('earn-purchase-ok').click();
    await dialog().waitFor({ state: 'detached' });
    // The order is in My wealth, purchasing until its start.
    await page.waitForURL(/section=myWealth/);
    await expect.poll(() => rows().count(), SOON).toBe(1);
    expect(await rows().first().getByTestId('earn-principal').textContent()).toBe('5,000.00');
    expect(await rows().first().getByTestId('earn-status').getAttribute('data-status')).toBe('purchasing');
    expect(await rows().first().getByTestId('earn-total').textContent()).toBe(shown(income));
    expect(await rows().first().getByTestId('earn-redeem').count()).toBe(1);
  });

  it('starts mining through the mining confirmation', async () => {
    await page.getByTestId('defi-tab-mining').click();
    await card(POOL).getByTestId('earn-buy').click();
    await dialog().waitFor();
    await expect.poll(() => dialog().getByTestId('earn-available').textContent(), SOON).toBe('15,000.00 USDT');
    await dialog().getByTestId('earn-amount').fill('1000');
    expect(await dialog().getByTestId('earn-expected').textContent()).toBe('+6.00');
    expect(await dialog().getByTestId('earn-per-day').textContent()).toBe('≈ 0.20 USDT');
    miningStartAt = Number(await dialog().getByTestId('earn-schedule-start').getAttribute('data-at'));
    // The first income at 01:00 the day after mining starts; the principal after the last day.
    expect(Number(await dialog().getByTestId('earn-schedule-first').getAttribute('data-at'))).toBe(miningStartAt + DAY_MS + HOUR_MS);
    expect(Number(await dialog().getByTestId('earn-schedule-return').getAttribute('data-at'))).toBe(miningStartAt + 30 * DAY_MS + HOUR_MS);
    await shot('en-purchase-mining');
    await dialog().getByTestId('earn-purchase-ok').click();
    await dialog().waitFor({ state: 'detached' });
    await page.waitForURL(/section=myMining/);
    await expect.poll(() => rows().count(), SOON).toBe(1);
    const row = rows().first();
    expect(await row.getByTestId('earn-accrued').textContent()).toBe('0.00');
    expect(await row.getByTestId('earn-periods').textContent()).toBe('0/30');
    expect(await row.getByTestId('earn-locked').count()).toBe(1);
    expect(await row.getByTestId('earn-redeem').count()).toBe(0);
  });

  it('accrues mining income live as the clock passes the start and three payouts', async () => {
    const row = rows().first();
    advance(miningStartAt - serverTime() + 3 * DAY_MS + HOUR_MS + 60_000);
    await server.handle.desks.earn.runDue();
    // Moved by the `earn` topic, without a reload.
    await expect.poll(() => row.getByTestId('earn-accrued').textContent(), SOON).toBe('0.60');
    expect(await row.getByTestId('earn-periods').textContent()).toBe('3/30');
    await expect.poll(() => row.getByTestId('earn-status').getAttribute('data-status'), CLOCK).toBe('in_progress');
    await shot('en-my-mining');
  });

  it('opens the mining order: its times and its thirty payments, three paid', async () => {
    await rows().first().getByTestId('earn-detail').click();
    await page.getByTestId('page-defiFinancial-order').waitFor();
    await expect.poll(() => page.getByTestId('earn-detail-paid').textContent(), SOON).toBe('0.60');
    expect(await page.getByTestId('earn-detail-total').textContent()).toBe('6.00');
    expect(await page.getByTestId('earn-detail-periods').textContent()).toBe('3/30');
    const incomes = page.getByTestId('earn-incomes');
    await expect.poll(() => incomes.getAttribute('data-count'), SOON).toBe('30');
    expect(await incomes.getAttribute('data-paid')).toBe('3');
    const states = page.getByTestId('earn-income-state');
    expect(await states.nth(0).getAttribute('data-paid')).toBe('1');
    expect(await states.nth(2).getAttribute('data-paid')).toBe('1');
    expect(await states.nth(3).getAttribute('data-paid')).toBe('0');
    expect(await states.nth(3).textContent()).toBe('Scheduled');
    await shot('en-detail-mining');
  });

  it('transfers the wealth order out early: the principal back, no income', async () => {
    await open('/defiFinancial?section=myWealth');
    await expect.poll(() => rows().count(), SOON).toBe(1);
    const row = rows().first();
    await expect.poll(() => row.getByTestId('earn-status').getAttribute('data-status'), SOON).toBe('in_progress');
    await row.getByTestId('earn-redeem').click();
    const confirm = page.getByTestId('earn-redeem-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('5,000.00 USDT');
    expect(await confirm.textContent()).toContain('no income');
    await shot('en-redeem-confirm');
    await page.getByTestId('earn-redeem-yes').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('earn-status').getAttribute('data-status'), SOON).toBe('redeemed');
    expect(await row.getByTestId('earn-accrued').textContent()).toBe('0.00');
    expect(await row.getByTestId('earn-redeem').count()).toBe(0);
  });

  it('matures a second wealth order: principal and income back in the wealth balance, which adds up', async () => {
    await open('/defiFinancial');
    await card(WEALTH).getByTestId('earn-buy').click();
    await dialog().waitFor();
    await dialog().getByTestId('earn-amount').fill('2000');
    const end = Number(await dialog().getByTestId('earn-schedule-end').getAttribute('data-at'));
    await dialog().getByTestId('earn-purchase-ok').click();
    await dialog().waitFor({ state: 'detached' });
    await page.waitForURL(/section=myWealth/);
    await expect.poll(() => rows().count(), SOON).toBe(2);

    await travel(end - serverTime() + 60_000, '/defiFinancial?section=myWealth');
    const income = totalIncome({ kind: 'wealth', rate: units('0.025'), termDays: 7 }, units('2000'));
    const matured = rows().first();
    await expect.poll(() => matured.getByTestId('earn-status').getAttribute('data-status'), SOON).toBe('settled');
    expect(await matured.getByTestId('earn-accrued').textContent()).toBe(shown(income));
    await shot('en-my-wealth');

    // The pool paid every day meanwhile.
    await page.getByTestId('defi-tab-myMining').click();
    const mined = units(((await rows().first().getByTestId('earn-accrued').textContent()) ?? '').replace(/,/g, ''));
    expect(mined).toBeGreaterThan(units('0.6'));
    const periods = Number(((await rows().first().getByTestId('earn-periods').textContent()) ?? '').split('/')[0]);
    expect(mined).toBe(units('0.2') * BigInt(periods));

    // 20,000 in; 5,000 out and back; 1,000 still in the pool; 2,000 out and back with its income; the pool's income.
    const available = units('20000') - units('1000') + income + mined;
    await open('/myassets');
    await page.getByTestId('account-card-earn').click();
    const usdt = page.locator('[data-testid="asset-row"][data-key="USDT"]');
    await expect.poll(() => usdt.getByTestId('row-available').textContent(), SOON).toBe(formatDecimal(textOfUnits(available), 8));
    expect(await usdt.getByTestId('row-frozen').textContent()).toBe('1,000.00000000');
    const holdings = page.getByTestId('wealth-holdings');
    await expect.poll(() => holdings.locator('[data-testid="wealth-principal"][data-asset="USDT"]').textContent(), SOON).toBe('1,000.00');
    expect(await holdings.locator('[data-testid="wealth-income"][data-asset="USDT"]').textContent()).toBe(shown(income + mined));
    expect(await holdings.getAttribute('data-active')).toBe('1');
    await shot('en-myassets-wealth');
  });

  it('names the wealth and mining records', async () => {
    await open('/assetRecords?account=earn');
    const types = async () => page.locator('[data-testid="page-assetRecords"] [data-type]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-type')}=${e.textContent}`));
    await expect.poll(async () => (await types()).length, SOON).toBeGreaterThan(4);
    const seen = new Map((await types()).map((t) => t.split('=') as [string, string]));
    expect(seen.get('financial_purchase')).toBe('Wealth purchase');
    expect(seen.get('cancel_financial')).toBe('Wealth transferred out early');
    expect(seen.get('financial_return')).toBe('Wealth principal returned');
    expect(seen.get('financial_income')).toBe('Wealth income');
    expect(seen.get('mining_purchase')).toBe('Mining purchase');
    expect(seen.get('mining_income')).toBe('Mining income');
    await shot('en-records');
    // A record's reference opens its order.
    const ref = page.locator('[data-ref="earn"]', { hasText: /payment/ }).first();
    expect(await ref.textContent()).toMatch(/^Order #\d+ · payment \d+$/);
    await ref.click();
    await page.getByTestId('page-defiFinancial-order').waitFor();
    await page.getByTestId('earn-detail').waitFor();
  });

  it('reads well in Chinese and Thai, wide and narrow', async () => {
    for (const lang of ['zh-CN', 'th']) {
      await open('/defiFinancial', lang);
      await card(WEALTH).waitFor();
      await shot(`${lang}-wealth`);
      await card(WEALTH).getByTestId('earn-buy').click();
      await dialog().waitFor();
      await dialog().getByTestId('earn-amount').fill('100');
      await shot(`${lang}-purchase-wealth`);
      await dialog().getByTestId('earn-purchase-cancel').click();
      await page.getByTestId('defi-tab-mining').click();
      await card(POOL).waitFor();
      await shot(`${lang}-mining`);
      await shot(`${lang}-mining-narrow`, 390, 844);
      await page.getByTestId('defi-tab-myMining').click();
      await expect.poll(() => rows().count(), SOON).toBe(1);
      await shot(`${lang}-my-mining`);
      await shot(`${lang}-my-mining-narrow`, 390, 844);
      await rows().first().getByTestId('earn-detail').click();
      await page.getByTestId('page-defiFinancial-order').waitFor();
      await expect.poll(() => page.getByTestId('earn-incomes').getAttribute('data-count'), SOON).toBe('30');
      await shot(`${lang}-detail-mining`);
      await shot(`${lang}-detail-narrow`, 390, 844);
    }
    await open('/defiFinancial');
    await card(WEALTH).waitFor();
    await shot('en-wealth-narrow', 390, 844);
    await card(WEALTH).getByTestId('earn-buy').click();
    await dialog().getByTestId('earn-amount').fill('100');
    await shot('en-purchase-narrow', 390, 844);
  });

  it('logged no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
