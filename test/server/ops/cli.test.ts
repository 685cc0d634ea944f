// `npm run admin -- operator …` against a store: an operator is made with a generated password (or one from stdin)
// and a TOTP secret shown once, stored only as an argon2 hash and a sealed secret; listed, given another role,
// disabled and enabled, reset; every change audited with the acting person and the reason, never with a secret.
// Malformed commands change nothing. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { twoFactorKeyFor } from '../../../server/accounts/twofactor/secret-key.ts';
import { runAdmin } from '../../../server/cli/admin.ts';
import { openTotp } from '../../../server/ops/credentials.ts';
import { createStore } from '../../../server/store/index.ts';
import { createOpsRepo } from '../../../server/store/ops.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

describeDialects('operator accounts from the CLI', (dialect) => {
  let target: Target;
  let dataDir: string;
  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-ops-cli-'));
  });
  afterEach(async () => {
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (argv: string[], stdin?: string) =>
    runAdmin(argv, { dataDir, databaseUrl: target.databaseUrl, operator: 'root', ...(stdin === undefined ? {} : { readStdin: async () => stdin }) } as Parameters<typeof runAdmin>[1]);
  const withStore = async <T>(work: (store: Awaited<ReturnType<typeof createStore>>) => Promise<T>) => {
    const store = await createStore({ dataDir, databaseUrl: target.databaseUrl });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  };

  it('adds, lists, changes, disables, enables and resets operators, audited without secrets', async () => {
    const added = await admin(['operator', 'add', '--name', 'alice', '--role', 'admin', '--reason', 'new hire']);
    expect(added.exitCode, added.output).toBe(0);
    const password = /password: {4}(\S+)/.exec(added.output)?.[1];
    const secret = /TOTP secret: (\S+)/.exec(added.output)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(added.output).toContain(`otpauth URI: otpauth://totp/`);
    expect(added.output).toMatch(/^added operator alice \(admin\)\n/);

    const fromStdin = await admin(['operator', 'add', '--name', 'bob', '--role', 'support', '--reason', 'new hire', '--password-stdin', '--json'], 'correct horse battery\n');
    expect(fromStdin.exitCode, fromStdin.output).toBe(0);
    expect(JSON.parse(fromStdin.output)).not.toHaveProperty('password');

    await withStore(async (store) => {
      const ops = createOpsRepo(store.db);
      const alice = (await ops.operatorByName('alice'))!;
      // Stored as a hash and a sealed secret; the key of this data folder opens it.
      expect(alice.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await argon2Hasher().verify(alice.passwordHash, password!)).toBe(true);
      expect(alice.totpSecret).not.toContain(secret!);
      expect(openTotp(twoFactorKeyFor(dataDir), 'alice', alice.totpSecret)).toBe(secret);
      // Sealed for alice: moved to another row, it opens for nobody.
      expect(openTotp(twoFactorKeyFor(dataDir), 'bob', alice.totpSecret)).toBeNull();
      expect(await argon2Hasher().verify((await ops.operatorByName('bob'))!.passwordHash, 'correct horse battery')).toBe(true);
    });

    // Refusals change nothing.
    expect((await admin(['operator', 'add', '--name', 'alice', '--role', 'admin', '--reason', 'again'])).output).toBe('error: an operator named alice exists already');
    expect((await admin(['operator', 'add', '--name', 'carol', '--role', 'root', '--reason', 'x'])).exitCode).toBe(2);
    expect((await admin(['operator', 'add', '--name', 'Carol!', '--role', 'admin', '--reason', 'x'])).exitCode).toBe(2);
    expect((await admin(['operator', 'add', '--name', 'carol', '--role', 'admin'])).output).toMatch(/--reason is required/);
    expect((await admin(['operator', 'add', '--name', 'carol', '--role', 'admin', '--reason', 'x', '--password-stdin'], 'short\n')).output).toBe('error: the password must be at least 12 characters');
    expect((await admin(['operator', 'role', '--name', 'nobody', '--role', 'admin', '--reason', 'x'])).output).toBe('error: no operator named nobody');

    expect((await admin(['operator', 'role', '--name', 'bob', '--role', 'reviewer', '--reason', 'moved team'])).output).toBe('bob is now reviewer (from their next request)');
    expect((await admin(['operator', 'disable', '--name', 'bob', '--reason', 'on leave'])).output).toBe('disabled bob; signed out of 0 session(s)');
    const listed = JSON.parse((await admin(['operator', 'list', '--json'])).output) as Array<Record<string, unknown>>;
    expect(listed).toMatchObject([
      { name: 'alice', role: 'admin', disabled: false, locked: false, createdBy: 'root', lastLoginAt: null },
      { name: 'bob', role: 'reviewer', disabled: true },
    ]);
    expect((await admin(['operator', 'list'])).output).toMatch(/^ {2}alice {15}admin {5}active {2}last sign-in - {2}added /);
    expect((await admin(['operator', 'enable', '--name', 'bob', '--reason', 'back'])).output).toBe('enabled bob');

    const reset = JSON.parse((await admin(['operator', 'reset', '--name', 'alice', '--reason', 'lost phone', '--json'])).output) as { password: string; totpSecret: string };
    expect(reset.password).not.toBe(password);
    expect(reset.totpSecret).not.toBe(secret);
    await withStore(async (store) => {
      const alice = (await createOpsRepo(store.db).operatorByName('alice'))!;
      expect(await argon2Hasher().verify(alice.passwordHash, password!)).toBe(false);
      expect(await argon2Hasher().verify(alice.passwordHash, reset.password)).toBe(true);
      expect(alice.totpStep).toBe(0);

      const rows = (await store.audit.list(50)).reverse();
      expect(rows.map((r) => [r.operator, r.via, r.command, r.reason, r.status])).toEqual([
        ['root', 'store', 'operator add', 'new hire', 'done'],
        ['root', 'store', 'operator add', 'new hire', 'done'],
        // A change refused by the store is on the log too, as failed.
        ['root', 'store', 'operator role', 'x', 'failed'],
        ['root', 'store', 'operator role', 'moved team', 'done'],
        ['root', 'store', 'operator disable', 'on leave', 'done'],
        ['root', 'store', 'operator enable', 'back', 'done'],
        ['root', 'store', 'operator reset', 'lost phone', 'done'],
      ]);
      const all = JSON.stringify(rows);
      for (const s of [password!, secret!, reset.password, reset.totpSecret, 'correct horse battery']) expect(all).not.toContain(s);
    });
    expect((await admin(['operator'])).exitCode).toBe(2);
    expect((await admin(['operator', 'fly', '--name', 'x', '--reason', 'x'])).exitCode).toBe(2);
  });
});
