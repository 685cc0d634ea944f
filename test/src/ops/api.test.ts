// The console's API client: same-origin paths, the lang header, the CSRF header on every POST (never on a GET), the
// envelope's errors as the server worded them, 401 back to the sign-in, and a lost command answer asked again with
// the same request id.
import { describe, expect, it } from 'vitest';
import { createOpsClient, newRequestId, OpsError, type OpsClientOptions } from '../../../src/ops/api.ts';
import { commandResult, ignore, opsMe, parser } from '../../../src/ops/parse.ts';
import { OPS_PATHS, OPS_REQUEST_HEADER } from '../../../src/contract.ts';
import { envelope, fakeFetch, hangingFetch } from '../support.ts';

function setup(fetch: OpsClientOptions['fetch'], overrides: Partial<OpsClientOptions> = {}) {
  const notices: string[] = [];
  let unauthorized = 0;
  const client = createOpsClient({
    baseUrl: 'http://console.test/',
    fetch,
    locale: () => 'th',
    texts: { timeout: () => 'Timed out', network: () => 'Network down', error: () => 'ERROR' },
    unauthorized: () => {
      unauthorized += 1;
    },
    notifyError: (t) => notices.push(t),
    ...overrides,
  });
  return { client, notices, unauthorized: () => unauthorized };
}

const me = { name: 'alice', role: 'admin', capabilities: ['users.read', 'audit.read', 'not.a.capability'], expiresAt: 1 };

describe('console API client', () => {
  it('reads GETs from the console paths with the lang header and no CSRF header', async () => {
    const { fetch, seen } = fakeFetch(() => envelope('success', me));
    const { client } = setup(fetch);
    const who = await client.get(OPS_PATHS.me, parser(opsMe));
    expect(who).toEqual({ name: 'alice', role: 'admin', capabilities: ['users.read', 'audit.read'], expiresAt: 1 });
    expect(seen[0]?.url).toBe('http://console.test/ops/api/me');
    expect(seen[0]?.headers.get('lang')).toBe('th');
    expect(seen[0]?.headers.has(OPS_REQUEST_HEADER)).toBe(false);
  });

  it('sends x-ops-request: 1 on every POST, with the JSON body', async () => {
    const { fetch, seen } = fakeFetch((req) => envelope('success', req.url.endsWith('/command') ? { data: [], text: '', replayed: false } : null));
    const { client } = setup(fetch);
    await client.post(OPS_PATHS.logout, ignore, {});
    await client.command({ command: 'market list', args: {}, requestId: 'req-00000001' });
    expect(seen.map((r) => r.headers.get(OPS_REQUEST_HEADER))).toEqual(['1', '1']);
    expect(seen[1]).toMatchObject({ method: 'POST', url: 'http://console.test/ops/api/command', body: { command: 'market list', args: {}, requestId: 'req-00000001' } });
  });

  it('drops empty query values from GETs', async () => {
    const { fetch, seen } = fakeFetch(() => envelope('success', { list: [], total: 0, pageIndex: 1, pageSize: 20 }));
    const { client } = setup(fetch);
    await client.get(OPS_PATHS.audit, ignore, { operator: '', command: 'balance credit', from: undefined, pageIndex: 2 });
    expect(seen[0]?.url).toBe('http://console.test/ops/api/audit?command=balance+credit&pageIndex=2');
    expect(client.url(OPS_PATHS.auditCsv, { operator: 'bob', to: undefined })).toBe('/ops/api/audit.csv?operator=bob');
  });

  it("rejects with the server's own message (in the operator's language) and shows it", async () => {
    const { fetch } = fakeFetch(() => new Response(JSON.stringify({ code: 'ops.forbidden', msg: 'บทบาทของคุณทำสิ่งนี้ไม่ได้', data: null }), { status: 403 }));
    const { client, notices } = setup(fetch);
    const error = await client.get(OPS_PATHS.health, ignore).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpsError);
    expect(error).toMatchObject({ code: 'ops.forbidden', msg: 'บทบาทของคุณทำสิ่งนี้ไม่ได้', status: 403 });
    expect(notices).toEqual(['บทบาทของคุณทำสิ่งนี้ไม่ได้']);
  });

  it('leaves the notice to the caller with notify: false, and says ERROR when a reply has no envelope', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const { client, notices } = setup(fetch);
    await expect(client.get(OPS_PATHS.health, ignore, undefined, { notify: false })).rejects.toMatchObject({ code: 'client.reply', msg: 'ERROR' });
    expect(notices).toEqual([]);
  });

  it('a 401 goes back to the sign-in without a notice', async () => {
    const { fetch } = fakeFetch(() => new Response(JSON.stringify({ code: 'ops.session.required', msg: 'Sign in', data: null }), { status: 401 }));
    const { client, notices, unauthorized } = setup(fetch);
    await expect(client.get(OPS_PATHS.user, ignore, { id: 1 })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized()).toBe(1);
    expect(notices).toEqual([]);
  });

  it('a reply whose data does not have the expected shape is an error, not a half-typed value', async () => {
    const { fetch } = fakeFetch(() => envelope('success', { name: 'alice', role: 'root', capabilities: [], expiresAt: 1 }));
    const { client } = setup(fetch);
    await expect(client.get(OPS_PATHS.me, parser(opsMe), undefined, { notify: false })).rejects.toMatchObject({ code: 'client.reply' });
  });

  it('asks again with the same request id when the answer to a command was lost', async () => {
    let calls = 0;
    const { fetch, seen } = fakeFetch(() => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return envelope('success', { data: { userId: 7 }, text: 'credited 5 USDT', replayed: true });
    });
    const { client, notices } = setup(fetch);
    const requestId = newRequestId();
    const result = await client.command({ command: 'balance credit', args: { email: 'a@b.co', asset: 'USDT', amount: '5' }, reason: 'refund', requestId });
    expect(result).toEqual({ data: { userId: 7 }, text: 'credited 5 USDT', replayed: true });
    expect(seen.map((r) => (r.body as { requestId: string }).requestId)).toEqual([requestId, requestId, requestId]);
    expect(new Set(seen.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(notices).toEqual([]);
  });

  it('gives up after its retries with one network notice, and never retries a refusal', async () => {
    const down = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const a = setup(down.fetch, { commandRetries: 2 });
    await expect(a.client.command({ command: 'user freeze', args: { email: 'a@b.co' }, reason: 'r', requestId: 'req-00000002' })).rejects.toMatchObject({ code: 'client.network', lost: true });
    expect(down.seen).toHaveLength(3);
    expect(a.notices).toEqual(['Network down']);

    const refused = fakeFetch(() => envelope('ops.command.failed', null, 'no user with e-mail a@b.co'));
    const b = setup(refused.fetch);
    await expect(b.client.command({ command: 'user freeze', args: { email: 'a@b.co' }, reason: 'r', requestId: 'req-00000003' })).rejects.toMatchObject({ msg: 'no user with e-mail a@b.co', lost: false });
    expect(refused.seen).toHaveLength(1);
  });

  it('a timeout is a lost answer too', async () => {
    const { client } = setup(hangingFetch(), { timeoutMs: 30, commandRetries: 0 });
    await expect(client.command({ command: 'market list', args: {}, requestId: 'req-00000004' })).rejects.toMatchObject({ code: 'client.timeout', msg: 'Timed out', lost: true });
  });

  it('read() sends a fresh request id each time and checks the data', async () => {
    const { fetch, seen } = fakeFetch(() => envelope('success', { data: [{ a: 1 }], text: '', replayed: false }));
    const { client } = setup(fetch);
    const rows = await client.read('market list', {}, (d) => (Array.isArray(d) ? d : null));
    expect(rows).toEqual([{ a: 1 }]);
    await client.read('market list', {}, (d) => (Array.isArray(d) ? d : null));
    const ids = seen.map((r) => (r.body as { requestId: string }).requestId);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
    await expect(client.read('market list', {}, () => null, { notify: false })).rejects.toMatchObject({ code: 'client.reply' });
  });

  it('a command result waiting for a second operator carries its approval', () => {
    const approval = {
      id: 3, command: 'balance credit', args: { email: 'a@b.co', amount: '50000' }, summary: 'credit 50000 USDT to a@b.co (coin)', reason: 'promo',
      requestedBy: 'alice', requestedAt: 1, status: 'pending', decidedBy: null, decidedAt: null, decisionReason: null, outcome: null,
    };
    expect(parser(commandResult)({ data: null, text: '', replayed: false, approval })).toEqual({ data: null, text: '', replayed: false, approval });
    expect(parser(commandResult)({ data: 1, text: 'x', replayed: false })).toEqual({ data: 1, text: 'x', replayed: false });
    expect(parser(commandResult)({ data: null, text: '', approval: { id: 'x' } })).toBeNull();
  });
});
