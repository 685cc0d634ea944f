// Sign-up, sign-in, sign-out, password reset and session expiry, all through the UI against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, latestCode, signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

describe.skipIf(skip !== null)('accounts through the UI', () => {
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

  async function userCount(): Promise<number> {
    return server.handle.store.users.count();
  }

  it('rejects bad input on the register form with a message and stores nothing', async () => {
    await page.goto(`${server.url}/register?statusType=1`);
    await page.getByTestId('channel-email').click();
    await page.locator('input[name="account"]').fill('not-an-email');
    await page.locator('input[name="code"]').fill('123456');
    await page.locator('input[name="password"]').fill('short');
    await page.locator('input[name="confirmPassword"]').fill('different');
    await page.getByTestId('submit').click();
    await page.getByTestId('field-error').first().waitFor();
    expect(await page.getByTestId('field-error').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'register-errors-en');
    expect(await userCount()).toBe(0);
  });

  it('signs up by e-mail with a code from the outbox, is signed in, signs out', async () => {
    const email = 'trader@example.com';
    await page.goto(`${server.url}/register?statusType=1`);
    await page.getByTestId('channel-email').click();
    await page.locator('input[name="account"]').fill(email);
    await page.getByTestId('send-code').click();
    // The button counts down before another code can be asked for.
    await expect.poll(() => page.getByTestId('send-code').isDisabled()).toBe(true);
    await expect.poll(() => latestCode(server, email).catch(() => '')).toMatch(/^\d{6}$/);
    const code = await latestCode(server, email);
    await page.locator('input[name="code"]').fill(code);
    await page.locator('input[name="password"]').fill('Trader12345');
    await page.locator('input[name="confirmPassword"]').fill('Trader12345');
    await page.locator('input[name="agree"]').check();
    await page.getByTestId('submit').click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    expect(await userCount()).toBe(1);
    await screenshot(page, 'signed-up-en');

    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.getByTestId('page-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByTestId('header-login').isVisible()).resolves.toBe(true);
  });

  it('signs in with the new account, and a wrong password gets an error notice', async () => {
    await page.goto(`${server.url}/login?statusType=0`);
    await page.locator('input[name="account"]').fill('trader@example.com');
    await page.locator('input[name="password"]').fill('Wrong123456');
    await page.getByTestId('submit').click();
    await page.getByTestId('notice').first().waitFor();
    await screenshot(page, 'login-failed-en');
    // The notice closes by itself after two seconds.
    await page.getByTestId('notice').first().waitFor({ state: 'detached', timeout: 5000 });
    await signInThroughUi(page, server.url, 'trader@example.com', 'Trader12345');
  });

  it('resets a forgotten password and signs in with the new one', async () => {
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.getByTestId('page-login').waitFor();
    await page.goto(`${server.url}/forget`);
    await page.getByTestId('channel-email').click();
    await page.locator('input[name="account"]').fill('trader@example.com');
    const before = await latestCode(server, 'trader@example.com');
    await page.getByTestId('send-code').click();
    await expect.poll(() => latestCode(server, 'trader@example.com').then((c) => c !== before)).toBe(true);
    const code = await latestCode(server, 'trader@example.com');
    await page.locator('input[name="code"]').fill(code);
    await page.locator('input[name="password"]').fill('Renewed12345');
    await page.locator('input[name="confirmPassword"]').fill('Renewed12345');
    await page.getByTestId('submit').click();
    await page.getByTestId('page-login').waitFor();
    await signInThroughUi(page, server.url, 'trader@example.com', 'Renewed12345');
  });

  it('shows one session-expired alert when the session runs out, and Re-login goes to the login page', async () => {
    await createUser(server, { email: 'expiry@example.com', password: 'Expiry12345' });
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await signInThroughUi(page, server.url, 'expiry@example.com', 'Expiry12345');
    server.advance(8 * 24 * 3600 * 1000);
    // Nothing to do: the server finds the session past its expiry (its sweep, within a second) and closes the
    // page's WebSocket with 4001 session.expired, which raises the alert on its own. 15 s: on a loaded CI machine
    // the signed-in page's socket may still be connecting when the clock moves (a CI run missed 5 s).
    await page.getByTestId('session-expired').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.getByTestId('session-expired').count()).toBe(1);
    await screenshot(page, 'session-expired-en');
    await page.getByTestId('relogin').click();
    await page.getByTestId('page-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('reported no browser errors', () => {
    expect(errors).toEqual([]);
  });
});
