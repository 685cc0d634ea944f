// Deposits and withdrawals in the browser (issue 22) against a live server with a real local Ethereum chain.
// A signed-in user with 5,000 USDT first sees what stops a withdrawal (identity not verified, with the way to the
// verification panel; no fund password; the 24-hour lock after a security change and when it ends). Deposit: the
// page shows the user's address and its QR code; the test sends ETH, then USDT, to it on the chain; the records show
// the deposit pending with its confirmations counting up (n/N), then credited, and /myassets shows the balance risen.
// Withdrawal: what the page can tell is refused before sending; a wrong fund password is refused in the user's
// language and nothing changes; the right one applies (the amount held), cancel gives it back, a second application
// is approved by the operator through the admin channel, and the signer sends it: broadcast with its hash, then
// confirmed, the coins at the destination. The address book (saved with a label, picked, removed), the whitelist
// and an API key's withdrawal permission each ask for the fund password; with the whitelist on, an address not in
// the book, or saved less than 24 hours ago, is refused. /assetRecords names the new record types. Screenshots of
// /recharge and /withdrawal in English, Chinese and Thai at 1440 wide go to .tmp/shots-wallet/, each checked for
// overflow and for raw message ids.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadChainConfig } from '../../server/chain/config.ts';
import { sendTestDeposit } from '../../server/chain/local-chain.ts';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { parseArgs } from '../../server/cli/args.ts';
import { runChannelCommand } from '../../server/cli/channel-commands.ts';
import { parsePo } from '../../server/i18n/po.ts';
import { startServer } from '../../server/server.ts';
import { createUser, signInThroughUi } from './accounts.ts';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import type { TestServer } from './server.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = join(ROOT, '.tmp', 'shots-wallet');
const USER = { email: 'wallet-e2e@example.com', password: 'Secret12345' };
const FUND_PASSWORD = '246810';
const DAY = 86_400_000;
/** Reads of the page wait this long: a deposit needs the watcher and the page's next read. */
const WAIT = { timeout: 30_000 };
/** What follows at once from a click, on a machine also running a chain and a signer. */
const SOON = { timeout: 10_000 };
const ERC20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const serverText = (locale: string, id: string): string => {
  const text = parsePo(readFileSync(join(ROOT, 'locales', locale, 'server.po'), 'utf8')).get(id);
  if (!text) throw new Error(`no ${id} in locales/${locale}/server.po`);
  return text;
};

/** How long the local chain's watcher, the wallet job and the signer wait between looks (ms). */
const POLL_MS = 500;
/** Deposits are credited at this many confirmations (the spec's 12). */
const CONFIRMATIONS = 12;

/**
 * The exchange with custody (server/custody.ts): a local Hardhat chain with the test USDT (a block a second), the
 * watcher, the wallet job and the signer process, the keys made on first start in a folder of their own. Like
 * startTestServer (test/e2e/server.ts), plus `custody`; the clock can be moved forward.
 */
async function startWalletServer(): Promise<TestServer & { secrets: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-wallet-'));
  const secrets = mkdtempSync(join(tmpdir(), 'openex-e2e-wallet-keys-'));
  let offset = 0;
  const staticDir = process.env['E2E_DIST'];
  const config = loadChainConfig({ EVM_CONFIRMATIONS: String(CONFIRMATIONS), EVM_POLL_MS: String(POLL_MS), LOCAL_CHAIN_PORT: '0' });
  const handle = await startServer({
    port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), clock: () => Date.now() + offset, bots: false,
    custody: { config, seedFile: join(secrets, 'hot-wallet.json'), signerPollMs: POLL_MS, walletPollMs: POLL_MS },
  });
  return {
    handle,
    url: handle.url,
    dataDir,
    secrets,
    advance(ms) {
      offset += ms;
    },
    setIndex() {
      throw new Error('no index override in this test');
    },
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(secrets, { recursive: true, force: true });
    },
  };
}

describe.skipIf(skip !== null)('deposits and withdrawals through the UI', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let evm: { rpcUrl: string; usdt: `0x${string}` };
  let userId = 0;
  let depositAddress = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startWalletServer();
    const custody = server.handle.custody;
    if (!custody?.evm.rpcUrl || !custody.evm.usdt) throw new Error('custody started without a local chain and its USDT');
    evm = { rpcUrl: custody.evm.rpcUrl, usdt: custody.evm.usdt };
    await createUser(server, USER);
    userId = (await server.handle.store.users.findByEmail(USER.email))!.id;
    const credited = await server.handle.trading.desks.byWallet.coin.adjust({ user: userId, asset: 'USDT', amount: '5000', action: 'credit', memo: 'e2e' });
    if (!credited.ok) throw new Error(`credit refused: ${credited.code}`);
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
    page.setDefaultTimeout(15_000);
    await signInThroughUi(page, server.url, USER.email, USER.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const client = () => createPublicClient({ transport: http(evm.rpcUrl) });
  /**
   * Blocks now, one evm_mine each (the local chain makes one a second by itself too). Not hardhat_mine: the blocks it
   * makes in one go name a zero parent hash, which the watcher rightly refuses.
   */
  const mine = async (blocks: number) => {
    for (let i = 0; i < blocks; i++) await client().request({ method: 'evm_mine', params: [] } as never);
  };
  const url = (path: string, lang: string) => `${server.url}${path}?lang=${lang}`;
  const open = async (path: string, lang: string) => {
    await page.goto(url(path, lang));
    await page.getByTestId(`page-${path.slice(1)}`).waitFor();
  };
  const rowOf = (testId: string, id: number) => page.locator(`[data-testid="${testId}"][data-key="${id}"]`);

  /**
   * The whole page at 1440 wide (the viewport made as tall as the page, so the virtualised tables draw every row),
   * checked: nothing wider than the window, no text spilling out of its box, no message id shown raw.
   */
  async function shot(name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1440, height: Math.max(900, height) });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    await screenshot(page, `wallet-${name}`);
    const layout = await page.evaluate(() => {
      const spilled = [...document.querySelectorAll<HTMLElement>('[data-testid^="page-"] *')]
        .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'visible' && el.clientWidth > 0)
        .filter((el) => !['INPUT', 'SELECT', 'svg', 'path', 'IMG'].includes(el.tagName))
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
      return { pageWidth: document.documentElement.scrollWidth, text: document.body.innerText, spilled };
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(layout.pageWidth, name).toBeLessThanOrEqual(1440);
    expect(layout.text, name).not.toMatch(/\b(?:wallet|withdraw|recharge|records|common|assets|rule)\.[a-z][A-Za-z]*(?:\.[A-Za-z]+)*\b/);
    expect(layout.spilled, name).toEqual([]);
  }

  it('shows what stops a withdrawal: identity, fund password, then the 24-hour lock and when it ends', async () => {
    await open('/withdrawal', 'en');
    await page.getByTestId('withdraw-identity').waitFor();
    expect(await page.getByTestId('withdraw-identity').textContent()).toContain('Verify your identity before you withdraw.');
    await page.getByTestId('withdraw-fund-password-missing').waitFor();
    await shot('en-withdrawal-blocked');
    // The link goes to the security centre, where the verification panel is.
    await page.getByTestId('withdraw-identity-link').click();
    await page.getByTestId('identity-panel').waitFor();

    // Verified by the operator, and a fund password set: the security service locks withdrawals for 24 hours
    // after setting it (server/accounts/security/events.ts), which is what the store is told here.
    const { store } = server.handle;
    const now = Date.now();
    await store.users.setRealNameStatus(userId, 'certified', now);
    await store.users.setFundPassword(userId, await argon2Hasher().hash(FUND_PASSWORD), now);
    const until = now + DAY;
    await store.security.lockWithdrawals(userId, until, now);
    await open('/withdrawal', 'en');
    await page.getByTestId('withdraw-locked').waitFor();
    expect(await page.getByTestId('withdraw-locked').textContent()).toMatch(/^Withdrawals are locked until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d after a change/);
    expect(await page.getByTestId('withdraw-identity').count()).toBe(0);
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
    await shot('en-withdrawal-locked');

    // A day later the lock is over.
    server.advance(DAY + 60_000);
    await open('/withdrawal', 'en');
    await page.getByTestId('withdraw-amount').waitFor();
    expect(await page.getByTestId('withdraw-locked').count()).toBe(0);
    expect(await page.getByTestId('withdraw-submit').isEnabled()).toBe(true);
  });

  it('deposit: the address and its QR code, then ETH and USDT sent on the chain go pending n/N and are credited', async () => {
    await open('/recharge', 'en');
    await page.getByTestId('coin-ETH').click();
    await page.getByTestId('deposit-address').waitFor();
    depositAddress = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.getByTestId('deposit-qr').getAttribute('data-uri')).toMatch(new RegExp(`^ethereum:${depositAddress}@\\d+$`, 'i'));
    expect(await page.getByTestId('deposit-confirmations-needed').textContent()).toBe(String(CONFIRMATIONS));
    expect(await page.getByTestId('deposit-warnings').textContent()).toContain('Send only ETH on');
    // The same address for USDT (an ERC-20 token on the same network) and on every visit.
    await page.getByTestId('coin-USDT').click();
    await expect.poll(() => page.getByTestId('deposit-address').textContent(), SOON).toBe(depositAddress);
    await page.getByTestId('coin-ETH').click();

    const watch = async (asset: 'ETH' | 'USDT', amount: string, shown: string) => {
      const sent = await sendTestDeposit({ rpcUrl: evm.rpcUrl, to: depositAddress as `0x${string}`, asset, amount, usdt: evm.usdt });
      const row = page.locator('[data-testid="deposit-row"]', { has: page.locator(`[data-full="${sent.txHash}"]`) });
      // Seen on chain, not yet final: pending with its confirmations, counting up as blocks come.
      await row.waitFor(WAIT);
      expect(await row.getByTestId('deposit-status').getAttribute('data-status')).toBe('pending');
      const first = Number((await row.getByTestId('deposit-confirmations').textContent())?.split('/')[0]);
      expect(first).toBeLessThan(CONFIRMATIONS);
      expect(await row.getByTestId('deposit-confirmations').textContent()).toBe(`${first}/${CONFIRMATIONS}`);
      expect(await row.getByTestId('deposit-amount').textContent()).toBe(shown);
      if (asset === 'ETH') await shot('en-recharge-pending');
      await mine(2);
      await expect.poll(async () => Number((await row.getByTestId('deposit-confirmations').textContent())?.split('/')[0]), WAIT).toBeGreaterThan(first);
      await mine(CONFIRMATIONS);
      await expect.poll(() => row.getByTestId('deposit-status').getAttribute('data-status'), WAIT).toBe('credited');
      expect(await row.getByTestId('deposit-confirmations').textContent()).toBe(`${CONFIRMATIONS}/${CONFIRMATIONS}`);
      return row;
    };
    await watch('ETH', '0.5', '0.5');
    await watch('USDT', '250', '250');
    await shot('en-recharge');

    // The balances rose, once each.
    await open('/myassets', 'en');
    const available = (asset: string) => page.locator(`[data-testid="asset-row"][data-key="${asset}"]`).getByTestId('row-available').textContent();
    await expect.poll(() => available('ETH'), WAIT).toBe('0.50000000');
    await expect.poll(() => available('USDT'), WAIT).toBe('5,250.00000000');
  });

  it('withdrawal: checked before sending, a wrong fund password refused in Chinese, applied, cancelled, applied again and approved', async () => {
    const { store } = server.handle;
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const startUsdt = '5,250';
    await open('/withdrawal', 'zh-CN');
    await page.getByTestId('withdraw-amount').waitFor();
    await page.getByTestId('coin-USDT').click();
    await page.getByTestId('network-ETH').click();
    await expect.poll(() => page.getByTestId('withdraw-available').textContent(), WAIT).toBe(`${startUsdt} USDT`);
    const fee = (await page.getByTestId('withdraw-fee').textContent()) ?? '';
    expect(fee).toMatch(/^\d+(\.\d+)? USDT$/);

    // What the page can tell, told before anything is sent.
    await page.getByTestId('withdraw-address').fill('0x1234');
    await page.getByTestId('withdraw-amount').fill('0.5');
    await page.getByTestId('withdraw-submit').click();
    const fieldErrors = () => page.locator('[data-testid="step-address"], [data-testid="step-amount"], [data-testid="step-verify"]').getByTestId('field-error').allTextContents();
    await expect.poll(fieldErrors, SOON).toEqual(expect.arrayContaining([expect.stringMatching(/地址/), expect.stringMatching(/最小提币数量为/)]));
    expect((await store.wallet.list({ user: userId }, 0, 10)).total).toBe(0);

    // Max fills the available balance; what arrives is the amount less the fee, worked out as typed.
    await page.getByTestId('withdraw-max').click();
    expect(await page.getByTestId('withdraw-amount').inputValue()).toBe(startUsdt.replace(',', ''));
    await page.getByTestId('withdraw-address').fill(destination);
    await page.getByTestId('withdraw-amount').fill('120');
    const feeValue = Number(fee.split(' ')[0]);
    await expect.poll(() => page.getByTestId('withdraw-receive').textContent(), SOON).toBe(`${120 - feeValue} USDT`);

    // A wrong fund password: the server's words in Chinese under the field, nothing held, nothing recorded.
    await page.getByTestId('withdraw-fund-password').fill('000000');
    await page.getByTestId('withdraw-submit').click();
    const fundError = page.getByTestId('step-verify').getByTestId('field-error');
    await expect.poll(() => fundError.textContent(), SOON).toBe(serverText('zh-CN', 'wallet.fund.password.wrong'));
    expect((await store.wallet.list({ user: userId }, 0, 10)).total).toBe(0);
    expect(await page.getByTestId('withdraw-available').textContent()).toBe(`${startUsdt} USDT`);

    // The right one: applied, the amount held.
    await page.getByTestId('withdraw-fund-password').fill(FUND_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('notice').first().waitFor();
    const first = (await store.wallet.list({ user: userId }, 0, 10)).rows[0]!;
    await expect.poll(() => rowOf('withdrawal-row', first.id).getByTestId('withdrawal-status').getAttribute('data-status'), WAIT).toBe('applied');
    expect(await rowOf('withdrawal-row', first.id).getByTestId('withdrawal-received').textContent()).toBe(String(120 - feeValue));
    const less = (n: number) => (Number(startUsdt.replace(',', '')) - n).toLocaleString('en-US');
    await expect.poll(() => page.getByTestId('withdraw-available').textContent(), WAIT).toBe(`${less(120)} USDT`);
    await shot('zh-CN-withdrawal');

    // Cancelled after a question: the hold comes back.
    await rowOf('withdrawal-row', first.id).getByTestId('withdrawal-cancel').click();
    await page.getByTestId('withdrawal-cancel-yes').click();
    await expect.poll(() => rowOf('withdrawal-row', first.id).getByTestId('withdrawal-status').getAttribute('data-status'), WAIT).toBe('cancelled');
    await expect.poll(() => page.getByTestId('withdraw-available').textContent(), WAIT).toBe(`${startUsdt} USDT`);

    // Applied again, in Thai this time; the operator approves it through the admin channel.
    await open('/withdrawal', 'th');
    await page.getByTestId('withdraw-amount').waitFor();
    await page.getByTestId('coin-USDT').click();
    await page.getByTestId('withdraw-address').fill(destination);
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-fund-password').fill(FUND_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(async () => (await store.wallet.list({ user: userId }, 0, 10)).total, WAIT).toBe(2);
    const second = (await store.wallet.list({ user: userId }, 0, 10)).rows.find((w) => w.id !== first.id)!;
    await expect.poll(() => rowOf('withdrawal-row', second.id).getByTestId('withdrawal-status').getAttribute('data-status'), WAIT).toBe('applied');
    const approved = await runChannelCommand('withdrawal approve', parseArgs(['--id', String(second.id), '--reason', 'Checked the destination'], ['id', 'reason'], []), {
      dataDir: server.dataDir,
      operator: 'e2e-operator',
    });
    expect(approved.exitCode, approved.error).toBe(0);
    const status = () => rowOf('withdrawal-row', second.id).getByTestId('withdrawal-status').getAttribute('data-status');
    // The signer sends it: broadcast with its hash, then confirmed at the network's confirmations; the coins (the
    // amount less the fee) are at the destination.
    await expect.poll(status, { timeout: 60_000 }).toMatch(/^(broadcast|confirmed)$/);
    const tx = (await rowOf('withdrawal-row', second.id).getByTestId('withdrawal-tx').getAttribute('data-full')) ?? '';
    expect(tx).toMatch(/^0x[0-9a-f]{64}$/);
    await mine(CONFIRMATIONS);
    await expect.poll(status, { timeout: 60_000 }).toBe('confirmed');
    const balance = await client().readContract({ address: evm.usdt, abi: ERC20, functionName: 'balanceOf', args: [destination] });
    expect(balance).toBe(BigInt((100 - feeValue) * 1e6));
    await shot('th-withdrawal');
  });

  it('address book: saved with a label, picked, removed; the whitelist and API keys ask for the fund password', async () => {
    const { store } = server.handle;
    const saved = privateKeyToAccount(generatePrivateKey()).address;
    const other = privateKeyToAccount(generatePrivateKey()).address;
    // An API key restricted to an IP address, and one that is not (it can't be allowed to withdraw).
    const now = Date.now();
    await store.apiKeys.insert({ id: 'e2eWalletKeyWithIp0001', user: userId, secret: 'unused', canTrade: true, ips: ['127.0.0.1'], createdAt: now });
    await store.apiKeys.insert({ id: 'e2eWalletKeyAnyIp00002', user: userId, secret: 'unused', canTrade: true, ips: [], createdAt: now });
    await open('/withdrawal', 'en');
    await page.getByTestId('withdraw-amount').waitFor();

    // Saved with a label, after a wrong address is refused under its field and nothing saved.
    await page.getByTestId('address-book-open').click();
    const dialog = page.getByTestId('address-book-dialog');
    await dialog.getByTestId('address-book-new-label').fill('Cold wallet');
    await dialog.getByTestId('address-book-new-address').fill('0xnope');
    await dialog.getByTestId('address-book-save').click();
    await expect.poll(() => dialog.getByTestId('field-error').textContent(), SOON).toMatch(/^This does not look like an address on /);
    expect(await store.wallet.book(userId)).toEqual([]);
    await dialog.getByTestId('address-book-new-address').fill(saved);
    await dialog.getByTestId('address-book-save').click();
    await expect.poll(() => dialog.getByTestId('address-book-label').allTextContents(), SOON).toEqual(['Cold wallet']);
    expect((await store.wallet.book(userId)).map((e) => e.label)).toEqual(['Cold wallet']);
    await dialog.getByTestId('address-book-close').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('address-book-count').textContent(), SOON).toBe('Saved addresses: 1');
    // Picked from the book, it fills the address.
    await page.getByTestId('withdraw-book').selectOption({ label: `Cold wallet · ${saved.slice(0, 10)}…${saved.slice(-6)}` });
    expect(await page.getByTestId('withdraw-address').inputValue()).toBe(saved);

    // The whitelist asks for the fund password: a wrong one is refused in the dialog, the right one turns it on.
    await page.getByTestId('whitelist-toggle').click();
    const wl = page.getByTestId('whitelist-dialog');
    await wl.getByTestId('whitelist-dialog-fund-password').fill('000000');
    await wl.getByTestId('whitelist-dialog-submit').click();
    await expect.poll(() => wl.getByTestId('field-error').textContent(), SOON).toBe(serverText('en', 'wallet.fund.password.wrong'));
    await wl.getByTestId('whitelist-dialog-fund-password').fill(FUND_PASSWORD);
    await wl.getByTestId('whitelist-dialog-submit').click();
    await wl.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('whitelist-state').getAttribute('data-on'), SOON).toBe('true');
    // With it on, an address not in the book is refused before sending, and a saved one waits its 24 hours.
    await page.getByTestId('withdraw-address').fill(other);
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-fund-password').fill(FUND_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    const addressError = page.getByTestId('step-address').getByTestId('field-error');
    await expect.poll(() => addressError.textContent(), SOON).toBe('The whitelist is on: choose an address from your address book.');
    await page.getByTestId('withdraw-address').fill(saved);
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => addressError.textContent(), SOON).toMatch(/^This saved address can be used from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.$/);
    const before = (await store.wallet.list({ user: userId }, 0, 10)).total;
    // Switched off, it stays in force for 24 hours, and the card says until when.
    await page.getByTestId('whitelist-toggle').click();
    await wl.getByTestId('whitelist-dialog-fund-password').fill(FUND_PASSWORD);
    await wl.getByTestId('whitelist-dialog-submit').click();
    await wl.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('whitelist-off-at').textContent(), SOON).toMatch(/^Switches off at \d{4}-/);
    expect(await page.getByTestId('whitelist-state').getAttribute('data-on')).toBe('true');

    // API keys: the one restricted to an IP address can be allowed to withdraw; the other says why not.
    const key = page.locator('[data-testid="api-key-row"][data-key="e2eWalletKeyWithIp0001"]');
    expect(await page.locator('[data-testid="api-key-row"][data-key="e2eWalletKeyAnyIp00002"]').getByTestId('api-key-toggle').count()).toBe(0);
    await key.getByTestId('api-key-toggle').click();
    await page.getByTestId('api-key-dialog-fund-password').fill(FUND_PASSWORD);
    await page.getByTestId('api-key-dialog-submit').click();
    await expect.poll(() => key.getByTestId('api-key-state').getAttribute('data-on'), SOON).toBe('true');
    await shot('en-withdrawal-book');

    // Removed after a question.
    await page.getByTestId('address-book-open').click();
    await dialog.getByTestId('address-book-remove').click();
    await page.getByTestId('address-book-remove-yes').click();
    await expect.poll(() => dialog.getByTestId('address-book-entry').count(), SOON).toBe(0);
    expect(await store.wallet.book(userId)).toEqual([]);
    await dialog.getByTestId('address-book-close').click();
    expect((await store.wallet.list({ user: userId }, 0, 10)).total).toBe(before);
  });

  it('/assetRecords names the wallet record types', async () => {
    await open('/assetRecords', 'en');
    const type = (t: string) => page.locator(`[data-type="${t}"]`).first().textContent(WAIT);
    expect(await type('withdrawal')).toBe('Withdrawal');
    expect(await type('withdrawal_cancelled')).toBe('Withdrawal cancelled');
    expect(await type('deposit')).toBe('Deposit');
  });

  it('screenshots of /recharge and /withdrawal in English, Chinese and Thai', async () => {
    for (const lang of ['en', 'zh-CN', 'th']) {
      await open('/recharge', lang);
      await page.getByTestId('coin-USDT').click();
      await page.getByTestId('deposit-address').waitFor();
      await page.getByTestId('deposit-row').first().waitFor(WAIT);
      await shot(`${lang}-recharge-page`);
      await open('/withdrawal', lang);
      await page.getByTestId('withdraw-amount').waitFor();
      await page.getByTestId('withdrawal-row').first().waitFor(WAIT);
      await shot(`${lang}-withdrawal-page`);
    }
    expect([...new Set(errors)]).toEqual([]);
  });
});
