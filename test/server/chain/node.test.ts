// The embedded mode end to end, against `hardhat node` as a child process read over HTTP: startChain with
// EVM_RPC_URL unset starts the local chain, deploys the test USDT, funds the hot wallet; deposits sent the way the
// README tells a newcomer (the dev-send command) are credited once at 12 confirmations by the running watcher (its
// own timer, not the test's polls) into the real spot desk; reserves are read; stop() ends the child process.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadChainConfig } from '../../../server/chain/config.ts';
import { evmClient } from '../../../server/chain/evm-watcher.ts';
import { parseDevSendArgs } from '../../../server/chain/dev-send.ts';
import { startChain, type RunningChain } from '../../../server/chain/index.ts';
import { HOT_FUNDING, LOCAL_USDT, sendTestDeposit, startLocalChain } from '../../../server/chain/local-chain.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from '../desks/world.ts';
import { BTC_VPUB, ETH_XPUB } from './vectors.ts';
import { depositJournal } from './world.ts';

const HOT = '0x000000000000000000000000000000000000bEEF';
const DEV_SEND = join(import.meta.dirname, '../../../server/chain/dev-send.ts');

function devSend(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [DEV_SEND, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : ((error as { code?: number }).code ?? null), stdout, stderr });
    });
  });
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? x.toString() : x))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeDialects('the embedded local chain (hardhat node over HTTP)', (dialect) => {
  let w: World;
  let running: RunningChain | null = null;
  const errors: string[] = [];
  beforeEach(async () => {
    w = await openWorld(dialect);
  });
  afterEach(async () => {
    await running?.stop();
    await w.dispose();
  });

  it('starts the chain, and credits deposits sent with dev-send once at 12 confirmations', async () => {
    // Blocks only when the test mines them (and one per transaction), so "not before 12" is deterministic.
    const config = loadChainConfig({ LOCAL_CHAIN_PORT: '0', LOCAL_CHAIN_BLOCK_MS: '3600000', EVM_POLL_MS: '100' });
    running = await startChain({
      store: w.store, clock: w.clock.now, config, xpubs: { eth: ETH_XPUB, btc: BTC_VPUB }, hotAddress: HOT,
      credit: (req) => w.desks.spot.deposit(req), log: (e, c) => errors.push(`${c}: ${(e as Error).message}`), reservesEveryMs: 500,
    });
    const { chain, evm } = running;
    expect(evm).toMatchObject({ chainId: 31337, usdt: LOCAL_USDT, local: true });
    expect(evm.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.networks()).toEqual([
      { id: 'ETH', name: 'Ethereum local test chain (ERC20)', chainId: 31337, confirmations: 12, depositEnabled: true, withdrawEnabled: true },
      { id: 'BTC', name: 'Bitcoin testnet (SegWit)', chainId: null, confirmations: 12, depositEnabled: false, withdrawEnabled: false },
    ]);
    expect(chain.rules().map((r) => `${r.asset}/${r.network}/${r.contract}`)).toEqual(['ETH/ETH/null', `USDT/ETH/${LOCAL_USDT}`]);
    await expect(chain.depositAddress(U1, 'BTC')).rejects.toThrow(/off/);
    const a1 = await chain.depositAddress(U1, 'ETH');
    const a2 = await chain.depositAddress(U2, 'ETH');
    expect(a1).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(await chain.depositAddress(U1, 'ETH')).toBe(a1);
    expect(chain.uri('ETH', a1, 'ETH')).toBe(`ethereum:${a1}@31337`);
    expect(chain.uri('ETH', a1, 'USDT')).toBe(`ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@31337/transfer?address=${a1}`);
    expect(chain.isValidAddress('ETH', a2)).toBe(true);

    const rpc = evm.rpcUrl!;
    const client = evmClient(rpc);
    // The hot wallet got its test coins.
    expect(await client.getBalance({ address: HOT })).toBe(HOT_FUNDING.eth);
    // The README's command, as a newcomer runs it.
    const sent = await devSend(['--to', a1, '--asset', 'USDT', '--amount', '250.5', '--rpc', rpc]);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    const usdtTx = /transaction (0x[0-9a-f]{64})/.exec(sent.stdout)?.[1];
    expect(usdtTx).toBeDefined();
    const eth = await sendTestDeposit({ rpcUrl: rpc, to: a2 as `0x${string}`, asset: 'ETH', amount: '0.5' });
    const seen = await until('both deposits seen', () => w.store.chain.allDeposits('ETH'), (d) => d.length === 2);
    expect(seen.map((d) => `${d.asset} ${d.status}`)).toEqual(['USDT pending', 'ETH pending']);
    expect(await depositJournal(w.store)).toEqual(new Map());
    // Eleven more blocks: the ETH deposit (in the last block) has 12 confirmations, nothing else is due before.
    for (let i = 0; i < 11; i++) await client.request({ method: 'evm_mine' } as never);
    await until('both credited', () => w.store.chain.allDeposits('ETH'), (d) => d.every((x) => x.status === 'credited'));
    const coin = async (user: number, asset: string) => value(await w.desks.spot.balances(user)).find((b) => b.asset === asset)?.available;
    expect(await coin(U1, 'USDT')).toBe('250.5');
    expect(await coin(U2, 'ETH')).toBe('0.5');
    expect(await depositJournal(w.store)).toEqual(new Map([[`deposit:ETH:${usdtTx}:0`, 1], [`deposit:ETH:${eth.txHash}:-1`, 1]]));
    // Reserves: the hot wallet plus the deposit addresses that received coins.
    const reserves = await until('reserves read', () => w.store.chain.latestReserves(), (r) => r.some((x) => x.asset === 'ETH' && x.addresses === 3));
    expect(reserves.map((r) => [r.asset, r.amount])).toEqual([['ETH', 100_050_000_000n], ['USDT', 100_025_050_000_000n]]);
    // The command's refusals.
    expect(() => parseDevSendArgs(['--to', '0x1234', '--amount', '1'])).toThrow(/--to must be an Ethereum address/);
    expect(() => parseDevSendArgs(['--to', a1, '--asset', 'DOGE', '--amount', '1'])).toThrow(/--asset must be ETH or USDT/);
    expect(() => parseDevSendArgs(['--to', a1, '--asset', 'USDT', '--amount', '0.0000001'])).toThrow(/at most 6 decimals/);
    expect(() => parseDevSendArgs(['--to', a1, '--amount', '0'])).toThrow(/positive/);
    expect(parseDevSendArgs(['--to', a1, '--asset', 'usdt', '--amount', '2.5'], { LOCAL_CHAIN_PORT: '9545' })).toEqual({
      to: a1, asset: 'USDT', amount: '2.5', rpc: 'http://127.0.0.1:9545', usdt: undefined, anyChain: false,
    });
    expect(errors).toEqual([]);
    await running.stop();
    running = null;
    await expect(client.getChainId()).rejects.toThrow();
  }, 90_000);
});

describe('the local chain process', () => {
  it('goes away with a server killed by SIGKILL, and a taken port is said so', async () => {
    const server = spawn(process.execPath, [join(import.meta.dirname, 'local-chain-child.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const m = /URL (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      server.once('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const client = evmClient(url);
    expect(await client.getChainId()).toBe(31337);
    const port = Number(new URL(url).port);
    await expect(startLocalChain({ port, log: () => undefined })).rejects.toThrow(/port is taken.*LOCAL_CHAIN_PORT/);
    server.kill('SIGKILL');
    // Its child, the node, notices the closed IPC channel and exits: the port is free again.
    await until('the node gone', () => client.getChainId().then(() => 'up', () => 'down'), (v) => v === 'down', 15_000);
  }, 60_000);
});
