// `user security` (the operator's read of a user's security) through the admin channel of a running server: the
// overview, the live sessions with their devices, the withdrawal lock; refused without exactly one of --email/--phone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { FIREFOX } from './harness.ts';

describe('user security (operator) [sqlite]', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-security-admin-'));
  let server: ServerHandle | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    expect((await runAdmin(['user', 'create', '--email', 'op@example.com', '--password', 'Secret12345'], { dataDir })).exitCode).toBe(0);
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the overview, the sessions and the lock', async () => {
    const login = await fetch(`${server!.url}/app/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': FIREFOX },
      body: JSON.stringify({ account: 'op@example.com', password: 'Secret12345' }),
    });
    expect(((await login.json()) as { code: string }).code).toBe('success');
    const user = (await server!.store.users.findByEmail('op@example.com'))!;
    const until = server!.store.clock() + 3_600_000;
    await server!.store.security.lockWithdrawals(user.id, until, server!.store.clock());

    const text = await runAdmin(['user', 'security', '--email', 'OP@example.com'], { dataDir });
    expect(text.exitCode).toBe(0);
    expect(text.output).toContain('e-mail           o***@example.com');
    expect(text.output).toContain('safety level     low (missing: phone, fundPassword, twoFactor, antiPhishing)');
    expect(text.output).toContain(`locked until ${new Date(until).toISOString().replace('.000Z', 'Z')}`);
    expect(text.output).toMatch(/1 live session\(s\)[\s\S]*Firefox 133 on Windows/);

    const json = await runAdmin(['user', 'security', '--email', 'op@example.com', '--json'], { dataDir });
    const data = JSON.parse(json.output) as { sessions: unknown[]; withdrawalLockedUntil: number; fundPasswordSet: boolean };
    expect(data).toMatchObject({ withdrawalLockedUntil: until, fundPasswordSet: false });
    expect(data.sessions).toHaveLength(1);

    expect((await runAdmin(['user', 'security'], { dataDir })).exitCode).toBe(2);
    expect((await runAdmin(['user', 'security', '--email', 'nobody@example.com'], { dataDir })).exitCode).toBe(1);
  });
});
