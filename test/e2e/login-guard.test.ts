// The sign-in guard in the browser: after many failed sign-ins on an account from elsewhere, the login page asks
// for a code sent to the account (field with a send button) and signs in with password + code; an address that
// keeps failing is told to wait, with a countdown, in the user's language. Against the real server; the other
// addresses' failures go through the same HTTP route (Fastify's inject with their remote address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '../../server/contract/api.ts';
import { RATE_RULES } from '../../server/accounts/policy.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, latestCode } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

describe.skipIf(skip !== null)('sign-in guard through the UI', () => {
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

  /** A sign-in attempt from another address, through the real route. */
  async function attemptFrom(address: string, account: string, password: string): Promise<string> {
    const reply = await server.handle.app.inject({
      method: 'POST',
      url: API.login,
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account, password }),
    });
    return (reply.json() as { code: string }).code;
  }

  /** A distributed guesser: one wrong password from each of many addresses, up to the account's limit. */
  async function attack(account: string): Promise<void> {
    for (let i = 0; i < RATE_RULES.loginFailuresPerAccount.limit; i++) expect(await attemptFrom(`203.0.113.${i + 1}`, account, 'Guess12345')).toBe('login.failed');
  }

  async function outboxFor(account: string) {
    return (await server.handle.store.outbox.list(200)).filter((m) => m.recipient === account);
  }

  async function signInWithCode(account: string, password: string, lang: string, shot: string): Promise<void> {
    await page.goto(`${server.url}/login?statusType=0&lang=${lang}`);
    await page.getByTestId('page-login').waitFor();
    await page.locator('input[name="account"]').fill(account);
    await page.locator('input[name="password"]').fill(password);
    // No code field until the server asks for one.
    expect(await page.locator('input[name="code"]').count()).toBe(0);
    await page.getByTestId('submit').click();
    await page.getByTestId('login-code-needed').waitFor();
    await page.locator('input[name="code"]').waitFor();
    await screenshot(page, `${shot}-asked`);
    // Submitting without the code: the field says it is needed, nothing is sent.
    await page.getByTestId('submit').click();
    await page.getByTestId('field-error').first().waitFor();
    const before = (await outboxFor(account)).length;
    await page.getByTestId('send-code').click();
    await expect.poll(async () => (await outboxFor(account)).length).toBe(before + 1);
    await expect.poll(() => page.getByTestId('send-code').isDisabled()).toBe(true);
    const code = await latestCode(server, account);
    await page.locator('input[name="code"]').fill(code);
    await screenshot(page, `${shot}-filled`);
    await page.getByTestId('submit').click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  }

  async function signOut(): Promise<void> {
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.getByTestId('page-login').waitFor();
  }

  it('asks for a code after many failed sign-ins elsewhere, sends it, and signs in with password + code (en)', async () => {
    const owner = await createUser(server, { email: 'guarded@example.com', password: 'Guarded12345' });
    await attack(owner.email);
    // The owner was told once.
    const alerts = (await outboxFor(owner.email)).filter((m) => m.subject.includes('Failed sign-in'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain(`${RATE_RULES.loginFailuresPerAccount.limit} times`);
    await signInWithCode(owner.email, owner.password, 'en', 'login-guard-code-en');
    // Signed in, the login page (and its code notice) goes away.
    await page.getByTestId('login-code-needed').waitFor({ state: 'detached' });
    await signOut();
    // This browser's address is trusted for the account now: no code asked the next time.
    await page.locator('input[name="account"]').fill(owner.email);
    await page.locator('input[name="password"]').fill(owner.password);
    await page.getByTestId('submit').click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    await signOut();
  });

  it('the same in Thai: the notice, the field and the code mail', async () => {
    const owner = await createUser(server, { email: 'thai@example.com', password: 'Thai12345678' });
    await attack(owner.email);
    await page.goto(`${server.url}/login?statusType=0&lang=th`);
    await page.getByTestId('page-login').waitFor();
    await page.locator('input[name="account"]').fill(owner.email);
    await page.locator('input[name="password"]').fill(owner.password);
    await page.getByTestId('submit').click();
    const notice = page.getByTestId('login-code-needed');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/[\u0E00-\u0E7F]/);
    await signInWithCode(owner.email, owner.password, 'th', 'login-guard-code-th');
    await signOut();
  });

  it('an address that keeps failing is told to wait, with a countdown, in its language', async () => {
    const owner = await createUser(server, { email: 'waits@example.com', password: 'Waits1234567' });
    // Failures from this very browser's address (the test server sees 127.0.0.1): 3 free, then 1, 2, 4 s waits.
    for (const password of ['Wrong1111111', 'Wrong2222222', 'Wrong3333333']) expect(await attemptFrom('127.0.0.1', owner.email, password)).toBe('login.failed');
    server.advance(1_000);
    expect(await attemptFrom('127.0.0.1', owner.email, 'Wrong4444444')).toBe('login.failed');
    server.advance(2_000);
    expect(await attemptFrom('127.0.0.1', owner.email, 'Wrong5555555')).toBe('login.failed');
    server.advance(4_000);
    expect(await attemptFrom('127.0.0.1', owner.email, 'Wrong6666666')).toBe('login.failed');
    // Now an 8 s wait: the page says so and counts down on the button, even for the right password.
    for (const lang of ['th', 'zh-CN', 'en'] as const) {
      await page.goto(`${server.url}/login?statusType=0&lang=${lang}`);
      await page.getByTestId('page-login').waitFor();
      await page.locator('input[name="account"]').fill(owner.email);
      await page.locator('input[name="password"]').fill(owner.password);
      await page.getByTestId('submit').click();
      const throttled = page.getByTestId('login-throttled');
      await throttled.waitFor();
      expect(await page.getByTestId('submit').isDisabled()).toBe(true);
      const label = await page.getByTestId('submit').innerText();
      if (lang === 'th') {
        expect(await throttled.innerText()).toMatch(/[\u0E00-\u0E7F]/);
        expect(label).toMatch(/ลองอีกครั้งใน \d+ วินาที/);
      } else if (lang === 'zh-CN') {
        expect(await throttled.innerText()).toMatch(/[\u4E00-\u9FFF]/);
        expect(label).toMatch(/\d+ 秒后重试/);
      } else {
        expect(label).toMatch(/Try again in \d+ s/);
      }
      await screenshot(page, `login-guard-wait-${lang}`);
    }
    // When the wait is over the button comes back and the right password signs in.
    server.advance(8_000);
    await page.reload();
    await page.getByTestId('page-login').waitFor();
    await page.locator('input[name="account"]').fill(owner.email);
    await page.locator('input[name="password"]').fill(owner.password);
    await page.getByTestId('submit').click();
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  });

  it('reported no browser errors but the throttle replies themselves', () => {
    // A throttle answers HTTP 429 (a rate limit, with Retry-After, for proxies and tooling), which Chromium reports
    // on the console as a failed resource load; anything else is an error of the page.
    expect(errors.filter((e) => !/status of 429/.test(e))).toEqual([]);
  });
});
