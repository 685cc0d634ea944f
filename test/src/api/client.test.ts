import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/error.ts';
import { ignoreData, parseUserInfo } from '../../../src/api/parse.ts';
import { API } from '../../../src/contract.ts';
import { envelope, fakeFetch, hangingFetch } from '../support.ts';

function setup(fetch: ApiClientOptions['fetch'], overrides: Partial<ApiClientOptions> = {}) {
  const notices: string[] = [];
  const calls = { expired: 0, notLoggedIn: 0 };
  const client = createApiClient({
    baseUrl: 'http://exchange.test/',
    fetch,
    token: () => 'tok-123',
    locale: () => 'ja',
    texts: { timeout: () => 'Network timeout', network: () => 'Network error', error: () => 'ERROR' },
    notifyError: (text) => notices.push(text),
    sessionExpired: () => {
      calls.expired += 1;
    },
    notLoggedIn: () => {
      calls.notLoggedIn += 1;
    },
    ...overrides,
  });
  return { client, notices, calls };
}

const user = { userId: 7, nickName: 'trader', username: 'trader', email: 'a@b.co', phone: null, inviteCode: 'ABC123', registerTime: 1 };

describe('API client envelope handling', () => {
  it('returns parsed data on success and sends the ticket and lang headers', async () => {
    const { fetch, seen } = fakeFetch(() => envelope('success', user));
    const { client, notices } = setup(fetch);
    const info = await client.get(API.getUserInfo, parseUserInfo);
    expect(info.nickName).toBe('trader');
    expect(info.realNameStatus).toBe('none');
    expect(seen[0]?.url).toBe('http://exchange.test/app/account/getUserInfo');
    expect(seen[0]?.headers.get('ticket')).toBe('tok-123');
    expect(seen[0]?.headers.get('lang')).toBe('ja');
    expect(notices).toEqual([]);
  });

  it('sends POST bodies as JSON and GET queries as search params', async () => {
    const { fetch, seen } = fakeFetch(() => envelope('success', { value: 'x' }));
    const { client } = setup(fetch);
    await client.post(API.login, ignoreData, { account: 'a@b.co', password: 'p' });
    await client.get(API.systemConfig, ignoreData, { key: 'online_service' });
    expect(seen[0]).toMatchObject({ method: 'POST', body: { account: 'a@b.co', password: 'p' } });
    expect(seen[1]?.url).toBe('http://exchange.test/app/systemConfig/getByKey?key=online_service');
  });

  it('does not send a ticket when there is no token', async () => {
    const { fetch, seen } = fakeFetch(() => envelope('success', null));
    const { client } = setup(fetch, { token: () => null });
    await client.post(API.logout, ignoreData);
    expect(seen[0]?.headers.has('ticket')).toBe(false);
  });

  it('shows the reply message as an error notice and rejects with a typed ApiError', async () => {
    const { fetch } = fakeFetch(() => envelope('login.failed', { attempts: 2 }, 'ログインに失敗しました'));
    const { client, notices } = setup(fetch);
    const error = await client.post(API.login, ignoreData, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'login.failed', msg: 'ログインに失敗しました', data: { attempts: 2 } });
    expect(notices).toEqual(['ログインに失敗しました']);
  });

  it('falls back to ERROR when the reply has no message, also for an HTTP error status', async () => {
    const { fetch } = fakeFetch(() => new Response(JSON.stringify({ code: 'system.error', msg: '', data: null }), { status: 500 }));
    const { client, notices } = setup(fetch);
    await expect(client.get(API.coinList, ignoreData)).rejects.toMatchObject({ code: 'system.error', msg: 'ERROR' });
    expect(notices).toEqual(['ERROR']);
  });

  it('treats a reply that is not an envelope as an error', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const { client, notices } = setup(fetch);
    await expect(client.get(API.coinList, ignoreData)).rejects.toMatchObject({ code: 'client.reply', data: { status: 502 } });
    expect(notices).toEqual(['ERROR']);
  });

  it('rejects data that fails its parser', async () => {
    const { fetch } = fakeFetch(() => envelope('success', { nickName: 42 }));
    const { client, notices } = setup(fetch);
    await expect(client.get(API.getUserInfo, parseUserInfo)).rejects.toMatchObject({ code: 'client.reply' });
    expect(notices).toEqual(['ERROR']);
  });

  it('lets a call opt out of the notice and still rejects', async () => {
    const { fetch } = fakeFetch(() => envelope('verify.code.error', null, 'wrong code'));
    const { client, notices } = setup(fetch);
    await expect(client.post(API.register, ignoreData, {}, { notify: false })).rejects.toMatchObject({ code: 'verify.code.error', msg: 'wrong code' });
    expect(notices).toEqual([]);
  });

  it('reports session expiry to the alert instead of a notice', async () => {
    const { fetch } = fakeFetch(() => envelope('login.session.expired', null, 'expired'));
    const { client, notices, calls } = setup(fetch);
    await expect(client.get(API.getUserInfo, parseUserInfo)).rejects.toMatchObject({ code: 'login.session.expired' });
    expect(calls.expired).toBe(1);
    expect(notices).toEqual([]);
  });

  it('signs out silently on login.user.not.login', async () => {
    const { fetch } = fakeFetch(() => envelope('login.user.not.login', null, 'not logged in'));
    const { client, notices, calls } = setup(fetch);
    await expect(client.get(API.getUserInfo, parseUserInfo)).rejects.toMatchObject({ code: 'login.user.not.login' });
    expect(calls.notLoggedIn).toBe(1);
    expect(notices).toEqual([]);
  });

  it('turns a timeout into "Network timeout"', async () => {
    const { client, notices } = setup(hangingFetch(), { timeoutMs: 30 });
    await expect(client.get(API.coinList, ignoreData)).rejects.toMatchObject({ code: 'client.timeout', msg: 'Network timeout' });
    expect(notices).toEqual(['Network timeout']);
  });

  it('reports a failed connection as a network error', async () => {
    const { client, notices } = setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client.get(API.coinList, ignoreData)).rejects.toMatchObject({ code: 'client.network' });
    expect(notices).toEqual(['Network error']);
  });

  it('stays quiet when the caller aborts', async () => {
    const { client, notices } = setup(hangingFetch());
    const controller = new AbortController();
    const call = client.get(API.coinList, ignoreData, undefined, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeDefined();
    expect(notices).toEqual([]);
  });

  it('uses REQUEST_TIMEOUT_MS by default', async () => {
    vi.useFakeTimers();
    try {
      const { client, notices } = setup(hangingFetch());
      const call = client.get(API.coinList, ignoreData).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(notices).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await call).toMatchObject({ code: 'client.timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});
