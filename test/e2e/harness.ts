// One browser test's set-up: the exchange in-process (with the market-maker bot when asked), optionally a user
// created by the operator CLI and credited on the coin account by the operator's adjustment, and Chromium with a
// fresh profile and a page whose errors are collected. close() ends both.
import type { Page } from 'playwright-core';
import { createUser, type TestUser } from './accounts.ts';
import { launchBrowser, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

export interface BrowserSession {
  server: TestServer;
  browser: Browser;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function startBrowserSession(options: TestServerOptions & { user?: TestUser; coinUsdt?: string } = {}): Promise<BrowserSession> {
  const server = await startTestServer(options);
  if (options.user) {
    await createUser(server, options.user);
    if (options.coinUsdt) {
      const user = await server.handle.store.users.findByEmail(options.user.email);
      if (!user) throw new Error('test user missing');
      const credited = await server.handle.trading.desks.byWallet.coin.adjust({ user: user.id, asset: 'USDT', amount: options.coinUsdt, action: 'credit', memo: 'e2e' });
      if (!credited.ok) throw new Error(`credit refused: ${credited.code}`);
    }
  }
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  return {
    server,
    browser,
    page,
    errors,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
