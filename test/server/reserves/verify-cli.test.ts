// `npm run verify -- liabilities proof.json [--root root.json]` (server/cli/verify.ts → server/reserves/verify-file.ts):
// a proof saved from the store's answer verifies, alone and against each form of root file (the saved
// /app/reserves/snapshots reply, one entry, a bare root); a tampered proof exits 1 with the reason; a root file whose
// record was edited, one without the proof's snapshot, a missing or non-JSON file exit 2. The real command runs once
// as a process. On SQLite and PostgreSQL (the proof comes from each store).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LiabilitiesProof } from '../../../server/contract/liabilities.ts';
import { runVerify } from '../../../server/cli/verify.ts';
import { userProof } from '../../../server/reserves/proof.ts';
import { takeSnapshot } from '../../../server/reserves/snapshot.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const E8 = 100_000_000n;

describeDialects('npm run verify -- liabilities', (dialect) => {
  let t: TestStore;
  let dir: string;
  let proof: LiabilitiesProof;
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return path;
  };
  const verify = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runVerify(['liabilities', ...argv], (l) => lines.push(l));
    return { code, text: lines.join('\n') };
  };

  beforeEach(async () => {
    t = await openStore(dialect);
    dir = mkdtempSync(join(tmpdir(), 'openex-verify-liabilities-'));
    const row = (user: number, asset: string, available: bigint) => ({ user_id: user, wallet: 'coin', asset, available, frozen: 0n, updated_at: 0 });
    await t.store.db.insertInto('balances').values([row(10_000_001, 'BTC', E8), row(10_000_002, 'USDT', 50n * E8), row(10_000_003, 'BTC', 3n)]).execute();
    await takeSnapshot({ store: t.store, clock: () => 1_000, cause: 'operator' });
    await takeSnapshot({ store: t.store, clock: () => 2_000, cause: 'operator' });
    const answer = await userProof(t.store, 10_000_001);
    if (!answer.ok) throw new Error(answer.code);
    proof = answer.proof;
  }, 30_000);
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.dispose();
  });

  it('verifies a saved proof against each form of the published root', async () => {
    const list = await t.store.reserves.record(10);
    const proofFile = file('proof.json', proof);
    const envelope = file('snapshots.json', { code: 'success', msg: '', data: { list, more: false } });
    const ok = await verify(proofFile, '--root', envelope);
    expect(ok.code, ok.text).toBe(0);
    expect(ok.text).toContain('record: 2 entries #1…#2 check as a hash chain from the genesis');
    expect(ok.text).toContain(`published: snapshot ${proof.snapshotId} in record entry #2`);
    expect(ok.text).toMatch(/VERIFIED: your balances are in the published liabilities$/);
    expect((await verify(proofFile, '--root', file('data.json', { list, more: false }))).code).toBe(0);
    expect((await verify(proofFile, '--root', file('entry.json', list[0])))).toMatchObject({ code: 0 });
    const bare = { snapshotId: proof.snapshotId, hash: list[0]!.rootHash, sums: list[0]!.sums, leafCount: list[0]!.leafCount };
    expect((await verify(proofFile, '--root', file('root.json', bare))).code).toBe(0);
    const alone = await verify(proofFile);
    expect(alone.code).toBe(0);
    expect(alone.text).toContain('no --root given: compare the root hash above');
  });

  it('exits 1 on a tampered proof and 2 on a bad root file or arguments', async () => {
    const list = await t.store.reserves.record(10);
    const envelope = file('snapshots.json', { code: 'success', msg: '', data: { list, more: false } });
    const more = structuredClone(proof);
    more.leaf.balances['BTC'] = String(2n * E8);
    const tampered = await verify(file('more.json', more), '--root', envelope);
    expect(tampered.code).toBe(1);
    expect(tampered.text).toMatch(/^NOT VERIFIED \(root\.hash at root\)/);
    const negative = structuredClone(proof);
    negative.path[0]!.sums['USDT'] = '-1';
    expect((await verify(file('negative.json', negative), '--root', envelope)).text).toMatch(/^NOT VERIFIED \(sibling\.negative at path, level 0\)/);
    // The proof of the older snapshot against the newer root: not the published one.
    const older = await userProof(t.store, 10_000_001, list[1]!.snapshotId);
    const wrong = await verify(file('older.json', older.ok ? older.proof : null), '--root', file('entry.json', list[0]));
    expect(wrong.code).toBe(1);
    expect(wrong.text).toMatch(/published\.snapshot/);

    const edited = structuredClone(list);
    edited[1]!.sums['BTC'] = '1';
    const badRecord = await verify(file('proof.json', proof), '--root', file('edited.json', { list: edited }));
    expect(badRecord.code).toBe(2);
    expect(badRecord.text).toContain("the record does not check: entry 1's hash is not the hash of its contents");
    const missingEntry = await verify(file('proof.json', proof), '--root', file('first.json', { list: [list[1]] }));
    expect(missingEntry).toMatchObject({ code: 2 });
    expect(missingEntry.text).toContain(`no entry for snapshot ${proof.snapshotId}`);
    expect((await verify(join(dir, 'absent.json'))).code).toBe(2);
    expect((await verify(file('junk.json', 'not json'))).code).toBe(2);
    expect((await verify()).code).toBe(2);
    expect((await verify(file('proof.json', proof), '--root')).code).toBe(2);
  });

  it('runs as the npm script does, with its exit codes', () => {
    const envelope = file('snapshots.json', { code: 'success', msg: '', data: { list: [], more: false } });
    const proofFile = file('proof.json', proof);
    const good = spawnSync(process.execPath, ['server/cli/verify.ts', 'liabilities', proofFile], { cwd: ROOT, encoding: 'utf8' });
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain(`snapshot ${proof.snapshotId}: your leaf`);
    const more = structuredClone(proof);
    more.root.leafCount = more.root.leafCount * 2;
    const bad = spawnSync(process.execPath, ['server/cli/verify.ts', 'liabilities', file('bad.json', more), '--root', envelope], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(2); // the empty record has no entry for it
    const badAlone = spawnSync(process.execPath, ['server/cli/verify.ts', 'liabilities', file('bad.json', more)], { cwd: ROOT, encoding: 'utf8' });
    expect(badAlone.status).toBe(1);
    expect(badAlone.stdout).toMatch(/path\.length/);
  });
});
