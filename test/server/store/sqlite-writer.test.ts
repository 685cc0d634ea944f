// The SQLite writer thread (store/sqlite-writer.ts): a commit it cannot make is refused, never left hanging, and so
// is every later one (the desk that sent it stops); a value past a 64-bit column is refused before it is sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { DeskWrites } from '../../../server/store/desk-writes.ts';
import { SqliteWriter } from '../../../server/store/sqlite-writer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const writes = (amount: bigint): DeskWrites => ({
  lease: { desk: 'coin', holder: 'test', now: 1, ttlMs: 1000 },
  ledger: { desk: 'coin', now: 1, entries: [{ seq: 1, reason: 'admin.credit', ref: 'admin:x', time: 1, lines: [{ account: 'system:treasury', asset: 'USDT', amount }] }], balances: [], system: [] },
  records: [], transfersOut: [], transfersIn: [], creditedAt: 1, spot: null,
});

it('refuses a commit, and every later one, when its thread cannot open the database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openex-writer-'));
  dirs.push(dir);
  const notADirectory = join(dir, 'file');
  writeFileSync(notADirectory, 'x');
  const writer = new SqliteWriter({ file: join(notADirectory, 'exchange.db'), busyTimeoutMs: 100 });
  await expect(writer.commit(writes(1n))).rejects.toThrow(/SQLite writer thread/);
  await expect(writer.commit(writes(1n))).rejects.toThrow(/SQLite writer thread/);
  await writer.close();
});

it('refuses a value past a 64-bit column before sending anything', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openex-writer-'));
  dirs.push(dir);
  const writer = new SqliteWriter({ file: join(dir, 'exchange.db'), busyTimeoutMs: 100 });
  await expect(writer.commit(writes(2n ** 63n))).rejects.toThrow(RangeError);
  await writer.close();
});
