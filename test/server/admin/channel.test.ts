// The admin channel's protocol against a running in-process server: the socket and token files are the owner's
// alone, every request needs the token (compared in constant time), malformed, oversized, truncated and
// wrong-version requests are refused with a clear answer and change nothing, a request for another store is
// refused, and the socket file goes away with the server (a stale one is replaced, a live one is not stolen).
import { lstatSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminChannel } from '../../../server/admin/channel.ts';
import { AdminSetupError } from '../../../server/admin/paths.ts';
import { MAX_REQUEST_BYTES } from '../../../server/admin/protocol.ts';
import { runAdmin } from '../../../server/cli/admin.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { call, exchange, request, socketOf, type Where } from './wire.ts';

describe('admin channel protocol [sqlite]', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-admin-'));
  const where: Where = { dataDir };
  let server: ServerHandle | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    const made = await runAdmin(['user', 'create', '--email', 'a@example.com', '--password', 'Secret12345'], { dataDir });
    expect(made.exitCode).toBe(0);
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const nothingChanged = async () => {
    expect(await server!.store.audit.list(10)).toEqual([]);
    expect(await server!.store.ledger.lastSeq('coin')).toBe(0);
  };

  it('makes the socket and the token readable by their owner only', () => {
    const sock = lstatSync(socketOf(where));
    expect(sock.isSocket()).toBe(true);
    expect(sock.mode & 0o777).toBe(0o600);
    const token = lstatSync(join(dataDir, 'admin.token'));
    expect(token.mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'admin.token'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  });

  it('refuses a wrong or missing token, and says nothing more', async () => {
    const wrong = await call(where, request(where, 'balance credit', { email: 'a@example.com', asset: 'USDT', amount: '5' }, { token: 'f'.repeat(64) }));
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'auth', message: 'missing or wrong admin token' } });
    const { token: _, ...without } = request(where, 'balance credit', { email: 'a@example.com', asset: 'USDT', amount: '5' });
    expect(await call(where, without)).toMatchObject({ ok: false, error: { kind: 'auth' } });
    // Even a malformed request is refused for its token first.
    expect(await call(where, { token: 'x', command: 42 })).toMatchObject({ ok: false, error: { kind: 'auth' } });
    await nothingChanged();
  });

  it('refuses malformed, oversized, truncated and wrong-version requests', async () => {
    const answer = async (payload: string | Buffer, end = false) => JSON.parse(await exchange(socketOf(where), payload, { end })) as { ok: boolean; error: { kind: string; message: string } };
    expect(await answer('this is not json\n')).toMatchObject({ ok: false, error: { kind: 'protocol', message: 'malformed request: not JSON' } });
    const good = request(where, 'balance credit', { email: 'a@example.com', asset: 'USDT', amount: '5' });
    expect(await answer(`${JSON.stringify({ ...good, extra: 1 })}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^malformed request: /) } });
    expect(await answer(`${JSON.stringify({ ...good, command: 'balance steal' })}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^malformed request: command/) } });
    expect(await answer(`${JSON.stringify({ ...good, args: { email: 'a@example.com', amount: 5 } })}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^malformed request: args\.amount/) } });
    expect(await answer(`${JSON.stringify({ ...good, id: 'no' })}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^malformed request: id/) } });
    expect(await answer(`${JSON.stringify({ ...good, operator: 'a\u0000b' })}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^malformed request: operator/) } });
    expect(await answer(`${JSON.stringify({ ...good, args: { email: 'a@example.com\u0000', asset: 'USDT', amount: '5' } })}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^malformed request: args\.email/) } });
    expect(await answer(`${JSON.stringify({ ...good, v: 2 })}\n`)).toMatchObject({ error: { kind: 'protocol', message: 'protocol version 2 is not spoken here (this server speaks 1)' } });
    // More than the bound, with or without a newline: refused without being read to its end.
    expect(await answer(Buffer.alloc(MAX_REQUEST_BYTES + 10, 'x'))).toMatchObject({ error: { kind: 'protocol', message: `request too large (at most ${MAX_REQUEST_BYTES} bytes)` } });
    const huge = JSON.stringify({ ...good, reason: 'r'.repeat(MAX_REQUEST_BYTES) });
    expect(await answer(`${huge}\n`)).toMatchObject({ error: { kind: 'protocol', message: expect.stringMatching(/^request too large/) } });
    // A request cut short (the client ended without a newline).
    expect(await answer(JSON.stringify(good), true)).toMatchObject({ error: { kind: 'protocol', message: 'the request must be one line of JSON ending with a newline' } });
    await nothingChanged();
  });

  it('refuses a request meant for another store', async () => {
    const other = request(where, 'balance credit', { email: 'a@example.com', asset: 'USDT', amount: '5' }, { store: 'f'.repeat(32) });
    expect(await call(where, other)).toMatchObject({ ok: false, error: { kind: 'store' } });
    await nothingChanged();
  });

  it('answers a well-formed request, with its id', async () => {
    const body = request(where, 'balance credit', { email: 'a@example.com', asset: 'USDT', amount: '5' });
    const answer = await call(where, body);
    expect(answer).toMatchObject({ v: 1, id: body['id'], ok: true, replayed: false, text: 'credited 5 USDT to user 10000001 (a@example.com), coin account: available 5, frozen 0' });
    expect(await call(where, body)).toMatchObject({ ok: true, replayed: true, text: answer['text'] });
    const noReason = request(where, 'balance credit', { email: 'a@example.com', asset: 'USDT', amount: '5' }, { reason: undefined });
    expect(await call(where, noReason)).toMatchObject({ ok: false, error: { kind: 'usage', message: expect.stringMatching(/^--reason is required/) } });
  });

  it('will not take a socket another server answers on, and removes its own on close', async () => {
    await expect(openAdminChannel({ socketPath: socketOf(where), token: 'x'.repeat(32), storeId: 'x', executor: { execute: async () => ({ data: null, text: '', replayed: false }), reconcile: async () => 0 } })).rejects.toThrow(AdminSetupError);
    expect(lstatSync(socketOf(where)).isSocket()).toBe(true); // still the server's
    await server!.close();
    server = undefined;
    expect(existsSync(socketOf(where))).toBe(false);
  });
});
