// The web app through a cluster's gateway (issue 26): every desk and the jobs in processes of their own on PostgreSQL
// and NATS, the gateway in this process serving the built app. A seller's order rests on the book; the buyer signs
// in through the UI, sees it in the book, buys it with a limit order from the form, and sees the trade and the BTC
// in their balances; the contract terminal shows the jobs' mark and funding. Screenshots in en, zh-CN and th.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandLog } from '../../server/bus/index.ts';
import { startGateway, type GatewayHandle } from '../../server/cluster/gateway.ts';
import { API } from '../../server/contract/api.ts';
import { NATS_SKIP_REASON, NATS_URL, uniquePrefix } from '../server/bus/nats-env.ts';
import { startClusterProcess, stopClusterProcesses, type ClusterProcess } from '../server/cluster/processes.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../server/dialects.ts';
import { seedUsers, type SeededUser } from '../server/reliability/server-process.ts';
import { signInThroughUi } from './accounts.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';

const skip = browserSkipReason() ?? (PG_URL === undefined ? PG_SKIP_REASON : NATS_URL === undefined ? NATS_SKIP_REASON : null);
if (skip) console.log(`e2e cluster: ${skip}`);
const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;

describe.skipIf(skip !== null)('the web app through a cluster gateway', { timeout: 120_000 }, () => {
  let target: Target;
  let dataDir: string;
  let gateway: GatewayHandle;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let buyer: SeededUser;
  let seller: SeededUser;
  const prefix = uniquePrefix('e2ec');
  const processes: ClusterProcess[] = [];

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-cluster-'));
    const at = { dataDir, databaseUrl: target.databaseUrl };
    [buyer, seller] = (await seedUsers(at, 2, { USDT: '100000', BTC: '10' }, 'e2ecluster')) as [SeededUser, SeededUser];
    const env = { ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: NATS_URL!, DATA_DIR: dataDir };
    for (const d of DESKS) processes.push(startClusterProcess('desk-main.ts', [`--desk=${d}`, `--prefix=${prefix}`], 'caught-up', env));
    processes.push(startClusterProcess('jobs-main.ts', [`--prefix=${prefix}`], 'active', env));
    await Promise.all(processes.map((p) => p.ready));
    const staticDir = process.env['E2E_DIST'];
    gateway = await startGateway({ databaseUrl: target.databaseUrl!, natsUrl: env.NATS_URL, prefix, dataDir, ...(staticDir ? { staticDir } : {}), startTimeoutMs: 30_000 });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await stopClusterProcesses(processes);
    const log = await createCommandLog({ servers: NATS_URL!, prefix });
    await log.destroy();
    await log.close();
    await target?.dispose();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The chart's latest bar: its volume once the trade's bar is drawn. */
  const barVolume = async () => Number((await page.getByTestId('candle-chart').evaluate((el) => (el as HTMLElement).dataset['lastVolume'])) ?? 0);
  const asks = async () => ((await page.getByTestId('book-canvas').getAttribute('data-asks')) ?? '').split(' ').filter(Boolean).map(Number);

  it('trades from the spot terminal and shows the jobs’ mark and funding on the contract terminal', async () => {
    // The seller's ask, through the gateway's API.
    const sold = await fetch(`${gateway.url}${API.spotPlaceOrder}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ticket: seller.ticket },
      body: JSON.stringify({ symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', amount: '0.05', clientOrderId: 'e2e-cluster-ask' }),
    });
    expect(((await sold.json()) as { code: string }).code).toBe('success');

    await signInThroughUi(page, gateway.url, buyer.email, 'Secret12345');
    await page.goto(`${gateway.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('page-currencyTransaction').waitFor();
    await expect.poll(asks, { timeout: 20_000 }).toContain(50000);
    await page.locator('input[name="price"]').fill('50000');
    await page.locator('input[name="amount"]').fill('0.02');
    await page.getByTestId('place-order').click();
    await page.getByRole('tab', { name: 'Trade history' }).click();
    await expect.poll(() => page.getByTestId('trade-history').locator('tbody tr td').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await page.getByRole('tab', { name: 'Balances' }).click();
    await expect.poll(() => page.getByTestId('balances').getByText('BTC', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    // What is left of the ask: 0.03 at 50,000; the trade's bar on the chart.
    await expect.poll(asks, { timeout: 10_000 }).toContain(50000);
    await expect.poll(barVolume, { timeout: 15_000 }).toBeCloseTo(0.02, 8);
    await screenshot(page, 'cluster-spot-en');

    await page.goto(`${gateway.url}/contractTransaction?symbol=BTCUSDT`);
    await page.getByTestId('page-contractTransaction').waitFor();
    await expect.poll(async () => Number(((await page.getByTestId('contract-mark').textContent()) ?? '').replace(/[^\d.]/g, '')), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await page.getByTestId('contract-header').textContent()) ?? '', { timeout: 20_000 }).toMatch(/\d+\.\d{4}% \/ \d\d:\d\d:\d\d/);
    await screenshot(page, 'cluster-contract-en');
    for (const lang of ['zh-CN', 'th']) {
      await page.goto(`${gateway.url}/currencyTransaction?symbol=BTCUSDT&lang=${lang}`);
      await page.getByTestId('page-currencyTransaction').waitFor();
      await expect.poll(asks, { timeout: 20_000 }).toContain(50000);
      // A page opened later draws the bar from the candles the gateway wrote to the store.
      await expect.poll(barVolume, { timeout: 15_000 }).toBeCloseTo(0.02, 8);
      await screenshot(page, `cluster-spot-${lang}`);
    }
    expect(errors).toEqual([]);
  });
});
