// The quantitative robot in the browser (issue 24) against a live server with the demo markets and their market
// maker, a user with USDT on the coin account and a fund password. Signed out, the robot form asks to sign in.
// Signed in, on /currencyTransaction's Quantitative tab: the form refuses what it can before sending (empty, below
// the minimum, above the balance) with the server's wording; a wrong fund password is refused by the server in the
// user's language and changes nothing (same available balance, no robot). A robot on BTCUSDT with 20 USDT, a 60 s
// limit and a 0.05 % take-profit is followed on its stepper through capture and buy (real fills from the market
// maker) to its end within 90 s, whatever the reason; its history row shows the P&L the server's detail gives, and
// the balance is back to what it was plus that P&L (the base left under one lot aside). A second robot with a wide
// take-profit and stop holds long enough to be shown running in three languages (live P&L, countdown), then is
// stopped from the page. Screenshots in en, zh-CN and th, wide and narrow, go to .tmp/shots-quant-robot/, each
// checked for overflow and raw message ids.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { botPnl, fromUnits, QUANT_PATHS, TICKET_HEADER, toUnits, type QuantBotDetail, type QuantBotView } from '../../server/contract/index.ts';
import { parsePo } from '../../server/i18n/po.ts';
import { signInThroughUi } from './accounts.ts';
import { browserSkipReason, screenshot } from './browser.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import type { TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = join(ROOT, '.tmp', 'shots-quant-robot');
const USER = { email: 'quant-robot-e2e@example.com', password: 'Quant12345678' };
const FUND_PASSWORD = '135790';
const SOON = { timeout: 10_000 };
/** A robot's whole run: its 60 s limit, the scheduler's ticks and the page's events, with room to spare. */
const RUN = { timeout: 90_000 };

const catalog = (locale: string, file: 'messages.po' | 'server.po') => parsePo(readFileSync(join(ROOT, 'locales', locale, file), 'utf8'));
const text = (locale: string, file: 'messages.po' | 'server.po', id: string): string => {
  const t = catalog(locale, file).get(id);
  if (!t) throw new Error(`no ${id} in locales/${locale}/${file}`);
  return t;
};
/** The P&L as the run and the history write it (RobotRun, robot-form.ts signedAmount). */
const signed = (units: bigint): string => {
  const body = fromUnits(units < 0n ? -units : units);
  const [i = '0', f = ''] = body.split('.');
  const out = `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f.padEnd(2, '0')}`;
  return units < 0n ? `-${out}` : units === 0n ? out : `+${out}`;
};

describe.skipIf(skip !== null)('quantitative robot', { timeout: 300_000 }, () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];
  let userId = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startBrowserSession({ bots: true, user: USER, coinUsdt: '1000' });
    ({ server, page, errors } = session);
    page.setDefaultTimeout(15_000);
    const user = await server.handle.store.users.findByEmail(USER.email);
    if (!user) throw new Error('test user missing');
    userId = user.id;
    await server.handle.store.users.setFundPassword(userId, await argon2Hasher().hash(FUND_PASSWORD), Date.now());
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  const panel = () => page.getByTestId('quant-panel');
  const run = () => page.getByTestId('robot-run');
  const step = (stage: string) => run().getByTestId(`robot-step-${stage}`);
  const available = async () => (await page.getByTestId('robot-available').getAttribute('data-value')) ?? '';
  /** The terminal in a language, its Quantitative mode open (the mode tab's label is the catalog's). */
  const open = async (lang = 'en') => {
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT&lang=${lang}`);
    await page.getByTestId('page-currencyTransaction').waitFor();
    await page.getByRole('tab', { name: text(lang, 'messages.po', 'trade.mode.quant') }).click();
    await panel().waitFor();
    expect(await page.getByTestId('quant-tab-robot').getAttribute('aria-selected')).toBe('true');
  };
  /** The user's robots as the server lists them. */
  const serverBots = async (): Promise<QuantBotView[]> => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.url}${QUANT_PATHS.list}?kind=robot&status=all&pageSize=50`, { headers: { [TICKET_HEADER]: token ?? '' } });
    const body = (await res.json()) as { code: string; data: { list: QuantBotView[] } };
    return body.data.list;
  };
  const detail = async (botId: number): Promise<QuantBotDetail> => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.url}${QUANT_PATHS.detail}?botId=${botId}`, { headers: { [TICKET_HEADER]: token ?? '' } });
    const body = (await res.json()) as { code: string; data: QuantBotDetail };
    expect(body.code).toBe('success');
    return body.data;
  };
  const fill = async (f: { investment: string; duration: string; tp: string; sl: string; password: string }) => {
    await page.getByTestId('robot-investment').fill(f.investment);
    await page.getByTestId('robot-duration').selectOption(f.duration);
    await page.getByTestId('robot-take-profit').fill(f.tp);
    await page.getByTestId('robot-stop-loss').fill(f.sl);
    await page.getByTestId('robot-fund-password').fill(f.password);
  };

  /** The page at a width: the panel within the window, no text out of its box inside the panel, no raw ids. */
  async function shot(name: string, width = 1440, height = 900): Promise<void> {
    await page.setViewportSize({ width, height });
    await panel().waitFor();
    await page.waitForTimeout(400);
    // The docked entry panel scrolls on its own: the run is brought to its top (the page itself stays where it is).
    if ((await run().count()) > 0 && width >= 960) {
      await run().evaluate((el) => {
        let box = el.parentElement;
        while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
        if (box && box !== document.body && box !== document.documentElement) box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top;
      });
    }
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: width < 960 });
    // Narrow, the panel stands in the one column: it is shot on its own too, to be read.
    if (width < 960) await panel().screenshot({ path: join(SHOTS, `${name}-panel.png`) });
    await screenshot(page, `quant-robot-${name}`);
    const layout = await page.evaluate(() => {
      const root = document.querySelector('[data-testid="quant-panel"]');
      const spilled = [...(root?.querySelectorAll<HTMLElement>('*') ?? [])]
        .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'visible' && el.clientWidth > 0)
        .filter((el) => !['INPUT', 'SELECT', 'OPTION', 'svg', 'path', 'IMG'].includes(el.tagName))
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
      const box = root?.getBoundingClientRect();
      const outside = [...(root?.querySelectorAll<HTMLElement>('*') ?? [])]
        .filter((el) => el.getClientRects().length > 0 && box !== undefined && el.getBoundingClientRect().right > box.right + 1)
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
      return { right: box?.right ?? 0, text: (root as HTMLElement | null)?.innerText ?? '', spilled, outside };
    });
    expect(layout.right, name).toBeLessThanOrEqual(width);
    expect(layout.text, name).not.toMatch(/\b(?:quant|records|trade|common)\.[a-z][A-Za-z]*(?:\.[A-Za-z]+)*\b/);
    expect(layout.spilled, name).toEqual([]);
    expect(layout.outside, name).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  it('asks a visitor to sign in', async () => {
    await open();
    await page.getByTestId('robot-login').waitFor();
    expect(await page.getByTestId('robot-start').count()).toBe(0);
    expect(await page.getByTestId('robot-history').count()).toBe(0);
    await expect.poll(() => page.getByTestId('robot-minimum').textContent(), SOON).toBe('10 USDT');
    expect(await page.getByTestId('robot-note').textContent()).toContain('can be a loss');
    await shot('en-signed-out');
    // The Grid tab holds the grid bot.
    await page.getByTestId('quant-tab-grid').click();
    expect(await page.getByTestId('robot-panel').count()).toBe(0);
    await page.getByTestId('quant-tab-robot').click();
    await page.getByTestId('robot-panel').waitFor();
  });

  it('refuses before sending what the page can tell, and a wrong fund password in the user language', async () => {
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await open();
    await expect.poll(available, SOON).toBe('1000');
    expect(await page.getByTestId('robot-available').textContent()).toBe('1,000.00 USDT');
    // The defaults: a 2-minute limit, take-profit 0.3 %, stop-loss 0.5 %.
    expect(await page.getByTestId('robot-duration').inputValue()).toBe('120');
    expect(await page.getByTestId('robot-take-profit').inputValue()).toBe('0.3');
    expect(await page.getByTestId('robot-stop-loss').inputValue()).toBe('0.5');
    await page.getByTestId('robot-history-empty').waitFor();

    const error = () => page.getByTestId('robot-error');
    await page.getByTestId('robot-start').click();
    expect(await error().getAttribute('data-code')).toBe('quant.investment.empty');
    await page.getByTestId('robot-investment').fill('5');
    expect(await error().getAttribute('data-code')).toBe('quant.investment.below.min');
    expect(await error().textContent()).toBe('The starting amount has not been reached: the minimum is 10 USDT.');
    await page.getByTestId('robot-investment').fill('1000.5');
    expect(await error().getAttribute('data-code')).toBe('funds.insufficient');
    await page.getByTestId('robot-max').click();
    expect(await page.getByTestId('robot-investment').inputValue()).toBe('1000');
    await page.getByTestId('robot-investment').fill('20');
    await page.getByTestId('robot-take-profit').fill('0.01');
    await page.getByTestId('robot-start').click();
    expect(await error().getAttribute('data-code')).toBe('quant.take.profit.invalid');
    expect(await error().textContent()).toBe(text('en', 'messages.po', 'quant.take.profit.invalid'));
    await page.getByTestId('robot-take-profit').fill('0.3');
    await page.getByTestId('robot-start').click();
    expect(await error().getAttribute('data-code')).toBe('quant.fund.password.required');
    expect(await serverBots()).toEqual([]);

    // A wrong fund password, in Chinese: the server's words, nothing held, no robot.
    await open('zh-CN');
    await expect.poll(available, SOON).toBe('1000');
    await fill({ investment: '20', duration: '60', tp: '0.05', sl: '0.5', password: '000000' });
    await page.getByTestId('robot-start').click();
    const refusal = page.getByTestId('robot-refusal');
    await expect.poll(() => refusal.textContent(), SOON).toBe(text('zh-CN', 'server.po', 'security.fund.wrong'));
    expect(await refusal.getAttribute('data-code')).toBe('security.fund.wrong');
    await shot('zh-CN-wrong-fund-password');
    await page.waitForTimeout(500);
    expect(await available()).toBe('1000');
    expect(await run().count()).toBe(0);
    expect(await serverBots()).toEqual([]);
    const balances = await server.handle.trading.desks.byWallet.coin.balances(userId);
    if (!balances.ok) throw new Error(balances.code);
    const usdt = balances.value.find((b) => b.asset === 'USDT' && b.wallet === 'coin');
    expect([toUnits(usdt?.available ?? ''), toUnits(usdt?.frozen ?? '')]).toEqual([toUnits('1000'), 0n]);
  });

  let robotId = 0;
  it('runs a robot through capture and buy to its end, and shows the P&L the server gives', async () => {
    await open('en');
    await expect.poll(available, SOON).toBe('1000');
    await fill({ investment: '20', duration: '60', tp: '0.05', sl: '0.5', password: FUND_PASSWORD });
    await page.getByTestId('robot-start').click();
    await run().waitFor();
    robotId = Number(await run().getAttribute('data-bot'));
    expect(robotId).toBeGreaterThan(0);
    expect(await page.getByTestId('robot-fund-password').inputValue()).toBe('');
    // Start and queue are at once; capture and the buy follow on the scheduler's ticks with the market maker's book.
    await expect.poll(() => step('start').getAttribute('data-state'), SOON).toBe('done');
    expect(await step('start').getByTestId('robot-step-start-time').textContent()).toMatch(/^\d\d:\d\d:\d\d$/);
    await expect.poll(() => step('capture').getAttribute('data-state'), SOON).toBe('done');
    await expect.poll(() => step('buy').getAttribute('data-state'), SOON).toBe('done');
    expect(Number((await step('buy').getByTestId('robot-buy-price').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await step('capture').textContent()).toMatch(/\d/);
    // While it holds the investment is spent (the available balance is 20 less).
    await expect.poll(available, SOON).toBe('980');

    // Its end, whatever the reason (take-profit, stop-loss or the time limit), within the 60 s limit and the scheduler's ticks.
    await expect.poll(() => run().getAttribute('data-status'), RUN).toBe('ended');
    expect(await step('end').getAttribute('data-state')).toBe('done');
    expect(await step('sell').getAttribute('data-state')).toBe('done');
    const reason = await run().getByTestId('robot-end-reason').textContent();
    expect([text('en', 'messages.po', 'quant.reason.takeProfit'), text('en', 'messages.po', 'quant.reason.stopLoss'), text('en', 'messages.po', 'quant.reason.timeLimit')]).toContain(reason);

    // The server's detail: its P&L, and the page's run and history row say the same, to the unit. An ended bot's P&L
    // values the base it gave back (under one lot) at its view's last price, so the page's figure is checked at the
    // price its copy carries, and when no base came back (or the price has not moved) against the detail's own.
    const d = await detail(robotId);
    expect(d.bot.status).toBe('ended');
    expect(d.trades.some((t) => t.side === 'buy')).toBe(true);
    expect(d.trades.some((t) => t.side === 'sell')).toBe(true);
    const serverPnl = botPnl(d.bot, d.bot.last);
    const endPnl = run().getByTestId('robot-end-pnl');
    const row = page.locator(`[data-testid="robot-history-row"][data-bot="${robotId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), SOON).toBe('ended');
    const rowPnl = row.getByTestId('robot-history-pnl');
    for (const shown of [endPnl, rowPnl]) {
      const last = (await shown.getAttribute('data-last')) ?? null;
      const atShown = botPnl(d.bot, last);
      expect(await shown.getAttribute('data-pnl')).toBe(fromUnits(atShown.pnl));
      if (toUnits(d.bot.returnedBase) === 0n || last === d.bot.last) expect(await shown.getAttribute('data-pnl')).toBe(fromUnits(serverPnl.pnl));
    }
    expect(await endPnl.getAttribute('data-bps')).toBe(String(botPnl(d.bot, await endPnl.getAttribute('data-last')).bps));
    const pnl = toUnits((await rowPnl.getAttribute('data-pnl')) ?? '');
    expect(await rowPnl.textContent()).toContain(`${signed(pnl)} USDT`);
    expect(await row.getByTestId('robot-history-reason').textContent()).toBe(reason);
    // The color follows the sign (theme tokens: up green, down red).
    const color = await endPnl.evaluate((el) => getComputedStyle(el).color);
    if (pnl > 0n) expect(color).toBe('rgb(22, 199, 132)');
    if (pnl < 0n) expect(color).toBe('rgb(234, 57, 67)');

    // Everything came back: the quote it returned (the investment plus or minus its P&L; the base under one lot aside).
    await expect.poll(available, SOON).toBe(fromUnits(toUnits('980') + toUnits(d.bot.returnedQuote)));

    await shot('en-ended');
    await shot('en-ended-tall', 1440, 1800);
    await shot('en-ended-narrow', 390, 844);
    for (const lang of ['zh-CN', 'th']) {
      await open(lang);
      await expect.poll(() => run().getAttribute('data-bot'), SOON).toBe(String(robotId));
      await expect.poll(() => page.locator('[data-testid="robot-history-row"]').count(), SOON).toBe(1);
      await shot(`${lang}-ended`);
      await shot(`${lang}-ended-narrow`, 390, 844);
    }
  });

  it('shows a holding robot live in three languages, and stops it', async () => {
    await open('en');
    await fill({ investment: '25', duration: '300', tp: '5', sl: '5', password: FUND_PASSWORD });
    await page.getByTestId('robot-start').click();
    await expect.poll(() => run().getAttribute('data-bot'), SOON).not.toBe(String(robotId));
    const id = Number(await run().getAttribute('data-bot'));
    await expect.poll(() => step('sell').getAttribute('data-state'), SOON).toBe('active');
    for (const lang of ['en', 'zh-CN', 'th']) {
      if (lang !== 'en') await open(lang);
      await expect.poll(() => run().getAttribute('data-bot'), SOON).toBe(String(id));
      await expect.poll(() => step('sell').getAttribute('data-state'), SOON).toBe('active');
      await run().getByTestId('robot-live-pnl').waitFor();
      // The summary at the top says the same while the stepper's sell stage may be scrolled out of a docked panel.
      expect(await run().getByTestId('robot-summary').textContent()).toContain(text(lang, 'messages.po', 'quant.stage.sell'));
      await run().getByTestId('robot-summary-countdown').waitFor();
      expect(await run().getByTestId('robot-countdown').textContent()).toMatch(/^[0-5]:\d\d$/);
      await shot(`${lang}-running`);
      await shot(`${lang}-running-narrow`, 390, 844);
    }
    // The countdown runs on.
    const before = await run().getByTestId('robot-countdown').textContent();
    await expect.poll(() => run().getByTestId('robot-countdown').textContent(), { timeout: 5_000 }).not.toBe(before);

    await open('en');
    await run().getByTestId('robot-stop').click();
    await expect.poll(() => run().getAttribute('data-status'), SOON).toBe('ended');
    expect(await run().getByTestId('robot-end-reason').textContent()).toBe(text('en', 'messages.po', 'quant.reason.user'));
    const d = await detail(id);
    expect(d.bot.endReason).toBe('user');
    const stoppedPnl = run().getByTestId('robot-end-pnl');
    expect(await stoppedPnl.getAttribute('data-pnl')).toBe(fromUnits(botPnl(d.bot, await stoppedPnl.getAttribute('data-last')).pnl));
    expect(await run().getByTestId('robot-summary-pnl').getAttribute('data-pnl')).toBe(await stoppedPnl.getAttribute('data-pnl'));
    await expect.poll(() => page.locator('[data-testid="robot-history-row"]').count(), SOON).toBe(2);
    // Newest first.
    expect(await page.locator('[data-testid="robot-history-row"]').first().getAttribute('data-bot')).toBe(String(id));
    const bots = await serverBots();
    expect(bots.map((b) => b.status)).toEqual(['ended', 'ended']);
  });

  it('logged no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
