// The signer as its own process (main.ts) against `hardhat node`, killed with SIGKILL at a crash point, then started
// again: right after signing (before the signature is recorded), right after recording (before broadcasting), and
// right after broadcasting (before that is recorded). Each time exactly one transaction leaves the hot wallet, the
// one whose hash is recorded (and, from the signature on, the one the killed process logged), and the destination
// receives exactly the amount. Then the embedded mode's supervisor (process.ts): it restarts a signer that died and
// stops it cleanly. On SQLite and PostgreSQL.
import { execFile, type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ensureWallet, loadHotKey, type HotKey } from '../../../../server/chain/keys.ts';
import { startSignerProcess } from '../../../../server/chain/signer/process.ts';
import type { SignerRowStatus } from '../../../../server/store/signer.ts';
import { describeDialects, openStore, type TestStore } from '../../dialects.ts';
import { approvedWithdrawal, coins, deployUsdt, ETHER, mintUsdt, startHardhatNode, transactionsFrom, usdtBalance, type HardhatNode } from './chain.ts';

const MAIN = join(import.meta.dirname, '..', '..', '..', '..', 'server', 'chain', 'signer', 'main.ts');
const DEST = '0x2222222222222222222222222222222222222222' as const;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
}

describeDialects('signer process killed with SIGKILL (hardhat node)', (dialect) => {
  let node: HardhatNode;
  let token: `0x${string}`;
  let t: TestStore;
  let dir: string;
  let keyFile: string;
  let hot: HotKey;

  beforeAll(async () => {
    node = await startHardhatNode();
    token = await deployUsdt(node);
  }, 60_000);
  afterAll(async () => node.close());

  beforeEach(async () => {
    t = await openStore(dialect);
    dir = mkdtempSync(join(tmpdir(), 'openex-signer-'));
    // The real first start: a test-network wallet whose seed only the signer reads.
    keyFile = join(dir, 'wallet-secrets', 'hot-wallet.json');
    await ensureWallet({ seedFile: keyFile, log: () => undefined, btcNetwork: 'regtest' });
    hot = await loadHotKey(keyFile);
    await node.test.setBalance({ address: hot.address, value: 100n * ETHER });
    await mintUsdt(node, token, hot.address, 500n * 10n ** 6n);
  }, 60_000);
  afterEach(async () => {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    DATA_DIR: t.target.dataDir ?? join(dir, 'unused-data'),
    DATABASE_URL: t.target.databaseUrl ?? '',
    EVM_RPC_URL: node.url,
    EVM_CHAIN_ID: '31337',
    USDT_CONTRACT: token,
    SIGNER_KEY_FILE: keyFile,
    SIGNER_POLL_MS: '100',
    ...extra,
  });

  /** Runs main.ts until it dies by itself (a crash point). */
  const runUntilDeath = (extra: Record<string, string>) =>
    new Promise<Run>((resolve) => {
      execFile(process.execPath, [MAIN], { env: env(extra), timeout: 60_000 }, (error, stdout) => {
        const e = error as (Error & { code?: number; signal?: NodeJS.Signals }) | null;
        resolve({ code: typeof e?.code === 'number' ? e.code : e === null ? 0 : null, signal: e?.signal ?? null, stdout });
      });
    });

  async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Runs main.ts until the withdrawal is broadcast, then stops it with SIGTERM: it must exit 0. */
  async function runUntilBroadcast(id: number): Promise<string> {
    const child: ChildProcess = spawn(process.execPath, [MAIN], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    try {
      await waitFor('the broadcast', () => t.store.signer.row(id), (r) => r?.status === 'broadcast');
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${String(error)}\n${out}`);
    }
    child.kill('SIGTERM');
    const end = await exited;
    expect(end, out).toEqual({ code: 0, signal: null });
    expect(out).toMatch(/SIGTERM: stopping/);
    return out;
  }

  const cases: Array<{ point: 'after-sign' | 'after-record' | 'after-broadcast'; asset: 'ETH' | 'USDT'; state: SignerRowStatus; sentBeforeRestart: number }> = [
    { point: 'after-sign', asset: 'ETH', state: 'prepared', sentBeforeRestart: 0 },
    { point: 'after-record', asset: 'USDT', state: 'signed', sentBeforeRestart: 0 },
    { point: 'after-broadcast', asset: 'ETH', state: 'signed', sentBeforeRestart: 1 },
  ];

  for (const c of cases) {
    it(`SIGKILL ${c.point} (${c.asset}): one transaction mined, with the recorded hash`, async () => {
      const id = await approvedWithdrawal(t.store, { asset: c.asset, address: DEST, amount: coins('12.5'), fee: coins(c.asset === 'ETH' ? '0.001' : '1') });
      const ethBefore = await node.client.getBalance({ address: DEST });
      const usdtBefore = await usdtBalance(node, token, DEST);

      const killed = await runUntilDeath({ SIGNER_CRASH_AT: c.point });
      expect(killed.signal, killed.stdout).toBe('SIGKILL');
      expect(killed.stdout).toContain(`crash point ${c.point} reached for withdrawal ${id}`);
      const loggedHash = killed.stdout.match(/signed: nonce 0, hash (0x[0-9a-f]{64})/)?.[1];
      expect(loggedHash).toBeDefined();
      const left = await t.store.signer.row(id);
      expect(left?.status).toBe(c.state);
      expect(left?.fields?.nonce).toBe(0);
      expect(await transactionsFrom(node.client, hot.address)).toHaveLength(c.sentBeforeRestart);

      await runUntilBroadcast(id);

      const txs = await transactionsFrom(node.client, hot.address);
      expect(txs).toHaveLength(1);
      const row = await t.store.signer.row(id);
      expect(row?.hash).toBe(txs[0]!.hash);
      expect(row?.hash).toBe(loggedHash);
      expect(txs[0]!.nonce).toBe(0);
      expect(await node.client.getTransactionCount({ address: hot.address })).toBe(1);
      if (c.asset === 'ETH') expect((await node.client.getBalance({ address: DEST })) - ethBefore).toBe(12_499n * 10n ** 15n);
      else expect((await usdtBalance(node, token, DEST)) - usdtBefore).toBe(11_500_000n);
      expect((await t.store.signer.txsFor([id]))[0]).toMatchObject({ status: 'broadcast', txHash: txs[0]!.hash, nonce: 0 });
    }, 120_000);
  }

  it('the supervisor restarts a signer that died and stops it with stop()', async () => {
    const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    const lines: string[] = [];
    const extra = env({ SIGNER_CRASH_AT: 'after-record', SIGNER_CRASH_MARK: join(dir, 'crashed-once') });
    const supervisor = startSignerProcess({
      env: Object.fromEntries(Object.entries(extra).filter(([k]) => /^(DATA_DIR|DATABASE_URL|EVM_|USDT_|SIGNER_)/.test(k))),
      log: (l) => lines.push(l),
      restartDelayMs: 100,
    });
    try {
      await waitFor('the broadcast', () => t.store.signer.row(id), (r) => r?.status === 'broadcast').catch((e: unknown) => {
        throw new Error(`${String(e)}\n${lines.join('\n')}`);
      });
      expect(supervisor.starts()).toBe(2);
      expect(lines.join('\n')).toMatch(/ended \(SIGKILL\); restarting/);
    } finally {
      await supervisor.stop();
    }
    expect(supervisor.pid()).toBeUndefined();
    expect(lines.join('\n')).toMatch(/SIGTERM: stopping/);
    expect(await transactionsFrom(node.client, hot.address)).toHaveLength(1);
    // Stopped means stopped: nothing restarts it.
    await new Promise((r) => setTimeout(r, 500));
    expect(supervisor.starts()).toBe(2);
  }, 120_000);
});
