// Every route of the spec's table (§2), signed out and signed in: the page renders its own root, the title is the
// product name, and the browser reports no error at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PRODUCT_NAME } from '../../server/contract/index.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';

const ROUTES: ReadonlyArray<readonly [path: string, testId: string]> = [
  ['/', 'page-home'],
  ['/accountSet', 'page-accountSet'],
  ['/myassets', 'page-myassets'],
  ['/recharge', 'page-recharge'],
  ['/withdrawal', 'page-withdrawal'],
  ['/assetRecords', 'page-assetRecords'],
  ['/commin?active=1', 'page-commin'],
  ['/commin?active=2', 'page-commin'],
  ['/contract', 'page-contract'],
  ['/contractOrder?orderNo=1', 'page-contractOrder'],
  ['/noticeList', 'page-noticeList'],
  ['/detail', 'page-detail'],
  ['/helpCenter', 'page-helpCenter'],
  ['/helpDetail', 'page-helpDetail'],
  ['/informationList', 'page-informationList'],
  ['/informationOne', 'page-informationOne'],
  ['/informationTwo', 'page-informationTwo'],
  ['/down', 'page-down'],
  ['/quotation', 'page-quotation'],
  ['/rateStandard', 'page-rateStandard'],
  ['/about', 'page-about'],
  ['/legalStatement', 'page-legalStatement'],
  ['/privacyPolicy', 'page-privacyPolicy'],
  ['/userAgreement', 'page-userAgreement'],
  ['/feedback', 'page-feedback'],
  ['/contractTransaction', 'page-contractTransaction'],
  ['/currencyTransaction', 'page-currencyTransaction'],
  ['/defiFinancial', 'page-defiFinancial'],
  ['/login?statusType=0', 'page-login'],
  ['/register?statusType=1', 'page-register'],
  ['/forget', 'page-forget'],
  ['/no/such/page', 'not-found'],
];

const AUTH_PAGES = new Set(['page-login', 'page-register', 'page-forget']);
const skip = browserSkipReason();
if (skip) console.log(skip);

describe.skipIf(skip !== null)('every route in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function visit(path: string, testId: string, shot: string): Promise<void> {
    errors.length = 0;
    await page.goto(server.url + path);
    await page.getByTestId(testId).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe(PRODUCT_NAME);
    expect(errors, `${path}: ${errors.join('\n')}`).toEqual([]);
    await screenshot(page, shot);
  }

  // Thirty-odd pages one after the other: a loaded machine needs more than the default 30 s.
  it('renders every route signed out, with login and register in the header', { timeout: 120_000 }, async () => {
    for (const [path, testId] of ROUTES) {
      await visit(path, testId, `signed-out${path.replace(/[/?=]/g, '_')}`);
      if (testId !== 'not-found') {
        await expect(page.getByTestId('header-login').isVisible()).resolves.toBe(true);
        await expect(page.getByTestId('header-register').isVisible()).resolves.toBe(true);
      }
    }
  });

  it('renders every route signed in, with the nickname in the header', { timeout: 120_000 }, async () => {
    const user = await createUser(server, { email: 'routes@example.com', password: 'Routes12345' });
    await signInThroughUi(page, server.url, user.email, user.password);
    for (const [path, testId] of ROUTES) {
      if (AUTH_PAGES.has(testId)) continue;
      await visit(path, testId, `signed-in${path.replace(/[/?=]/g, '_')}`);
      if (testId !== 'not-found') await expect(page.getByTestId('user-menu').isVisible()).resolves.toBe(true);
    }
    // The account page shows the signed-in user's own data.
    await page.goto(`${server.url}/accountSet`);
    await expect(page.getByTestId('page-accountSet').textContent()).resolves.toContain(user.email);
  });

  it('scrolls to the top on every navigation', async () => {
    await page.goto(`${server.url}/userAgreement`);
    await page.getByTestId('page-userAgreement').waitFor();
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('footer a[href="/about"]').first().click();
    await page.getByTestId('page-about').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
