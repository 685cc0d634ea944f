// A real crash of the deposit watcher in the middle of crediting: a child process (crash-child.ts) runs the watcher
// and its own spot desk over the same store file (or PostgreSQL schema) against `hardhat node`, and is killed with
// SIGKILL right after the desk acknowledged its second credit, before the watcher recorded it. The next watcher
// (desks rebuilt, the dead process's lease taken over) credits the rest; each deposit is then in the journal exactly
// once, every row says credited, and the balances add up. On SQLite and PostgreSQL.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { evmClient, evmSource } from '../../../server/chain/evm-watcher.ts';
import { sendTestDeposit, startLocalChain, type LocalChain } from '../../../server/chain/local-chain.ts';
import { describeDialects } from '../dialects.ts';
import { expectOnce, openChainWorld, type ChainWorld } from './world.ts';

function runChild(args: object): Promise<{ signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(import.meta.dirname, 'crash-child.ts'), JSON.stringify(args)], { timeout: 60_000 }, (error, stdout) => {
      resolve({ signal: (error as { signal?: NodeJS.Signals } | null)?.signal ?? null, stdout });
    });
  });
}

describeDialects('the deposit watcher across a crash', (dialect) => {
  let cw: ChainWorld;
  let node: LocalChain;
  beforeEach(async () => {
    [cw, node] = await Promise.all([
      openChainWorld(dialect),
      startLocalChain({ port: 0, blockMs: 3_600_000, log: () => undefined }),
    ]);
  }, 60_000);
  afterEach(async () => {
    await node.stop();
    await cw.dispose();
  });

  it('credits every deposit exactly once after the crediting process is killed mid-way', async () => {
    const [u1, u2] = cw.users(2) as [number, number];
    const a1 = (await cw.address(u1)) as `0x${string}`;
    const a2 = (await cw.address(u2)) as `0x${string}`;
    const client = evmClient(node.rpcUrl);
    const source = evmSource({ client, chainId: 31337, usdt: node.usdt });
    // The watcher's first poll sets where it starts.
    await cw.watcher(source).poll();
    const sent = [
      await sendTestDeposit({ rpcUrl: node.rpcUrl, to: a1, asset: 'ETH', amount: '1.25' }),
      await sendTestDeposit({ rpcUrl: node.rpcUrl, to: a2, asset: 'USDT', amount: '100' }),
      await sendTestDeposit({ rpcUrl: node.rpcUrl, to: a1, asset: 'USDT', amount: '7.5' }),
      await sendTestDeposit({ rpcUrl: node.rpcUrl, to: a2, asset: 'ETH', amount: '0.002' }),
    ];
    for (let i = 0; i < 12; i++) await client.request({ method: 'evm_mine' } as never);
    // This process's desks stop (as if on another machine); the child takes the coin desk's lease.
    await cw.w.desks.close();
    const t = cw.w.t.target;
    const child = await runChild({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, rpcUrl: node.rpcUrl, usdt: node.usdt, now: cw.w.clock.now(), killAfter: 2 });
    expect(child.stdout).toContain('killed after 2');
    expect(child.signal).toBe('SIGKILL');
    // Two credits journalled; the watcher had recorded only the first.
    expect((await cw.journal()).size).toBe(2);
    expect((await cw.store.chain.allDeposits('ETH')).map((d) => d.status)).toEqual(['credited', 'pending', 'pending', 'pending']);
    // The restart: desks rebuilt from the store, a new watcher over the same store.
    await cw.w.restart();
    await cw.watcher(source).poll();
    expect(cw.credits.map((c) => c.ref)).toEqual([
      `deposit:ETH:${sent[1]!.txHash}:0`, `deposit:ETH:${sent[2]!.txHash}:0`, `deposit:ETH:${sent[3]!.txHash}:-1`,
    ]);
    const journal = await expectOnce(cw);
    expect([...journal.keys()].sort()).toEqual([
      `deposit:ETH:${sent[0]!.txHash}:-1`, `deposit:ETH:${sent[1]!.txHash}:0`, `deposit:ETH:${sent[2]!.txHash}:0`, `deposit:ETH:${sent[3]!.txHash}:-1`,
    ].sort());
    expect((await cw.store.chain.allDeposits('ETH')).map((d) => d.status)).toEqual(['credited', 'credited', 'credited', 'credited']);
    expect([await cw.balance(u1, 'ETH'), await cw.balance(u1, 'USDT'), await cw.balance(u2, 'ETH'), await cw.balance(u2, 'USDT')]).toEqual(['1.25', '7.5', '0.002', '100']);
    // Once more: nothing left to credit.
    await cw.watcher(source).poll();
    expect(cw.credits).toHaveLength(3);
  }, 120_000);
});
