// The client wired to the real app state: one session-expired alert however many calls expire, and a
// not-logged-in reply clearing the stored token without a notice.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, envelope, fakeFetch } from '../support.ts';
import { API } from '../../../src/contract.ts';

const storage = new MemoryStorage();
storage.setItem('token', 'stored-token');
storage.setItem('loginState', '1');
vi.stubGlobal('localStorage', storage);

type State = typeof import('../../../src/state/index.ts');
type Store = typeof import('../../../src/state/store.ts');
type Atoms = typeof import('../../../src/state/alerts.ts');
type Session = typeof import('../../../src/state/session.ts');
type Notices = typeof import('../../../src/state/notices.ts');
let state: State;
let store: Store['store'];
let alerts: Atoms;
let session: Session;
let notices: Notices;
let client: typeof import('../../../src/api/client.ts');
let parse: typeof import('../../../src/api/parse.ts');

beforeAll(async () => {
  state = await import('../../../src/state/index.ts');
  ({ store } = await import('../../../src/state/store.ts'));
  alerts = await import('../../../src/state/alerts.ts');
  session = await import('../../../src/state/session.ts');
  notices = await import('../../../src/state/notices.ts');
  client = await import('../../../src/api/client.ts');
  parse = await import('../../../src/api/parse.ts');
});

function wire(fetch: ReturnType<typeof fakeFetch>['fetch']) {
  let alertsShown = 0;
  const api = client.createApiClient({
    baseUrl: 'http://exchange.test/',
    fetch,
    token: state.getToken,
    locale: () => 'en',
    texts: { timeout: () => 'Network timeout', network: () => 'Network error', error: () => 'ERROR' },
    notifyError: (text) => state.pushNotice('error', text),
    sessionExpired: () => {
      if (state.raiseSessionExpired()) alertsShown += 1;
    },
    notLoggedIn: state.endSession,
  });
  return { api, shown: () => alertsShown };
}

describe('session handling with the app state', () => {
  it('reads the stored token at start', () => {
    expect(state.getToken()).toBe('stored-token');
    expect(store.get(session.loginStateAtom)).toBe(1);
  });

  it('shows one session-expired alert for many expired calls', async () => {
    const { fetch } = fakeFetch(() => envelope('login.session.expired', null, 'expired'));
    const { api, shown } = wire(fetch);
    await Promise.allSettled([api.get(API.getUserInfo, parse.parseUserInfo), api.post(API.coinList, parse.ignoreData), api.post(API.logout, parse.ignoreData)]);
    expect(shown()).toBe(1);
    expect(store.get(alerts.sessionExpiredAtom)).toBe(true);
    expect(store.get(notices.noticesAtom)).toEqual([]);
  });

  it('clears the token and the login state on login.user.not.login, with no notice', async () => {
    const { fetch } = fakeFetch(() => envelope('login.user.not.login', null, 'please log in'));
    const { api } = wire(fetch);
    await expect(api.get(API.getUserInfo, parse.parseUserInfo)).rejects.toMatchObject({ code: 'login.user.not.login' });
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('loginState')).toBe('0');
    expect(state.getToken()).toBeNull();
    expect(store.get(session.loginStateAtom)).toBe(0);
    expect(store.get(notices.noticesAtom)).toEqual([]);
  });

  it('stores a new session', () => {
    state.startSession('fresh');
    expect(storage.getItem('token')).toBe('fresh');
    expect(storage.getItem('loginState')).toBe('1');
  });
});
