// The seconds contract screen against a live server (its price record ticking every second, the seconds desk
// settling on it): a user funds the seconds account through the transfer dialog, is refused bad input in their
// language with nothing changed, places an up and a down contract on 60 s through the confirm popup, sees them
// "opening" until the record's first entry after their acceptance gives the open price, watches their countdowns run
// on the shared clock, sees "settlement in progress" and then both settled in History with their P&L, and opens the
// proof, which downloads the public record and settlement data and checks them in the browser with the server's own
// module (0 mismatches, the acceptance time, the open and settle entries with their hashes). A timed order is
// reserved a minute before its start (no cancel then) and starts at its time; another is cancelled before it, and
// History says "Cancelled" with the time, not "settled". With the record stopped (the feed gone quiet), a contract
// stays opening and is refunded in full after 5 s; its proof says why. Screenshots in en, zh-CN and th, narrow, and
// signed out (the sign-in prompt).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, screenshot } from './browser.ts';
import type { TestServer } from './server.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';
import { signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'seconds@example.com', password: 'Seconds12345' };
const SYMBOL = 'BTCUSDT';

const num = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

describe.skipIf(skip !== null)('seconds contracts', { timeout: 240_000 }, () => {
  let session: BrowserSession;
  let server: TestServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    session = await startBrowserSession({ bots: true, user: USER, coinUsdt: '50000', secondsHouseFund: '10000000' });
    ({ server, page, errors } = session);
    await signInThroughUi(page, server.url, USER.email, USER.password);
  }, 60_000);
  afterAll(async () => {
    await session?.close();
  });

  const form = () => page.getByTestId('seconds-form');
  const count = async (tab: 'pending' | 'holding' | 'history') => {
    await page.getByTestId(`seconds-tab-${tab}`).click();
    return Number((await page.getByTestId(`seconds-${tab}`).getAttribute('data-count')) ?? -1);
  };
  const available = async () => num(await form().getByTestId('seconds-available').textContent());

  async function open(lang = 'en', tab = 'holding'): Promise<void> {
    await page.goto(`${server.url}/contractTransaction?mode=seconds&symbol=${SYMBOL}&tab=${tab}&lang=${lang}`);
    await page.getByTestId('seconds-screen').waitFor();
    // The record's head price and the market's durations.
    await expect.poll(async () => num(await page.getByTestId('seconds-price').textContent()), { timeout: 20_000 }).toBeGreaterThan(0);
    await form().getByTestId('duration-60').waitFor();
  }

  async function place(direction: 'up' | 'down', amount: string): Promise<void> {
    await form().getByTestId('duration-60').click();
    await form().getByTestId('seconds-amount').fill(amount);
    await form().getByTestId(direction === 'up' ? 'seconds-up' : 'seconds-down').click();
    const confirm = page.getByTestId('seconds-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('confirm-pair').textContent()).toContain('BTC');
    expect(num(await confirm.getByTestId('confirm-price').textContent())).toBeGreaterThan(0);
    expect(num(await confirm.getByTestId('confirm-amount').textContent())).toBe(Number(amount));
    // 60 s pays 80 % in the demo table; the fee (0.1 %) is taken whatever the outcome.
    expect(num(await confirm.getByTestId('confirm-profit').textContent())).toBeGreaterThan(0);
    if (direction === 'up') await screenshot(page, 'seconds-confirm-en');
    await confirm.getByTestId('seconds-confirm-ok').click();
    await confirm.waitFor({ state: 'detached' });
  }

  it('opens from the contract area, deep-linked, and funds the seconds account through the transfer dialog', async () => {
    await page.goto(`${server.url}/contractTransaction?symbol=${SYMBOL}&lang=en`);
    await page.getByTestId('page-contractTransaction').waitFor();
    await page.getByRole('tab', { name: 'Seconds contract' }).click();
    await page.getByTestId('seconds-screen').waitFor();
    expect(page.url()).toContain('mode=seconds');
    await open();
    // Chips show each duration with its payout.
    expect(await form().getByTestId('duration-60').textContent()).toMatch(/^60s · \d+(\.\d+)? %$/);
    expect(await form().getByTestId('seconds-amount').getAttribute('placeholder')).toContain('1,000');
    await form().getByTestId('seconds-transfer').click();
    const dialog = page.getByTestId('transfer-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('transfer-to').inputValue()).toBe('seconds');
    await dialog.getByTestId('transfer-amount').fill('20000');
    await dialog.getByTestId('transfer-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(available).toBe(20_000);
  });

  it('refuses bad input with a clear message in the user language and changes nothing', async () => {
    await form().getByTestId('duration-60').click();
    await form().getByTestId('seconds-amount').fill('500');
    await form().getByTestId('seconds-up').click();
    expect(await form().getByTestId('seconds-error').textContent()).toContain('1,000');
    await form().getByTestId('seconds-amount').fill('50000');
    await form().getByTestId('seconds-down').click();
    expect(await form().getByTestId('seconds-error').textContent()).toMatch(/balance/i);
    expect(await page.getByTestId('seconds-confirm').count()).toBe(0);
    await screenshot(page, 'seconds-refused-en');

    // What the form cannot know, the server refuses, in the language of the request, and nothing moves.
    const refusal = await page.evaluate(async () => {
      const ticket = localStorage.getItem('token') ?? '';
      const post = async (body: object, lang: string) => {
        const r = await fetch('/app/seconds/place', { method: 'POST', headers: { 'content-type': 'application/json', ticket, lang }, body: JSON.stringify(body) });
        return (await r.json()) as { code: string; msg: string };
      };
      return {
        market: await post({ market: 'NOPEUSDT', direction: 'up', durationS: 60, amount: '1000' }, 'zh-CN'),
        duration: await post({ market: 'BTCUSDT', direction: 'up', durationS: 7, amount: '1000' }, 'th'),
        amount: await post({ market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '10000000' }, 'en'),
      };
    });
    expect(refusal.market.code).toBe('seconds.market.unknown');
    expect(refusal.market.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(refusal.duration.code).toBe('seconds.duration.unknown');
    expect(refusal.duration.msg).toMatch(/[\u0e00-\u0e7f]/);
    expect(refusal.amount.code).toBe('seconds.amount.above.max');
    expect(await available()).toBe(20_000);
    expect(await count('holding')).toBe(0);
    // A start time in the past, typed: the form says so before anything is sent.
    await form().getByTestId('seconds-amount').fill('1000');
    await form().getByTestId('seconds-timed').check();
    await form().getByTestId('seconds-start').fill('2020-01-01T00:00:00');
    await form().getByTestId('seconds-up').click();
    expect(await form().getByTestId('seconds-error').textContent()).toMatch(/past|passed/i);
    // Two days ahead: past the operator's horizon (24 h); the server says so and nothing is reserved.
    const farAhead = await page.evaluate(() => {
      const d = new Date(Date.now() + 2 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
    });
    await form().getByTestId('seconds-start').fill(farAhead);
    await form().getByTestId('seconds-up').click();
    const confirm = page.getByTestId('seconds-confirm');
    await confirm.getByTestId('seconds-confirm-ok').click();
    await expect.poll(() => form().getByTestId('seconds-refusal').textContent(), { timeout: 10_000 }).toBe('A timed order may start at most 86400 seconds from now.');
    await confirm.waitFor({ state: 'detached' });
    expect(await available()).toBe(20_000);
    expect(await count('pending')).toBe(0);
    await form().getByTestId('seconds-timed').uncheck();
  });

  it('places an up and a down contract on 60 s, opening until the next record entry; their countdowns run on the server clock', async () => {
    await page.getByTestId('seconds-tab-holding').click();
    // "Opening" lasts until the record's next entry (under a second): watched for, as the settling state below.
    await page.evaluate(() => {
      const w = window as unknown as { __openingSeen?: string };
      new MutationObserver(() => {
        const found = document.querySelector('[data-testid="seconds-opening-wait"]');
        if (found) w.__openingSeen ??= found.textContent ?? '';
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await place('up', '1000');
    await place('down', '2000');
    await expect.poll(() => count('holding'), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __openingSeen?: string }).__openingSeen ?? null), { timeout: 5_000 }).toBe('Opening');
    // Opened: each has its open price and a countdown, none is opening any more.
    await expect.poll(() => page.getByTestId('seconds-countdown').count(), { timeout: 5_000 }).toBe(2);
    expect(await page.getByTestId('seconds-opening-wait').count()).toBe(0);
    // Stake plus the 0.1 % fee left the account.
    await expect.poll(available).toBe(20_000 - 1000 - 1 - 2000 - 2);
    const left = async () => Number(await page.getByTestId('seconds-countdown').first().getAttribute('data-left'));
    const first = await left();
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await expect.poll(left, { timeout: 5_000 }).toBeLessThan(first);
    await screenshot(page, 'seconds-holding-en');
  });

  it('reserves a timed order, and cancels another before it starts', async () => {
    const start = async (offsetS: number) => {
      await form().getByTestId('duration-60').click();
      await form().getByTestId('seconds-amount').fill('1000');
      await form().getByTestId('seconds-timed').check();
      const at = await page.evaluate((s) => {
        const d = new Date(Date.now() + s * 1000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
      }, offsetS);
      await form().getByTestId('seconds-start').fill(at);
      await form().getByTestId('seconds-up').click();
      const confirm = page.getByTestId('seconds-confirm');
      await confirm.getByTestId('confirm-start').waitFor();
      await confirm.getByTestId('seconds-confirm-ok').click();
      await confirm.waitFor({ state: 'detached' });
    };
    await start(75);
    await start(600);
    await expect.poll(() => count('pending'), { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'seconds-pending-en');
    // The later one (second row: the soonest start is first) is cancelled.
    await page.getByTestId('seconds-row-pending').nth(1).getByTestId('seconds-cancel').click();
    await expect.poll(() => count('pending'), { timeout: 10_000 }).toBe(1);
    await form().getByTestId('seconds-timed').uncheck();
  });

  it('settles both at delivery and proves the settlement in the browser', async () => {
    await page.getByTestId('seconds-tab-holding').click();
    // "Settlement in progress" between delivery and the settled copy: the shared clock ticks at each delivery, and the
    // desk settles on the first record entry at or after it (up to a second later). A settlement landing in the same
    // frame as the delivery tick would skip it, so one of the two rows is asked to show it.
    await page.evaluate(() => {
      const w = window as unknown as { __settlingSeen?: string };
      new MutationObserver(() => {
        const found = document.querySelector('[data-testid="seconds-settling"]');
        if (found) w.__settlingSeen = found.textContent ?? '';
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // On the Holding tab until both have left it (the timed order still pending: "pending / holding" reads 1 / 0).
    await expect.poll(() => page.getByTestId('seconds-counts').textContent(), { timeout: 90_000, interval: 500 }).toBe('1 / 0');
    // The timed order is within a minute of its start by now: reserved, no cancel any more.
    expect(await count('pending')).toBe(1);
    await page.getByTestId('seconds-row-pending').first().getByTestId('seconds-reserved').waitFor();
    expect(await page.getByTestId('seconds-row-pending').first().getByTestId('seconds-cancel').count()).toBe(0);
    await screenshot(page, 'seconds-reserved-en');
    expect(await count('history')).toBe(3);
    const rows = page.getByTestId('seconds-row-history');
    const pnls = await rows.getByTestId('seconds-pnl').allTextContents();
    // Two settled (each a win, a loss or a tie) and the cancelled one without a P&L.
    expect(pnls.filter((t) => /\d/.test(t))).toHaveLength(2);
    // The cancelled one says so, with its cancel time: it was not settled.
    const ended = await rows.getByTestId('seconds-ended').evaluateAll((els) => els.map((e) => [e.getAttribute('data-status'), e.textContent]));
    expect(ended.filter(([status]) => status === 'cancelled').map(([, text]) => text)).toEqual([expect.stringMatching(/^Cancelled \d/)]);
    expect(ended.filter(([status]) => status === 'settled')).toHaveLength(2);
    expect(await page.getByTestId('seconds-tables').textContent()).toContain('Ended at');
    expect(await rows.getByTestId('seconds-status').first().textContent()).toBe('Cancelledby you');
    const seen = await page.evaluate(() => (window as unknown as { __settlingSeen?: string }).__settlingSeen ?? null);
    expect(seen).toBe('Settlement in progress');
    await screenshot(page, 'seconds-history-en');

    await rows.getByTestId('seconds-proof').first().click();
    const dialog = page.getByTestId('seconds-proof-dialog');
    await dialog.getByTestId('seconds-proof-result').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('seconds-proof-mismatches').textContent()).toBe('0');
    expect(Number(await dialog.getByTestId('seconds-proof-entries').textContent())).toBeGreaterThan(60);
    expect(await dialog.getByTestId('seconds-proof-open').textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await dialog.getByTestId('seconds-proof-accepted').textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(await dialog.textContent()).toContain('Open entry (first after acceptance)');
    expect(await dialog.getByTestId('seconds-proof-settle').textContent()).toMatch(/[0-9a-f]{64}/);
    await screenshot(page, 'seconds-proof-en');
    await dialog.getByTestId('seconds-proof-close').click();
  });

  it('starts the timed order at its time', async () => {
    await expect.poll(() => count('pending'), { timeout: 60_000, interval: 1_000 }).toBe(0);
    await expect.poll(() => count('holding'), { timeout: 10_000 }).toBe(1);
  });

  it('shows the stake, fee and settlement in the asset records, in English and Chinese', async () => {
    const text = async () => (await page.locator('main').textContent()) ?? '';
    for (const [lang, types] of [
      ['en', ['Seconds contract stake', 'Seconds contract fee', 'Seconds contract settlement', 'Timed order refund']],
      ['zh-CN', ['秒合约本金', '秒合约手续费', '秒合约结算', '定时订单退款']],
    ] as const) {
      await page.goto(`${server.url}/assetRecords?lang=${lang}`);
      await page.getByTestId('page-assetRecords').waitFor();
      for (const type of types) await expect.poll(text, { timeout: 15_000 }).toContain(type);
      await screenshot(page, `seconds-records-${lang}`);
    }
  });

  it('refunds in full a contract no record entry came for within 5 s of its acceptance, and proves it', async () => {
    await open('en', 'holding');
    await expect.poll(available, { timeout: 10_000 }).toBeGreaterThan(0);
    const before = await available();
    // The index feed goes quiet: the record writes no entry from now on.
    await server.handle.priceRecord!.stop();
    await place('up', '1000');
    await expect.poll(() => page.getByTestId('seconds-opening-wait').count(), { timeout: 5_000 }).toBe(1);
    await screenshot(page, 'seconds-opening-en');
    // Stake and fee back after the bound.
    await expect.poll(available, { timeout: 15_000 }).toBe(before);
    expect(await count('history')).toBe(4);
    const row = page.getByTestId('seconds-row-history').first();
    expect(await row.getByTestId('seconds-ended').getAttribute('data-status')).toBe('refunded');
    expect(await row.getByTestId('seconds-ended').textContent()).toMatch(/^Refunded \d/);
    expect(await row.getByTestId('seconds-status').getAttribute('data-reason')).toBe('no.price');
    expect(await row.getByTestId('seconds-status').textContent()).toContain('no recorded price within 5 s');
    await screenshot(page, 'seconds-refunded-en');
    await row.getByTestId('seconds-proof').click();
    const dialog = page.getByTestId('seconds-proof-dialog');
    await dialog.getByTestId('seconds-proof-result').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('seconds-proof-mismatches').textContent()).toBe('0');
    expect(await dialog.getByTestId('seconds-proof-verdict').textContent()).toContain('no entry within 5 s of acceptance');
    await screenshot(page, 'seconds-proof-refunded-en');
    await dialog.getByTestId('seconds-proof-close').click();
  });

  it('reads in Chinese and Thai', async () => {
    for (const lang of ['zh-CN', 'th']) {
      await open(lang, 'history');
      await page.getByTestId('seconds-row-history').first().waitFor();
      await screenshot(page, `seconds-history-${lang}`);
      // The refunded one (first) and a settled one.
      for (const n of [0, 1]) {
        await page.getByTestId('seconds-proof').nth(n).click();
        const dialog = page.getByTestId('seconds-proof-dialog');
        await dialog.getByTestId('seconds-proof-result').waitFor({ timeout: 20_000 });
        expect(await dialog.getByTestId('seconds-proof-mismatches').textContent()).toBe('0');
        await screenshot(page, `seconds-proof-${n === 0 ? 'refunded-' : ''}${lang}`);
        await dialog.getByTestId('seconds-proof-close').click();
      }
      await page.getByTestId('seconds-proof-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('seconds-tab-holding').click();
      await screenshot(page, `seconds-holding-${lang}`);
    }
    // Narrow: one column (chart, entry, tabs, pairs), every part still there.
    await page.setViewportSize({ width: 420, height: 900 });
    await open('en', 'holding');
    await page.getByTestId('seconds-row-holding').first().waitFor();
    await screenshot(page, 'seconds-narrow-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(errors).toEqual([]);
  });

  it('asks a signed-out visitor to sign in, as the other trading screens do', async () => {
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${server.url}/contractTransaction?mode=seconds&symbol=${SYMBOL}&lang=en`);
    await page.getByTestId('seconds-screen').waitFor();
    await form().getByTestId('login-to-trade').waitFor();
    await page.getByTestId('seconds-tables').getByTestId('signin-prompt').waitFor();
    expect(await form().getByTestId('seconds-up').count()).toBe(0);
    // The public parts still run: the durations and the record price.
    await form().getByTestId('duration-60').waitFor();
    await expect.poll(async () => num(await page.getByTestId('seconds-price').textContent()), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, 'seconds-signed-out-en');
  });
});
