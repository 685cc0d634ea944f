// Language switching through the UI: the choice is stored, the page reloads in the new language, and pages in
// CJK and Thai render (screenshots under test-results/screens are looked at by a person).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

const SCRIPT: Record<string, RegExp> = {
  ja: /[\u3040-\u30ff]/,
  th: /[\u0e00-\u0e7f]/,
  'zh-CN': /[\u4e00-\u9fff]/,
  'zh-TW': /[\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
};

const skip = browserSkipReason();
if (skip) console.log(skip);

describe.skipIf(skip !== null)('languages in the browser', () => {
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

  const headerText = () => page.locator('header').innerText();

  it('starts in English', async () => {
    await page.goto(server.url);
    await page.getByTestId('page-home').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(page, 'home-en');
  });

  for (const locale of ['ja', 'th', 'zh-CN', 'ko']) {
    it(`switches to ${locale} through the switcher and keeps it after a reload`, async () => {
      await page.goto(server.url);
      await page.getByTestId('page-home').waitFor();
      await page.getByTestId('lang-switch').click();
      await Promise.all([page.waitForEvent('load'), page.getByTestId(`lang-option-${locale}`).click()]);
      await page.getByTestId('page-home').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await headerText()).toMatch(SCRIPT[locale]!);
      await screenshot(page, `home-${locale}`);
      for (const path of ['/login?statusType=0', '/register?statusType=1', '/quotation', '/about']) {
        await page.goto(server.url + path);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('body').innerText()).toMatch(SCRIPT[locale]!);
        await screenshot(page, `${locale}${path.replace(/[/?=]/g, '_')}`);
      }
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    });
  }

  it("accepts the spec's short codes (jp, ti, tc)", async () => {
    for (const [alias, locale] of [['jp', 'ja'], ['ti', 'th'], ['tc', 'zh-TW']] as const) {
      await page.goto(`${server.url}/?lang=${alias}`);
      await page.getByTestId('page-home').waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await headerText()).toMatch(SCRIPT[locale]!);
    }
  });

  it('the server answers errors in the chosen language', async () => {
    await page.goto(`${server.url}/login?statusType=0&lang=ja`);
    await page.getByTestId('page-login').waitFor();
    await page.locator('input[name="account"]').fill('nobody@example.com');
    await page.locator('input[name="password"]').fill('Nobody12345');
    await page.getByTestId('submit').click();
    const notice = page.getByTestId('notice').first();
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(SCRIPT.ja!);
    await screenshot(page, 'ja-login-failed');
  });

  it('reported no browser errors', () => {
    expect(errors).toEqual([]);
  });
});
