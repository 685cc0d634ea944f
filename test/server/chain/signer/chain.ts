// Test chains for the signer: Hardhat's simulated network in-process (EDR), or `hardhat node` as a child process
// on a loopback port (for a signer that runs as its own process and reads EVM_RPC_URL). Plus the test USDT (the
// chain helper's compiled fixture), approved withdrawals through the wallet's own repository, and a silent log.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import {
  createPublicClient, createTestClient, createWalletClient, custom, http, type Abi, type EIP1193Provider, type Hex, type PublicClient,
  type TestClient, type Transport, type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Store } from '../../../../server/store/index.ts';

/** Hardhat's first funded test account (its well-known development key). */
export const FUNDER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const CHAIN_ID = 31337;
export const REPO = join(import.meta.dirname, '..', '..', '..', '..');

const fixture = JSON.parse(readFileSync(join(REPO, 'server', 'chain', 'fixtures', 'test-usdt.json'), 'utf8')) as { abi: Abi; bytecode: Hex };
export const USDT_ABI = fixture.abi;

export interface TestChain {
  readonly client: PublicClient;
  readonly test: TestClient;
  readonly funder: WalletClient;
  close(): Promise<void>;
}

function clients(transport: Transport): Omit<TestChain, 'close'> {
  return {
    client: createPublicClient({ transport, cacheTime: 0 }) as PublicClient,
    test: createTestClient({ mode: 'hardhat', transport }) as TestClient,
    funder: createWalletClient({ account: privateKeyToAccount(FUNDER_KEY), transport }),
  };
}

/** Hardhat's simulated network in this process. */
export async function openEdr(): Promise<TestChain> {
  const hre = await createHardhatRuntimeEnvironment({ networks: { local: { type: 'edr-simulated', chainId: CHAIN_ID } } });
  const connection = await hre.network.connect('local');
  return { ...clients(custom(connection.provider as EIP1193Provider)), close: () => connection.close() };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface HardhatNode extends TestChain {
  readonly url: string;
}

/** `hardhat node` as a child process on a free loopback port (not through npx: killing npx would orphan it). */
export async function startHardhatNode(): Promise<HardhatNode> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(REPO, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js'), '--config', join(import.meta.dirname, 'hardhat.config.ts'), 'node', '--port', String(port), '--hostname', '127.0.0.1'],
    { cwd: REPO, env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const c = clients(http(url, { retryCount: 0 }));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited: ${output}`);
    try {
      if ((await c.client.getChainId()) === CHAIN_ID) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`hardhat node did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ...c,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

/** Deploys the test USDT (6 decimals, open mint) and returns its address. */
export async function deployUsdt(chain: TestChain): Promise<`0x${string}`> {
  const account = chain.funder.account!;
  const hash = await chain.funder.deployContract({ abi: USDT_ABI, bytecode: fixture.bytecode, account, chain: null });
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.contractAddress === null || receipt.contractAddress === undefined) throw new Error('no contract address');
  return receipt.contractAddress;
}

export async function mintUsdt(chain: TestChain, token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<void> {
  const hash = await chain.funder.writeContract({ address: token, abi: USDT_ABI, functionName: 'mint', args: [to, amount], account: chain.funder.account!, chain: null });
  await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

export async function usdtBalance(chain: TestChain, token: `0x${string}`, of: `0x${string}`): Promise<bigint> {
  return (await chain.client.readContract({ address: token, abi: USDT_ABI, functionName: 'balanceOf', args: [of] })) as bigint;
}

/** An approved withdrawal through the wallet's repository (as if applied, held and approved by an operator). */
export async function approvedWithdrawal(
  store: Store,
  w: { asset: 'ETH' | 'USDT'; address: string; amount: bigint; fee: bigint; user?: number; now?: number },
): Promise<number> {
  const now = w.now ?? 1_700_000_000_000;
  const id = await store.wallet.insert({
    user: w.user ?? 10000001, asset: w.asset, network: 'ETH', address: w.address, amount: w.amount, fee: w.fee, valueUsdt: 0n,
    clientId: null, via: 'app', now,
  });
  if (!(await store.wallet.transition(id, ['applying'], 'approved', now))) throw new Error('could not approve');
  return id;
}

/** Every transaction the chain holds from `from`, block by block (the count a double send would raise). */
export async function transactionsFrom(client: PublicClient, from: `0x${string}`): Promise<Array<{ hash: Hex; nonce: number; to: string | null; block: bigint }>> {
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const out: Array<{ hash: Hex; nonce: number; to: string | null; block: bigint }> = [];
  for (let n = 0n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() === from.toLowerCase()) out.push({ hash: tx.hash, nonce: tx.nonce, to: tx.to, block: n });
    }
  }
  return out;
}

export const ETHER = 10n ** 18n;
/** Ledger units of `n` whole coins (8 decimals). */
export const coins = (n: number | string) => {
  const [i, f = ''] = String(n).split('.');
  return BigInt(i!) * 100_000_000n + BigInt(f.padEnd(8, '0'));
};
