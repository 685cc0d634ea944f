// What a user sees of the operator's work on a running exchange: credits, a lock and an unlock sent with the
// operator CLI through the server's admin channel (no restart) show at once on /assetRecords as the spec's record
// types (admin credit, admin lock, admin unlock), locked funds as frozen. Screenshots in en, zh-CN and th.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runAdmin } from '../../server/cli/admin.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'locked@example.com', password: 'Locked12345678' };

describe.skipIf(skip !== null)('operator commands seen by the user', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server, USER);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const admin = async (...argv: string[]) => {
    const r = await runAdmin([...argv, '--verbose', '--reason', 'e2e', '--operator', 'e2e-operator'], { dataDir: server.dataDir });
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log?.[0]).toMatch(/^admin: done by the server through its admin channel/);
    return r.output;
  };

  it('shows credits, a lock and an unlock made through the admin channel as records, in every language', async () => {
    const op = ['--email', USER.email, '--asset', 'USDT'];
    await admin('balance', 'credit', ...op, '--amount', '2500', '--memo', 'welcome bonus');
    await admin('balance', 'lock', ...op, '--amount', '1000', '--memo', 'vesting');
    await admin('balance', 'unlock', ...op, '--amount', '250', '--memo', 'vesting');
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/assetRecords`);
    const rows = page.getByTestId('record-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    const types = await rows.locator('[data-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types).toEqual(['admin_unlock', 'admin_lock', 'admin_credit']);
    for (const lang of ['en', 'zh-CN', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
      await screenshot(page, `admin-records-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(errors).toEqual([]);
  }, 90_000);
});
