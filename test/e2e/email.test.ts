// The e-mail rule in the browser: the sign-up form refuses an address RFC 5321 doesn't take (a leading dot) with the
// format message in the page's language, before anything is sent; an account registered under the earlier rule
// still signs in through the login form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { createUser } from '../../server/accounts/identity.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const MESSAGE: Record<string, string> = {
  en: 'Enter a valid e-mail address.',
  'zh-CN': '请输入有效的邮箱地址。',
  th: 'โปรดกรอกอีเมลที่ถูกต้อง',
};

describe.skipIf(skip !== null)('the e-mail rule in the browser', () => {
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

  for (const [locale, message] of Object.entries(MESSAGE)) {
    it(`sign-up refuses .a@x.io in ${locale}, and nothing is sent or stored`, async () => {
      await page.goto(`${server.url}/register?statusType=1&lang=${locale}`);
      await page.getByTestId('channel-email').click();
      await page.locator('input[name="account"]').fill('.a@x.io');
      await page.getByTestId('send-code').click();
      const error = page.getByTestId('field-error').first();
      await error.waitFor();
      expect(await error.innerText()).toBe(message);
      await page.locator('input[name="code"]').fill('123456');
      await page.locator('input[name="password"]').fill('Trader12345');
      await page.locator('input[name="confirmPassword"]').fill('Trader12345');
      await page.locator('input[name="agree"]').check();
      await page.getByTestId('submit').click();
      await expect.poll(() => page.getByTestId('field-error').first().innerText()).toBe(message);
      await screenshot(page, `email-leading-dot-${locale}`);
      expect(await server.handle.store.users.count()).toBe(0);
      expect(await server.handle.store.outbox.count()).toBe(0);
    });
  }

  it('an account registered under the earlier rule signs in', async () => {
    const store = server.handle.store;
    const passwordHash = await argon2Hasher().hash('Trader12345');
    await store.transaction((tx) => createUser(tx, { email: '.early@example.com', phone: null, passwordHash, referrerId: null, now: Date.now() }));
    await page.goto(`${server.url}/login?statusType=0&lang=en`);
    await page.locator('input[name="account"]').fill('.early@example.com');
    await page.locator('input[name="password"]').fill('Trader12345');
    await page.getByTestId('submit').click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    await screenshot(page, 'email-earlier-account-signed-in');
    expect(errors).toEqual([]);
  });
});
