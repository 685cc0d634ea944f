// Session expiry in the API client (spec §4, §8): envelope codes 4001/4003 (number or numeric text), an HTTP status
// 4001/4003, and login.session.expired raise the one alert on every path but the upload check (spec §7); many
// calls failing at once show it once; a not-logged-in reply ends a session in use with the alert and a stale one
// quietly; a reply about a ticket the tab no longer holds changes nothing; a deliberate sign-out raises nothing.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, envelope, fakeFetch } from '../support.ts';
import { API } from '../../../src/contract.ts';
import type { ApiClientOptions } from '../../../src/api/client.ts';

const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);

let state: typeof import('../../../src/state/index.ts');
let store: typeof import('../../../src/state/store.ts')['store'];
let alerts: typeof import('../../../src/state/alerts.ts');
let notices: typeof import('../../../src/state/notices.ts');
let client: typeof import('../../../src/api/client.ts');
let parse: typeof import('../../../src/api/parse.ts');
let actions: typeof import('../../../src/session/actions.ts');

beforeAll(async () => {
  state = await import('../../../src/state/index.ts');
  ({ store } = await import('../../../src/state/store.ts'));
  alerts = await import('../../../src/state/alerts.ts');
  notices = await import('../../../src/state/notices.ts');
  client = await import('../../../src/api/client.ts');
  parse = await import('../../../src/api/parse.ts');
  actions = await import('../../../src/session/actions.ts');
});

beforeEach(() => {
  store.set(alerts.sessionExpiredAtom, false);
  store.set(notices.noticesAtom, []);
  state.startSession('live-ticket');
  state.setUser({
    userId: 10_000_001, nickName: 'trader', username: 'trader', email: 'a@b.co', phone: null, inviteCode: 'ABC', registerTime: 1,
    realNameStatus: 'none', safetyLevel: 'low', creditScore: 100, hasFundPassword: false, frozen: false, hasRecharge: false,
  });
});

/** The client wired the way src/api/index.ts wires it, counting the alerts it really raised. */
function wire(fetch: ApiClientOptions['fetch'], overrides: Partial<ApiClientOptions> = {}) {
  const counts = { alerts: 0, quietSignOuts: 0 };
  const api = client.createApiClient({
    baseUrl: 'http://exchange.test/',
    fetch,
    token: state.getToken,
    locale: () => 'en',
    texts: { timeout: () => 'Network timeout', network: () => 'Network error', error: () => 'ERROR' },
    notifyError: (text) => state.pushNotice('error', text),
    sessionExpired: () => {
      if (state.raiseSessionExpired()) counts.alerts += 1;
    },
    notLoggedIn: () => {
      counts.quietSignOuts += 1;
      state.endSession();
    },
    sessionInUse: () => state.getUser() !== null,
    ...overrides,
  });
  return { api, counts };
}

const raw = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const shownNotices = () => store.get(notices.noticesAtom).map((n) => n.text);

describe('session-expired replies', () => {
  for (const code of [4001, 4003, '4001', '4003', 'login.session.expired']) {
    it(`treats code ${JSON.stringify(code)} as an expired session: the alert, no notice, a rejected call`, async () => {
      const { fetch } = fakeFetch(() => raw({ code, msg: 'expired', data: null }));
      const { api, counts } = wire(fetch);
      await expect(api.post(API.assetRecords, parse.ignoreData, {})).rejects.toMatchObject({ code: String(code), msg: 'expired' });
      expect(counts.alerts).toBe(1);
      expect(store.get(alerts.sessionExpiredAtom)).toBe(true);
      expect(shownNotices()).toEqual([]);
      // The session is left for Re-login to end.
      expect(state.getToken()).toBe('live-ticket');
    });
  }

  it('treats an HTTP status of 4001 as an expired session, whatever the body', async () => {
    const { fetch } = fakeFetch(() => {
      const response = raw('not an envelope');
      Object.defineProperty(response, 'status', { value: 4001 });
      return response;
    });
    const { api, counts } = wire(fetch);
    await expect(api.get(API.feeMyLevel, parse.ignoreData)).rejects.toBeDefined();
    expect(counts.alerts).toBe(1);
    expect(shownNotices()).toEqual([]);
  });

  it('leaves other numeric codes to the ordinary error notice', async () => {
    const { fetch } = fakeFetch(() => raw({ code: 5000, msg: 'boom', data: null }));
    const { api, counts } = wire(fetch);
    await expect(api.get(API.feeMyLevel, parse.ignoreData)).rejects.toMatchObject({ code: 'client.reply' });
    expect(counts.alerts).toBe(0);
    expect(shownNotices()).toEqual(['ERROR']);
  });

  it('shows one alert however many calls fail at once', async () => {
    const { fetch, seen } = fakeFetch(async (req) => {
      // Answers arrive interleaved, as from a busy page.
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5)));
      return req.url.includes('records') ? raw({ code: 4001, msg: '', data: null }) : envelope('login.session.expired');
    });
    const { api, counts } = wire(fetch);
    const calls = Array.from({ length: 60 }, (_, i) =>
      i % 2 ? api.post(API.assetRecords, parse.ignoreData, {}) : api.get(API.feeMyLevel, parse.ignoreData),
    );
    const settled = await Promise.allSettled(calls);
    expect(seen).toHaveLength(60);
    expect(settled.every((r) => r.status === 'rejected')).toBe(true);
    expect(counts.alerts).toBe(1);
    expect(shownNotices()).toEqual([]);
  });
});

describe('the upload check (spec §7 api/oms/uploadBookInfo)', () => {
  it('recognises the path however it is written', () => {
    expect(client.UPLOAD_CHECK_PATH).toBe('api/oms/uploadBookInfo');
    for (const path of ['api/oms/uploadBookInfo', '/api/oms/uploadBookInfo', 'exchange/api/oms/uploadBookInfo?x=1', 'http://h/x/api/oms/uploadBookInfo/']) {
      expect(client.isUploadCheckPath(path), path).toBe(true);
    }
    for (const path of ['/app/assets/records', '/api/oms/uploadBookInfoX', '/api/oms/other', 'xapi/oms/uploadBookInfo']) {
      expect(client.isUploadCheckPath(path), path).toBe(false);
    }
  });

  it('raises no alert and shows no notice for its failures, session codes included; the call still rejects', async () => {
    const replies = [raw({ code: 4001, msg: 'expired', data: null }), envelope('login.session.expired'), envelope('system.error', null, 'boom'), envelope('login.user.not.login')];
    const { fetch } = fakeFetch(() => replies.shift() ?? envelope('success'));
    const { api, counts } = wire(fetch);
    for (let i = 0; i < 4; i += 1) await expect(api.post(`/${client.UPLOAD_CHECK_PATH}`, parse.ignoreData, {})).rejects.toBeDefined();
    expect(counts).toEqual({ alerts: 0, quietSignOuts: 0 });
    expect(store.get(alerts.sessionExpiredAtom)).toBe(false);
    expect(shownNotices()).toEqual([]);
    expect(state.getToken()).toBe('live-ticket');
  });
});

describe('a not-logged-in reply', () => {
  it('to a session in use (its user loaded): the session ended under the user, so the alert', async () => {
    const { fetch } = fakeFetch(() => envelope('login.user.not.login', null, 'please log in'));
    const { api, counts } = wire(fetch);
    await Promise.allSettled(Array.from({ length: 10 }, () => api.post(API.assetRecords, parse.ignoreData, {})));
    expect(counts).toEqual({ alerts: 1, quietSignOuts: 0 });
    expect(shownNotices()).toEqual([]);
  });

  it('to a stored ticket whose user never loaded (spec §4): a quiet sign-out', async () => {
    store.set(await import('../../../src/state/session.ts').then((m) => m.userAtom), null);
    const { fetch } = fakeFetch(() => envelope('login.user.not.login'));
    const { api, counts } = wire(fetch);
    await expect(api.get(API.getUserInfo, parse.parseUserInfo)).rejects.toMatchObject({ code: 'login.user.not.login' });
    expect(counts).toEqual({ alerts: 0, quietSignOuts: 1 });
    expect(state.getToken()).toBeNull();
  });

  it('to a ticket the tab no longer holds (signed in again meanwhile): nothing changes', async () => {
    const gate: { open?: () => void } = {};
    const { fetch } = fakeFetch(() => new Promise<Response>((resolve) => (gate.open = () => resolve(envelope('login.user.not.login')))));
    const { api, counts } = wire(fetch);
    const call = api.post(API.assetRecords, parse.ignoreData, {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(gate.open).toBeDefined());
    state.startSession('new-ticket');
    gate.open?.();
    expect(await call).toMatchObject({ code: 'login.user.not.login' });
    expect(counts).toEqual({ alerts: 0, quietSignOuts: 0 });
    expect(state.getToken()).toBe('new-ticket');
  });
});

describe('sign-out and Re-login', () => {
  it('a deliberate sign-out holds the alert while the session ends', () => {
    const release = alerts.holdSessionExpired();
    expect(state.raiseSessionExpired()).toBe(false);
    release();
    release();
    expect(state.raiseSessionExpired()).toBe(true);
    expect(state.raiseSessionExpired()).toBe(false);
  });

  it('Re-login goes to the login page and back to where the user was', () => {
    expect(actions.reloginUrl({ pathname: '/assetRecords', search: '?type=fee', hash: '' })).toBe('/login?statusType=0&redirect=%2FassetRecords%3Ftype%3Dfee');
    expect(actions.reloginUrl({ pathname: '/', search: '', hash: '' })).toBe('/login?statusType=0');
    expect(actions.reloginUrl({ pathname: '/login', search: '?statusType=0', hash: '' })).toBe('/login?statusType=0');
    expect(actions.reloginUrl({ pathname: '/forget', search: '', hash: '' })).toBe('/login?statusType=0');
  });
});
