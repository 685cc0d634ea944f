// Headless Chromium (Debian's package) driven by playwright-core, with a fresh profile per test file.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREEN_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'screens');

/** Browser tests run when Chromium is installed; in CI its absence is a failure, elsewhere a skip. */
export function browserSkipReason(): string | null {
  if (existsSync(CHROMIUM)) return null;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}; .ci/run installs Debian's chromium`);
  return `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium fonts-noto-cjk)`;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'openex-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Collects everything the page reports as an error: console errors, uncaught exceptions, failed requests. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A navigation away aborts in-flight requests; that is not an error of the page.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`requestfailed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREEN_DIR, { recursive: true });
  const path = join(SCREEN_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
