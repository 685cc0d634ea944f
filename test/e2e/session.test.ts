// Session expiry in the browser (spec §4 "Session expiry", §8): a trader on /currencyTransaction (REST reads and the
// stream socket running) has their session revoked on the server. Every call that then fails shows the same one
// alert with Re-login; confirming loads the login page afresh (a real reload), coming back where they were.
// The REST path is tested with the socket held off the server (so only replies can raise the alert); the socket
// path with the real socket: the server closes it with WS_CLOSE_SESSION_ENDED, the alert appears with no click,
// and the socket comes back for public topics only, never sending the dead ticket again.
// The session is revoked only once the page is quiet (no API call in flight): a start-up read still on its way (the
// favourites follow the user's info, the terminal's panel does not wait for them) would otherwise meet the revoked
// session on a slow machine and raise the alert before the test's click, whose modal then covers the user menu: the
// click waited out the test's time.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, WebSocket as PageSocket, WebSocketRoute } from 'playwright-core';
import { browserSkipReason, launchBrowser, screenshot, watchErrors, type Browser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';
import { createUser, signInThroughUi } from './accounts.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);
const USER = { email: 'session@example.com', password: 'Session12345678' };

/** The server's side (closing a revoked session's sockets) is another change; this part runs once it is in. */
const WS_ROUTE = join(import.meta.dirname, '..', '..', 'server', 'gateway', 'routes', 'ws.ts');
const serverClosesSockets = existsSync(WS_ROUTE) && readFileSync(WS_ROUTE, 'utf8').includes('WS_CLOSE_SESSION_ENDED');
if (!serverClosesSockets) console.log('session.test: the server does not close ended sessions\u2019 sockets yet; the socket part is skipped');

/** Counts the page's API calls from the moment it is made: `quiet()` resolves once none is in flight. */
function apiCalls(page: Page): { quiet(): Promise<void> } {
  const open = new Set<Request>();
  let started = 0;
  const isApi = (r: Request) => new URL(r.url()).pathname.startsWith('/app/');
  page.on('request', (r) => {
    if (!isApi(r)) return;
    open.add(r);
    started += 1;
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return {
    async quiet() {
      for (;;) {
        await expect.poll(() => open.size, { timeout: 15_000, message: 'the page\u2019s API calls never settled' }).toBe(0);
        const before = started;
        // Two frames (at most half a second) in the page: what the last replies set off (a render, a follow-up read
        // such as the favourites after the user's info) has started by then.
        await page.evaluate(() => new Promise<void>((done) => {
          setTimeout(done, 500);
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
        }));
        if (open.size === 0 && started === before) return;
      }
    },
  };
}

interface Frame {
  op?: string;
  ticket?: string;
  topics?: string[];
}

describe.skipIf(skip !== null)('session expiry', () => {
  let server: TestServer;
  let browser: Browser;
  let userId = 0;

  async function revoke(): Promise<number> {
    return server.handle.store.sessions.revokeAllForUser(userId, Date.now());
  }
  const alerts = (page: Page) => page.getByRole('alertdialog');

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server, USER);
    const user = await server.handle.store.users.findByEmail(USER.email);
    if (!user) throw new Error('user missing');
    userId = user.id;
    const r = await server.handle.trading.desks.byWallet.coin.adjust({ user: userId, asset: 'USDT', amount: '5000', action: 'credit', memo: 'e2e' });
    if (!r.ok) throw new Error(r.code);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Signs in afresh (a new session) and opens the terminal; returns once the page's start-up calls are answered, so
   *  a revocation after it meets only the calls the test sets off. */
  async function openTerminal(page: Page, lang = 'en'): Promise<void> {
    const calls = apiCalls(page);
    await page.goto(`${server.url}/about`);
    await page.evaluate((l) => {
      localStorage.removeItem('token');
      localStorage.setItem('loginState', '0');
      localStorage.setItem('lang', l);
    }, lang);
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.goto(`${server.url}/currencyTransaction?symbol=BTCUSDT`);
    await page.getByTestId('page-currencyTransaction').waitFor();
    await page.getByTestId('account-panel').waitFor();
    await calls.quiet();
  }

  it('replies that the session is gone raise one alert, however many calls fail; Re-login reloads at the login page', async () => {
    const page = await browser.context.newPage();
    try {
      const errors = watchErrors(page);
      // The socket is held off the server: whatever alert shows comes from the REST replies.
      await page.routeWebSocket(/\/ws(\?|$)/, () => undefined);
      await revoke(); // sessions an earlier test left: the one revoked below is this page's
      await openTerminal(page);
      expect(await alerts(page).count()).toBe(0);

      const refused: string[] = [];
      page.on('response', async (response) => {
        if (!response.url().includes('/app/')) return;
        const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
        if (body?.code === 'login.user.not.login') refused.push(new URL(response.url()).pathname);
      });
      expect(await revoke()).toBe(1);

      // Moving through the app makes several signed-in calls at once (the user's info, the page's own reads). Nothing
      // was in flight at the revocation, so nothing but this click can have raised the alert yet.
      expect(await alerts(page).count()).toBe(0);
      await page.getByTestId('user-menu').click({ timeout: 10_000 });
      await alerts(page).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
      expect(await alerts(page).count()).toBe(1);
      expect(await page.getByTestId('session-expired').count()).toBe(1);
      // More failures while it shows: still the one alert.
      await page.goBack({ timeout: 10_000 });
      await page.waitForTimeout(800);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      expect(await alerts(page).count()).toBe(1);
      expect(await page.getByTestId('relogin').textContent()).toBe('Log in again');
      await screenshot(page, 'session-expired-en');

      // Re-login is a real reload: what this document held is gone, and the login page comes back here after.
      await page.evaluate(() => Object.assign(window, { beforeRelogin: true }));
      await page.getByTestId('relogin').click({ timeout: 10_000 });
      await page.waitForURL(/\/login\?statusType=0/, { timeout: 10_000 });
      await page.locator('input[name="account"]').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => 'beforeRelogin' in window)).toBe(false);
      expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/(currencyTransaction|accountSet)/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await alerts(page).count()).toBe(0);
      // Signing in again works and leaves no alert behind.
      await page.locator('input[name="account"]').fill(USER.email);
      await page.locator('input[name="password"]').fill(USER.password);
      await page.getByTestId('submit').click({ timeout: 10_000 });
      await page.getByTestId('user-menu').waitFor({ timeout: 10_000 });
      expect(await alerts(page).count()).toBe(0);
      expect(errors.filter((e) => !e.includes('/ws'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows the alert in Thai and Korean', async () => {
    for (const lang of ['th', 'ko']) {
      const page = await browser.context.newPage();
      try {
        await page.routeWebSocket(/\/ws(\?|$)/, () => undefined);
        await openTerminal(page, lang);
        await revoke();
        await page.getByTestId('user-menu').click({ timeout: 10_000 });
        await alerts(page).waitFor({ timeout: 10_000 });
        expect(await alerts(page).count()).toBe(1);
        await screenshot(page, `session-expired-${lang}`);
        await page.evaluate(() => localStorage.setItem('lang', 'en'));
      } finally {
        await page.close();
      }
    }
    // Two terminals opened one after the other: more than one test's default time on a loaded machine.
  }, 90_000);

  it('a socket closed with the session-ended code raises the alert with no click and comes back public only', async () => {
    // The server's close (WS_CLOSE_SESSION_ENDED, 'session.expired') is played by a proxy between page and server,
    // so the page's side is tested whatever the server does yet; the test below uses the real server's close.
    const page = await browser.context.newPage();
    try {
      const connections: Array<{ route: WebSocketRoute; sent: Frame[] }> = [];
      await page.routeWebSocket(/\/ws(\?|$)/, (route) => {
        const entry = { route, sent: [] as Frame[] };
        connections.push(entry);
        const upstream = route.connectToServer();
        route.onMessage((message) => {
          try {
            entry.sent.push(JSON.parse(String(message)) as Frame);
          } catch {
            // not JSON: not ours
          }
          upstream.send(message);
        });
        upstream.onMessage((message) => route.send(message));
      });
      await openTerminal(page);
      const ticket = await page.evaluate(() => localStorage.getItem('token'));
      // Signed in on the socket, private topics on (they follow the auth ack).
      const first = () => connections.findLast((c) => c.sent.some((f) => f.op === 'auth' && f.ticket === ticket));
      await expect.poll(() => first()?.sent.flatMap((f) => f.topics ?? []) ?? [], { timeout: 15_000 }).toContain('orders');
      const before = connections.indexOf(first()!);

      expect(await alerts(page).count()).toBe(0);
      await connections[before]!.route.close({ code: 4001, reason: 'session.expired' });
      await alerts(page).waitFor({ timeout: 5_000 });
      await expect.poll(() => connections.length, { timeout: 10_000 }).toBe(before + 2);
      await expect.poll(() => connections[before + 1]!.sent.some((f) => f.op === 'subscribe'), { timeout: 10_000 }).toBe(true);
      await page.waitForTimeout(500);
      expect(await alerts(page).count()).toBe(1);
      const again = connections[before + 1]!.sent;
      expect(again.filter((f) => f.op === 'auth')).toEqual([]);
      const topics = again.flatMap((f) => (f.op === 'subscribe' ? (f.topics ?? []) : []));
      expect(topics.some((t) => t.startsWith('trade@') || t.startsWith('depth@'))).toBe(true);
      expect(topics.filter((t) => ['orders', 'balances', 'transfers'].includes(t))).toEqual([]);
      // A close for any other reason is a dropped connection: the next socket signs in again (no second alert).
      await connections[before + 1]!.route.close({ code: 1011, reason: 'restart' });
      await expect.poll(() => connections.length, { timeout: 10_000 }).toBe(before + 3);
      await page.waitForTimeout(1_000);
      expect(connections[before + 2]!.sent.filter((f) => f.op === 'auth')).toEqual([]);
      expect(await alerts(page).count()).toBe(1);
      await page.getByTestId('relogin').click();
      await page.waitForURL(/\/login\?statusType=0/);
    } finally {
      await page.close();
    }
  });

  it('a deliberate sign-out raises no alert, though the server closes the session\u2019s socket', async () => {
    const page = await browser.context.newPage();
    try {
      const closes: number[] = [];
      page.on('websocket', (socket) => socket.on('close', () => closes.push(Date.now())));
      await openTerminal(page);
      await page.waitForTimeout(1_000);
      // The logout reply is held back a moment: the server has ended the session and closed its socket before the
      // page hears the reply (the order a busy network can give), so the close arrives while the ticket is held.
      await page.route('**/app/account/logout', async (route) => {
        const response = await route.fetch();
        await new Promise((r) => setTimeout(r, 1_500));
        await route.fulfill({ response });
      });
      await page.getByTestId('user-menu').hover();
      await page.getByTestId('logout').click();
      await page.getByTestId('header-login').waitFor();
      await page.waitForTimeout(2_000);
      if (serverClosesSockets) expect(closes.length).toBeGreaterThan(0);
      expect(await alerts(page).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await page.close();
    }
  });

  it.skipIf(!serverClosesSockets)('the server closing the socket raises the alert with no click, and the socket comes back public only', async () => {
    const page = await browser.context.newPage();
    try {
      const sockets: Array<{ socket: PageSocket; sent: Frame[]; closed: boolean }> = [];
      page.on('websocket', (socket) => {
        const entry = { socket, sent: [] as Frame[], closed: false };
        sockets.push(entry);
        socket.on('framesent', (f) => {
          try {
            entry.sent.push(JSON.parse(String(f.payload)) as Frame);
          } catch {
            // not JSON: not ours
          }
        });
        socket.on('close', () => (entry.closed = true));
      });
      await openTerminal(page);
      const ticket = await page.evaluate(() => localStorage.getItem('token'));
      const signedIn = () => sockets.findLast((s) => s.sent.some((f) => f.op === 'auth' && f.ticket === ticket));
      await expect.poll(() => signedIn()?.sent.flatMap((f) => f.topics ?? []) ?? [], { timeout: 15_000 }).toContain('orders');
      const before = sockets.indexOf(signedIn()!) + 1;
      expect(sockets.length).toBe(before);

      const revokedAt = Date.now();
      await revoke();
      await alerts(page).waitFor({ timeout: 5_000 });
      console.log(`socket closed and alert shown ${Date.now() - revokedAt} ms after the revocation`);
      expect(sockets[before - 1]?.closed).toBe(true);
      await page.waitForTimeout(500);
      expect(await alerts(page).count()).toBe(1);

      // The socket reconnects for the market data on screen, without the dead ticket.
      await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(before);
      await expect.poll(() => sockets.slice(before).flatMap((s) => s.sent).some((f) => f.op === 'subscribe'), { timeout: 10_000 }).toBe(true);
      const after = sockets.slice(before).flatMap((s) => s.sent);
      expect(after.filter((f) => f.op === 'auth')).toEqual([]);
      const topics = after.flatMap((f) => (f.op === 'subscribe' ? (f.topics ?? []) : []));
      expect(topics.some((t) => t.startsWith('trade@') || t.startsWith('depth@') || t.startsWith('ticker'))).toBe(true);
      expect(topics.filter((t) => ['orders', 'balances', 'transfers'].includes(t))).toEqual([]);
      await page.getByTestId('relogin').click();
      await page.waitForURL(/\/login\?statusType=0/);
    } finally {
      await page.close();
    }
  });
});
