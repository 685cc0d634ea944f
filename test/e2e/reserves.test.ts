// "Verify my balance" on /myassets against a live server: a user credited by the operator in two accounts, a second
// user beside them, an operator snapshot (`reserves snapshot`), on-chain reserves as the watcher records them. The
// browser downloads the user's proof, recomputes the leaf and root with WebCrypto, checks every sibling's sums and
// compares with the root from the public record: five steps passed, the user's balances and the record's root
// shown; the saved proof file verifies with `npm run verify -- liabilities` too. A proof altered on its way (one
// balance raised) fails at the root, the later step not reached. The reserves table shows the ratio. Screenshots in
// English, Chinese and Thai (.tmp/shots-reserves/).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import { runAdmin } from '../../server/cli/admin.ts';
import { runVerify } from '../../server/cli/verify.ts';
import type { LiabilitiesProof } from '../../server/contract/liabilities.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-reserves');
const USER = { email: 'reserves@example.com', password: 'Reserves12345' };
const OTHER = { email: 'other@example.com', password: 'Other1234567' };
const WAIT = { timeout: 15_000 };
const E8 = 100_000_000n;

describe.skipIf(skip !== null)('verify my balance', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  const admin = async (...argv: string[]) => {
    const r = await runAdmin(argv, { dataDir: server.dataDir, operator: 'e2e' });
    if (r.exitCode !== 0) throw new Error(`admin ${argv.join(' ')}: ${r.output}`);
    return r.output;
  };
  /** The page from the top down to the end of the reserves panel. */
  const shot = async (name: string) => {
    await screenshot(page, `reserves-${name}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.getByTestId('reserves-panel').locator('xpath=ancestor::section[1]').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, clip: box });
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
    await createUser(server, USER);
    await createUser(server, OTHER);
    await admin('balance', 'credit', '--email', USER.email, '--asset', 'USDT', '--amount', '1234.5', '--reason', 'e2e reserves');
    await admin('balance', 'credit', '--email', USER.email, '--asset', 'USDT', '--amount', '100', '--account', 'contract', '--reason', 'e2e reserves');
    await admin('balance', 'credit', '--email', USER.email, '--asset', 'BTC', '--amount', '0.125', '--reason', 'e2e reserves');
    await admin('balance', 'credit', '--email', OTHER.email, '--asset', 'BTC', '--amount', '3', '--reason', 'e2e reserves');
    await admin('balance', 'credit', '--email', OTHER.email, '--asset', 'ETH', '--amount', '10', '--reason', 'e2e reserves');
    expect(await admin('reserves', 'snapshot', '--reason', 'e2e: verify my balance')).toMatch(/^snapshot #\d+ published/);
    const now = Date.now();
    await server.handle.store.chain.recordReserves([
      { asset: 'BTC', network: 'BTC', amount: 4n * E8, addresses: 3, block: 812, readAt: now },
      { asset: 'USDT', network: 'ETH', amount: 1_300n * E8, addresses: 2, block: 20_000, readAt: now },
      { asset: 'ETH', network: 'ETH', amount: 12n * E8, addresses: 2, block: 20_000, readAt: now },
    ]);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
    await signInThroughUi(page, server.url, USER.email, USER.password);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('verifies the balance step by step in the browser, and the saved proof with the command line', async () => {
    const head = (await server.handle.store.reserves.recordHead())!;
    await page.goto(`${server.url}/myassets?lang=en`);
    await page.getByTestId('reserves-panel').waitFor(WAIT);
    await expect.poll(() => page.getByTestId('reserves-snapshot').inputValue(), WAIT).toBe(String(head.snapshotId));
    await page.getByTestId('reserves-verify').click();
    await page.getByTestId('reserves-result').waitFor(WAIT);
    expect(await page.getByTestId('reserves-result').getAttribute('data-ok')).toBe('true');
    for (const step of ['download', 'leaf', 'path', 'root', 'published']) {
      expect(await page.getByTestId(`reserves-step-${step}`).getAttribute('data-state'), step).toBe('ok');
    }
    expect(await page.getByTestId('reserves-verdict').textContent()).toBe('Verified: your balances are included in the published liabilities.');
    const balances = await page.getByTestId('reserves-balances').locator('span').allTextContents();
    expect(balances).toEqual(['0.12500000 BTC', '0.00000000 ETH', '1,334.50000000 USDT']);
    expect(await page.getByTestId('reserves-root-hash').textContent()).toBe(head.rootHash);
    expect(await page.getByTestId('reserves-totals').locator('span').allTextContents()).toEqual(['3.12500000 BTC', '10.00000000 ETH', '1,334.50000000 USDT']);
    expect(await page.getByTestId('reserves-step-path').textContent()).toContain('Tree levels folded: 1;');
    // The reserves beside the liabilities: 4 / 3.125 BTC, 10 ETH held against 12 on chain, 1300 / 1334.5 USDT.
    await expect.poll(() => page.getByTestId('reserves-ratio').allTextContents(), WAIT).toEqual(['128.00%', '120.00%', '97.41%']);
    await shot('en');

    // Saved, and checked again by the command line against the public record saved beside it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reserves-save').click()]);
    expect(download.suggestedFilename()).toBe(`liabilities-proof-${head.snapshotId}.json`);
    const file = join(SHOTS, download.suggestedFilename());
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as LiabilitiesProof;
    expect(saved).toMatchObject({ version: 1, snapshotId: head.snapshotId, leaf: { balances: { USDT: String(1_334n * E8 + E8 / 2n) } } });
    const record = await (await fetch(`${server.url}/app/reserves/snapshots`)).text();
    const rootFile = join(SHOTS, 'snapshots.json');
    writeFileSync(rootFile, record);
    const lines: string[] = [];
    expect(await runVerify(['liabilities', file, '--root', rootFile], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('VERIFIED: your balances are in the published liabilities');
  });

  it('fails at the root when the proof was altered on its way, and says why', async () => {
    await page.route('**/app/reserves/proof**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: LiabilitiesProof };
      body.data.leaf.balances['USDT'] = String(BigInt(body.data.leaf.balances['USDT']!) + 1_000n * E8);
      await route.fulfill({ response, json: body });
    });
    try {
      await page.goto(`${server.url}/myassets?lang=en`);
      await page.getByTestId('reserves-panel').waitFor(WAIT);
      await expect.poll(() => page.getByTestId('reserves-verify').isEnabled(), WAIT).toBe(true);
      await page.getByTestId('reserves-verify').click();
      await page.getByTestId('reserves-result').waitFor(WAIT);
      expect(await page.getByTestId('reserves-result').getAttribute('data-ok')).toBe('false');
      const states = [];
      for (const step of ['download', 'leaf', 'path', 'root', 'published']) states.push(await page.getByTestId(`reserves-step-${step}`).getAttribute('data-state'));
      expect(states).toEqual(['ok', 'ok', 'ok', 'failed', 'skipped']);
      expect(await page.getByTestId('reserves-verdict').textContent()).toBe("Not verified: the path does not lead to the proof's root.");
      await shot('en-altered');
    } finally {
      await page.unroute('**/app/reserves/proof**');
    }
  });

  for (const lang of ['zh-CN', 'th'] as const) {
    it(`shows the check in ${lang}`, async () => {
      await page.goto(`${server.url}/myassets?lang=${lang}`);
      await page.getByTestId('reserves-panel').waitFor(WAIT);
      await expect.poll(() => page.getByTestId('reserves-verify').isEnabled(), WAIT).toBe(true);
      await page.getByTestId('reserves-verify').click();
      await page.getByTestId('reserves-result').waitFor(WAIT);
      expect(await page.getByTestId('reserves-result').getAttribute('data-ok')).toBe('true');
      const verdict = (await page.getByTestId('reserves-verdict').textContent()) ?? '';
      expect(verdict).toBe(lang === 'zh-CN' ? '验证通过：您的余额已包含在公布的负债中。' : 'ยืนยันแล้ว: ยอดคงเหลือของคุณรวมอยู่ในหนี้สินที่เผยแพร่');
      await expect.poll(() => page.getByTestId('reserves-ratio').count(), WAIT).toBe(3);
      await shot(lang);
    });
  }

  it('reported no page errors', () => {
    expect(errors).toEqual([]);
  });
});
