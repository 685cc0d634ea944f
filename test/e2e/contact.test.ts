// The contact modal: values the operator set with the CLI, copied on click, closed with Cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { setConfig } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

describe.skipIf(skip !== null)('contact modal', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await browser.context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the operator-set contacts, copies one on click, and closes with Cancel', async () => {
    await setConfig(server, 'online_service', 'support@openex.example');
    await setConfig(server, 'custom_line', 'openex-line');
    await setConfig(server, 'custom_whatsapp', '+6580001234');
    await page.goto(server.url);
    await page.getByTestId('page-home').waitFor();
    await page.getByTestId('contact-open').first().click();
    const modal = page.getByTestId('contact-modal');
    await modal.waitFor();
    await expect.poll(() => modal.innerText()).toContain('openex-line');
    expect(await modal.innerText()).toContain('+6580001234');
    expect(await modal.innerText()).toContain('support@openex.example');
    await screenshot(page, 'contact-modal-en');
    await page.getByTestId('contact-copy-custom_line').click();
    await page.getByTestId('notice').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('openex-line');
    await page.getByTestId('contact-cancel').click();
    await modal.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
