// Two-factor sign-in in Chromium (issue 21), against the real server: the authenticator app turned on from the
// account page (the secret read off the page, the codes computed here with otplib at the server's clock), a
// sign-in that asks for the code, a replayed code refused with its message; a passkey added with Chromium's
// virtual authenticator (CDP WebAuthn, user verification on), a sign-in with it and no password, and its removal
// (which asks for a fresh TOTP code while TOTP is on). The page is served on localhost: a bare IP address is no
// WebAuthn relying party. Screenshots in English, Simplified Chinese and Thai.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { createUser } from './accounts.ts';
import { startTestServer, type TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-twofactor');
const USER = { email: 'twofactor@example.com', password: 'Twofactor12345' };
const STEP = 30_000;

describe.skipIf(skip !== null)('TOTP and passkeys through the UI', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let base: string;
  let offset = 0;
  let secret = '';
  /** The code the enable used: its time step is used up (real time may have moved into the next step since). */
  let enabledWith = '';

  beforeAll(async () => {
    server = await startTestServer();
    base = server.url.replace('127.0.0.1', 'localhost');
    await createUser(server, USER);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
    // A step that doesn't happen fails with what it waited for, well inside the test's time.
    page.setDefaultTimeout(10_000);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The server's clock moves on by one TOTP step (so the next code is a fresh one). */
  const nextStep = () => {
    offset += STEP;
    server.advance(STEP);
  };
  const code = () => generate({ secret, epoch: Math.floor((Date.now() + offset) / 1000) });
  /** The page, and a close-up of `part` (a dialog, a panel) to look at. */
  const shot = async (name: string, part?: Locator) => {
    await screenshot(page, `twofactor-${name}`);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    if (part) await part.screenshot({ path: join(SHOTS, `${name}-close.png`) });
  };

  async function signOut(): Promise<void> {
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('logout').click();
    await page.getByTestId('page-login').waitFor();
  }

  async function passwordStep(lang = 'en'): Promise<void> {
    await page.goto(`${base}/login?statusType=0&lang=${lang}`);
    await page.locator('input[name="account"]').fill(USER.email);
    await page.locator('input[name="password"]').fill(USER.password);
    await page.getByTestId('submit').click();
  }

  async function signedIn(): Promise<void> {
    await page.getByTestId('user-menu').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  }

  async function accountPage(lang = 'en'): Promise<void> {
    await page.goto(`${base}/accountSet?lang=${lang}`);
    await page.getByTestId('totp-row').waitFor();
  }

  it('turns the authenticator app on with a code for the secret shown', async () => {
    await passwordStep();
    await signedIn();
    await accountPage();
    expect(await page.getByTestId('totp-status').getAttribute('data-on')).toBe('false');
    await page.getByTestId('totp-enable').click();
    const dialog = page.getByTestId('totp-enable-dialog');
    await dialog.getByTestId('totp-secret').waitFor();
    secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is an image the browser decoded (width > 0), not markup in the page.
    expect(await dialog.getByTestId('totp-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot('enable-dialog-en', dialog);

    // A wrong code: the server's message under the field, still off.
    const right = await code();
    await dialog.locator('input[name="totpCode"]').fill(right === '000000' ? '111111' : '000000');
    await dialog.getByTestId('totp-submit').click();
    await expect(dialog.getByTestId('field-error').innerText()).resolves.toMatch(/incorrect/);
    await dialog.locator('input[name="totpCode"]').fill(right);
    enabledWith = right;
    await dialog.getByTestId('totp-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="totp-status"][data-on="true"]').waitFor();
    await shot('account-on-en');
    const mails = (await server.handle.store.outbox.list(50)).filter((m) => m.recipient === USER.email);
    expect(mails.length).toBeGreaterThan(0);
  });

  it('asks for the code at sign-in, refuses a replayed one with its message, takes a fresh one', async () => {
    await signOut();
    await passwordStep();
    await page.getByTestId('login-totp-needed').waitFor();
    const field = page.locator('input[name="totpCode"]');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    // The code of the step the enable used: refused as used. (Not code(): real time may have crossed into the next
    // 30 s step since the enable, whose code would be a fresh one.)
    await field.fill(enabledWith);
    await page.getByTestId('submit').click();
    const error = page.getByTestId('field-error');
    await expect(error.innerText()).resolves.toBe('This code has already been used. Wait for the next code in your authenticator app.');
    await shot('login-replayed-en');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    nextStep();
    const fresh = await code();
    await field.fill(fresh);
    await page.getByTestId('submit').click();
    await signedIn();

    // The same code again, on a new sign-in: refused, it was used.
    await signOut();
    await passwordStep();
    await page.getByTestId('login-totp-needed').waitFor();
    await page.locator('input[name="totpCode"]').fill(fresh);
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('field-error').innerText()).resolves.toMatch(/already been used/);
    nextStep();
    await page.locator('input[name="totpCode"]').fill(await code());
    await page.getByTestId('submit').click();
    await signedIn();
  });

  it('adds a passkey with the virtual authenticator and signs in with it, no password', async () => {
    await accountPage();
    await page.getByTestId('passkey-add').click();
    const dialog = page.getByTestId('passkey-add-dialog');
    await expect(dialog.getByTestId('passkey-name').inputValue()).resolves.toBe('Passkey 1');
    await dialog.getByTestId('passkey-name').fill('Test laptop');
    await dialog.getByTestId('passkey-continue').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('passkey-list').waitFor();
    await expect(page.getByTestId('passkey-name-cell').allInnerTexts()).resolves.toEqual(['Test laptop']);
    await shot('account-passkey-en', page.getByTestId('passkey-row').locator('xpath=..'));

    await signOut();
    await page.goto(`${base}/login?statusType=0&lang=en`);
    await page.getByTestId('passkey-login').click();
    await signedIn();
    const user = await server.handle.store.users.findByEmail(USER.email);
    const [passkey] = await server.handle.store.twoFactor.passkeys(user!.id);
    expect(passkey?.lastUsedAt).not.toBeNull();
  });

  it('removes the passkey with a fresh TOTP code', async () => {
    await accountPage();
    await page.getByTestId('passkey-remove').click();
    const dialog = page.getByTestId('passkey-remove-dialog');
    await dialog.locator('input[name="totpCode"]').waitFor();
    nextStep();
    await dialog.locator('input[name="totpCode"]').fill(await code());
    await dialog.getByTestId('passkey-remove-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('passkey-list').waitFor({ state: 'detached' });
    const user = await server.handle.store.users.findByEmail(USER.email);
    expect(await server.handle.store.twoFactor.passkeys(user!.id)).toEqual([]);
  });

  it('looks right in Simplified Chinese and Thai', { timeout: 90_000 }, async () => {
    for (const lang of ['zh-CN', 'th']) {
      await accountPage(lang);
      await page.getByTestId('totp-disable').click();
      await page.getByTestId('totp-disable-dialog').waitFor();
      await shot(`account-disable-${lang}`, page.getByTestId('totp-disable-dialog'));
      await page.keyboard.press('Escape');
      await page.getByTestId('totp-disable-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('passkey-add').click();
      await page.getByTestId('passkey-add-dialog').waitFor();
      await shot(`passkey-add-${lang}`, page.getByTestId('passkey-add-dialog'));
      await page.keyboard.press('Escape');
    }
    await signOut();
    for (const lang of ['zh-CN', 'th']) {
      await passwordStep(lang);
      await page.getByTestId('login-totp-needed').waitFor();
      await shot(`login-totp-${lang}`);
    }
    // Back in English: turn it off with a fresh code.
    nextStep();
    await page.locator('input[name="totpCode"]').fill(await code());
    await page.getByTestId('submit').click();
    await signedIn();
    await accountPage();
    await page.getByTestId('totp-disable').click();
    nextStep();
    await page.getByTestId('totp-disable-dialog').locator('input[name="totpCode"]').fill(await code());
    await page.getByTestId('totp-disable-dialog').getByTestId('totp-submit').click();
    await page.locator('[data-testid="totp-status"][data-on="false"]').waitFor();
    await shot('account-off-en', page.getByTestId('totp-row').locator('xpath=..'));
    expect(errors).toEqual([]);
  });
});
