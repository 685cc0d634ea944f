// Modal dialogs against a live server with the market-maker bot: a dialog opened from a terminal panel takes the
// focus, keeps Tab and Shift+Tab inside, closes on Escape and gives the focus back to the control that opened it;
// it stays open, with what was typed in it, while the window crosses the narrow breakpoint (960 px) both ways (the
// terminal remounts every panel then), and its submit still works, the focus going back to the same control in the
// new layout. Covered: the leverage dialog (order entry panel), the take-profit / stop-loss dialog (positions panel),
// the spot terminal's cancel-all question (account panel), and of two stacked dialogs Escape reaching only the
// topmost. Screenshots of a dialog docked and stacked, in en and ja.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason } from './browser.ts';
import type { TestServer } from './server.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import { signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'dialogs@example.com', password: 'Dialogs12345678' };
const SYMBOL = 'BTCUSDT';
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 800, height: 900 };
const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-dialogs');

const num = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** What has the focus: enough to tell controls apart, and the dialog and the row it is in. */
interface Focus {
  testId: string | null;
  name: string | null;
  dialog: string | null;
  symbol: string | null;
  inPanel: string | null;
}

describe.skipIf(skip !== null)('dialogs', { timeout: 120_000 }, () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    session = await startBrowserSession({ bots: true, user: USER, coinUsdt: '50000' });
    ({ server, page, errors } = session);
    page.setDefaultTimeout(15_000);
    await page.setViewportSize(WIDE);
    await signInThroughUi(page, server.url, USER.email, USER.password);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  const form = () => page.getByTestId('contract-order-form');
  /** The position's row on screen (the dock keeps the panels of tabs behind others mounted but hidden). */
  const row = () => page.locator(`[data-testid="position-row"][data-symbol="${SYMBOL}"]`).filter({ visible: true });
  const dockCount = () => page.getByTestId('dock').count();

  const focus = (): Promise<Focus | null> =>
    page.evaluate(() => {
      const a = document.activeElement;
      if (!a || a === document.body) return null;
      return {
        testId: a.getAttribute('data-testid'),
        name: a.getAttribute('name'),
        dialog: a.closest('[aria-modal="true"]')?.getAttribute('data-testid') ?? null,
        symbol: a.closest('[data-symbol]')?.getAttribute('data-symbol') ?? null,
        inPanel: a.closest('[data-testid="account-panel"]') ? 'account-panel' : null,
      };
    });

  /** Where the focus is among the dialog's elements (-1: outside it). */
  const spot = (dialog: string) =>
    page.evaluate((id) => {
      const d = document.querySelector(`[data-testid="${id}"]`);
      const a = document.activeElement;
      return d && a && d.contains(a) ? [...d.querySelectorAll('*')].indexOf(a) : -1;
    }, dialog);

  /** The controls Tab can reach in the dialog. */
  const reachable = (dialog: string) =>
    page.getByTestId(dialog).evaluate(
      (d) =>
        [...d.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]')].filter(
          (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0,
        ).length,
    );

  /** Tab goes round every control of the dialog and back to where it started, never leaving it; so does Shift+Tab. */
  async function cycles(dialog: string): Promise<void> {
    const count = await reachable(dialog);
    expect(count).toBeGreaterThanOrEqual(2);
    for (const key of ['Tab', 'Shift+Tab']) {
      const start = await spot(dialog);
      expect(start).toBeGreaterThanOrEqual(0);
      const seen: number[] = [];
      for (let i = 0; i < count; i++) {
        await page.keyboard.press(key);
        seen.push(await spot(dialog));
      }
      expect(seen.every((at) => at >= 0), `${key} left the dialog: ${seen.join(',')}`).toBe(true);
      expect(new Set(seen).size).toBe(count);
      expect(seen[count - 1]).toBe(start);
    }
  }

  /** Resizes across the breakpoint and waits until the terminal has re-laid its panels out. */
  async function resize(to: 'narrow' | 'wide'): Promise<void> {
    await page.setViewportSize(to === 'narrow' ? NARROW : WIDE);
    await expect.poll(dockCount, { timeout: 5_000 }).toBe(to === 'narrow' ? 0 : 1);
    // One more settle period: nothing else moves after the switch.
    await page.waitForTimeout(300);
  }

  async function shot(name: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    // The viewport only: a full-page shot resizes the window for a moment.
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  }

  async function openTerminal(lang = 'en'): Promise<void> {
    await page.goto(`${server.url}/contractTransaction?symbol=${SYMBOL}&lang=${lang}`);
    await page.getByTestId('page-contractTransaction').waitFor();
    await expect.poll(async () => num(await page.getByTestId('contract-mark').textContent()), { timeout: 20_000 }).toBeGreaterThan(0);
    await form().getByTestId('leverage').waitFor();
    await expect.poll(() => form().getByTestId('leverage').isEnabled(), { timeout: 10_000 }).toBe(true);
  }

  /** Brings the positions panel to the front of its dock group. */
  const showPositions = () => page.locator('[data-testid="dock-tab"][data-panel="positions"]').click();

  it('takes the focus into the leverage dialog, keeps it there on Tab and Shift+Tab, and gives it back on Escape', async () => {
    await openTerminal();
    await form().getByTestId('leverage').click();
    const dialog = page.getByTestId('leverage-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('dialog');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Named by its title.
    const title = await dialog.evaluate((d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(title).toBe('Adjust leverage');
    await expect.poll(focus).toMatchObject({ name: 'leverage', dialog: 'leverage-dialog' });
    await cycles('leverage-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focus).toMatchObject({ testId: 'leverage', dialog: null });
    // And from the keyboard: Enter on the focused control opens it again, Escape brings the focus back.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focus).toMatchObject({ testId: 'leverage' });
  });

  it('keeps the leverage dialog and the leverage typed in it while the window crosses 960 px both ways, then submits it', async () => {
    await form().getByTestId('leverage').click();
    const dialog = page.getByTestId('leverage-dialog');
    await dialog.locator('input[name="leverage"]').fill('7');
    const cap = await dialog.getByTestId('leverage-max-notional').textContent();
    await resize('narrow');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator('input[name="leverage"]').inputValue()).toBe('7');
    expect(await dialog.getByTestId('leverage-max-notional').textContent()).toBe(cap);
    await expect.poll(focus).toMatchObject({ dialog: 'leverage-dialog' });
    await cycles('leverage-dialog');
    await shot('leverage-narrow-en');
    await resize('wide');
    expect(await dialog.locator('input[name="leverage"]').inputValue()).toBe('7');
    await shot('leverage-wide-en');
    await dialog.getByTestId('leverage-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => form().getByTestId('leverage').textContent()).toBe('7×');
    // The control that opened it was remounted twice: the focus goes to the one on screen now.
    await expect.poll(focus).toMatchObject({ testId: 'leverage', dialog: null });
  });

  it('keeps a position dialog opened on a narrow screen, with its typed price, through re-layouts both ways, and submits it', async () => {
    // Money on the contract account, through the transfer dialog, and a long position.
    await form().getByTestId('open-transfer').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.waitFor();
    await expect.poll(focus).toMatchObject({ testId: 'transfer-amount' });
    await page.keyboard.type('10000');
    await resize('narrow');
    expect(await transfer.getByTestId('transfer-amount').inputValue()).toBe('10000');
    await transfer.getByTestId('transfer-submit').click();
    await transfer.waitFor({ state: 'detached' });
    await expect.poll(async () => num(await form().getByTestId('form-available').textContent()), { timeout: 10_000 }).toBe(10_000);
    await form().getByTestId('kind-market').click();
    await form().getByTestId('unit-lots').click();
    await form().locator('input[name="size"]').fill('2000');
    await form().getByTestId('open-long').click();
    await row().first().waitFor({ timeout: 15_000 });

    // Narrow: the positions table is one of the stacked panels.
    expect(await dockCount()).toBe(0);
    await row().first().getByTestId('position-edit-tpsl').click();
    const dialog = page.getByTestId('tpsl-dialog');
    await dialog.waitFor();
    await expect.poll(focus).toMatchObject({ name: 'takeProfit', dialog: 'tpsl-dialog' });
    const mark = num(await dialog.getByTestId('tpsl-mark').textContent());
    const tp = String(Math.round(mark * 1.25));
    await page.keyboard.type(tp);
    await resize('wide');
    expect(await dialog.getByTestId('tpsl-takeProfit').inputValue()).toBe(tp);
    await expect.poll(focus).toMatchObject({ name: 'takeProfit', dialog: 'tpsl-dialog' });
    await cycles('tpsl-dialog');
    await resize('narrow');
    expect(await dialog.getByTestId('tpsl-takeProfit').inputValue()).toBe(tp);
    await resize('wide');
    expect(await dialog.getByTestId('tpsl-takeProfit').inputValue()).toBe(tp);
    await dialog.getByTestId('dialog-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await showPositions();
    await expect.poll(async () => num(await row().first().getByTestId('position-tp').textContent()), { timeout: 10_000 }).toBe(Number(tp));
  });

  it('gives the focus back to the same control in the new layout when the opener was remounted', async () => {
    await showPositions();
    await row().first().getByTestId('position-edit-tpsl').click();
    const dialog = page.getByTestId('tpsl-dialog');
    await dialog.waitFor();
    await resize('narrow');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focus).toMatchObject({ testId: 'position-edit-tpsl', symbol: SYMBOL, dialog: null });
    expect(await page.evaluate(() => document.activeElement?.getClientRects().length ?? 0)).toBeGreaterThan(0);
    await resize('wide');
  });

  it('shows the position dialog docked and stacked, in en and ja', async () => {
    for (const lang of ['en', 'ja']) {
      await openTerminal(lang);
      await showPositions();
      await row().first().getByTestId('position-edit-tpsl').click();
      const dialog = page.getByTestId('tpsl-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('tpsl-stopLoss').fill('1');
      await page.waitForTimeout(300);
      await shot(`tpsl-wide-${lang}`);
      await resize('narrow');
      expect(await dialog.getByTestId('tpsl-stopLoss').inputValue()).toBe('1');
      await shot(`tpsl-narrow-${lang}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await resize('wide');
    }
  });

  it('keeps the spot cancel-all question open across the breakpoint both ways, then cancels', async () => {
    await page.goto(`${server.url}/currencyTransaction?symbol=${SYMBOL}&lang=en`);
    const bids = async () => ((await page.getByTestId('book-canvas').getAttribute('data-bids')) ?? '').split(' ').filter(Boolean).map(Number);
    await expect.poll(async () => (await bids()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const price = (Math.floor(Math.max(...(await bids())) * 0.99 * 100) / 100).toFixed(2);
    await page.locator('input[name="price"]').fill(price);
    await page.locator('input[name="amount"]').fill('0.01');
    await page.getByTestId('place-order').click();
    await expect.poll(() => page.getByTestId('cancel-order').count(), { timeout: 10_000 }).toBe(1);

    await page.getByTestId('account-panel').getByTestId('cancel-all').click();
    const dialog = page.getByTestId('cancel-all-confirm');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    // The question starts on the answer that changes nothing.
    await expect.poll(focus).toMatchObject({ testId: 'cancel-all-no' });
    await cycles('cancel-all-confirm');
    await resize('narrow');
    expect(await dialog.isVisible()).toBe(true);
    await shot('cancel-all-narrow-en');
    await resize('wide');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByTestId('cancel-all-yes').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('cancel-order').count(), { timeout: 10_000 }).toBe(0);
    // Its button is gone with the orders: the focus stays in the panel it was in.
    await expect.poll(focus).toMatchObject({ inPanel: 'account-panel', dialog: null });
  });

  it('of two stacked dialogs, Escape and Tab reach only the topmost', async () => {
    await openTerminal();
    await form().getByTestId('leverage').click();
    const dialog = page.getByTestId('leverage-dialog');
    await dialog.locator('input[name="leverage"]').fill('9');
    // The session ends under the user: the session alert opens over the dialog (no way out but Re-login).
    const user = await server.handle.store.users.findByEmail(USER.email);
    if (!user) throw new Error('user missing');
    await server.handle.store.sessions.revokeAllForUser(user.id, Date.now());
    // The server closes the session's sockets: the alert comes with no click.
    const alert = page.getByTestId('session-expired');
    await alert.waitFor({ timeout: 10_000 });
    await expect.poll(focus).toMatchObject({ testId: 'relogin', dialog: 'session-expired' });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await alert.isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator('input[name="leverage"]').inputValue()).toBe('9');
    for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focus()).toMatchObject({ dialog: 'session-expired' });
    }
    const refused = errors.filter((e) => !/401|403|Unauthorized|Forbidden/.test(e));
    expect(refused).toEqual([]);
  });
});
