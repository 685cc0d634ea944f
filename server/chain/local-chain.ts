// The embedded mode's Ethereum: with EVM_RPC_URL unset the server runs a local test chain (local-node.ts, Hardhat's
// simulated network) as a child process on 127.0.0.1, deploys the test USDT there (fixtures/test-usdt.json: 6
// decimals, an open mint), and funds the hot wallet with test ETH and USDT from Hardhat's funded accounts, so a fresh
// `npm start` has deposits and withdrawals that work. The chain is in memory and starts empty each time: the
// watcher sees a new genesis and starts over (watcher.ts); deposits already credited stay credited.
//
// sendTestDeposit (used by dev-send.ts and the tests) sends test coins to an address from a FRESH random account
// that a funded account first pays: each deposit then has a transaction hash never seen before, even on a chain
// restarted from scratch (the same funded account would sign the same first transactions again, with the same
// hashes, and the second life's deposits would look like the first life's, already credited).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createWalletClient, getAddress, getContractAddress, http, parseUnits, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import usdtFixture from './fixtures/test-usdt.json' with { type: 'json' };
import { ERC20_ABI, evmClient } from './evm-watcher.ts';
import { LOCAL_CHAIN_ID } from './local-node.ts';
import type { ErrorLog } from './watcher.ts';

export { LOCAL_CHAIN_ID };

/** The first funded account of Hardhat's public test mnemonic: it deploys the test USDT as its first transaction. */
export const FUNDED_ACCOUNT: `0x${string}` = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** So the test USDT is always here on a fresh local chain. */
export const LOCAL_USDT: `0x${string}` = getContractAddress({ from: FUNDED_ACCOUNT, nonce: 0n });
export const HOT_FUNDING = { eth: parseUnits('1000', 18), usdt: parseUnits('1000000', 6) };
const START_TIMEOUT_MS = 60_000;

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  usdt: `0x${string}`;
  stop(): Promise<void>;
}

export interface LocalChainOptions {
  /** 0: any free port. */
  port: number;
  hotAddress?: `0x${string}` | undefined;
  /** An empty block every this many ms (default 1000). */
  blockMs?: number;
  log: ErrorLog;
}

export async function startLocalChain(o: LocalChainOptions): Promise<LocalChain> {
  const script = join(import.meta.dirname, 'local-node.ts');
  const child = spawn(process.execPath, [script, '--port', String(o.port), '--block-ms', String(o.blockMs ?? 1000)], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Hardhat looks for the project's package.json from its working folder: run it in the repository, whatever
    // folder the server was started from.
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: '1' },
  });
  // The channel only tells the child when we are gone; it must not keep this process alive.
  child.channel?.unref();
  child.unref();
  let rpcUrl: string;
  try {
    rpcUrl = await listening(child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const client = evmClient(rpcUrl);
  try {
    // Hardhat logs every mined block; the server doesn't need that.
    await client.request({ method: 'hardhat_setLoggingEnabled', params: [false] } as never);
    const usdt = await deployTestUsdt(client, rpcUrl);
    if (o.hotAddress !== undefined) await fund(client, rpcUrl, usdt, o.hotAddress);
    let stopping = false;
    child.once('exit', (code, signal) => {
      if (!stopping) o.log(new Error(`the local chain stopped by itself (${signal ?? `code ${code}`}); restart the server to get a new one`), 'local chain');
    });
    return {
      rpcUrl, chainId: LOCAL_CHAIN_ID, usdt,
      stop: () => {
        stopping = true;
        return stopChild(child);
      },
    };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`the local chain did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      reject(error);
    };
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    child.stdout?.on('data', (chunk: string) => {
      out = (out + chunk).slice(-4000);
      const m = /JSON-RPC server at (http:\/\/[0-9.]+:\d+)\//.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        // From here on its output is drained and dropped (a paused pipe would stall the node).
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(m[1]!);
      }
    });
    child.once('exit', (code, signal) => {
      const text = err || out;
      if (/EADDRINUSE/.test(text)) {
        fail(new Error(`the local chain could not listen: its port is taken (another node running?); set LOCAL_CHAIN_PORT to a free port`));
        return;
      }
      const reason = text.split('\n').find((l) => /error/i.test(l))?.trim() ?? text.trim().split('\n').slice(-3).join(' ');
      fail(new Error(`the local chain exited (${signal ?? `code ${code}`}) before listening: ${reason}`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function sendAndWait(client: PublicClient, hash: Hex): Promise<void> {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

/** Deploys the test USDT from the first funded account (its first transaction on a fresh chain: LOCAL_USDT). */
export async function deployTestUsdt(client: PublicClient, rpcUrl: string): Promise<`0x${string}`> {
  const wallet = createWalletClient({ transport: http(rpcUrl) });
  const hash = await wallet.deployContract({ account: FUNDED_ACCOUNT, chain: null, abi: usdtFixture.abi, bytecode: usdtFixture.bytecode as Hex });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success' || receipt.contractAddress == null) throw new Error('deploying the test USDT failed');
  return getAddress(receipt.contractAddress);
}

async function fund(client: PublicClient, rpcUrl: string, usdt: `0x${string}`, to: `0x${string}`): Promise<void> {
  const wallet = createWalletClient({ transport: http(rpcUrl) });
  await sendAndWait(client, await wallet.sendTransaction({ account: FUNDED_ACCOUNT, chain: null, to, value: HOT_FUNDING.eth }));
  await sendAndWait(client, await wallet.writeContract({ account: FUNDED_ACCOUNT, chain: null, address: usdt, abi: ERC20_ABI, functionName: 'mint', args: [to, HOT_FUNDING.usdt] }));
}

export interface TestDeposit {
  rpcUrl: string;
  to: `0x${string}`;
  asset: 'ETH' | 'USDT';
  /** Decimal text in the coin (ETH up to 18 places, USDT up to 6). */
  amount: string;
  /** The test USDT (default: where the local chain deploys it). */
  usdt?: `0x${string}`;
}

/** Sends test coins to `to` from a fresh account; resolves with the deposit's transaction hash once mined. */
export async function sendTestDeposit(d: TestDeposit): Promise<{ txHash: Hex; from: `0x${string}` }> {
  const client = evmClient(d.rpcUrl);
  const chainId = await client.getChainId();
  const funded = createWalletClient({ transport: http(d.rpcUrl) });
  const sender = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account: sender, transport: http(d.rpcUrl) });
  const chain = { id: chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [d.rpcUrl] } } };
  const gasMoney = parseUnits('0.01', 18);
  let hash: Hex;
  if (d.asset === 'ETH') {
    const value = parseUnits(d.amount, 18);
    await sendAndWait(client, await funded.sendTransaction({ account: FUNDED_ACCOUNT, chain: null, to: sender.address, value: value + gasMoney }));
    hash = await wallet.sendTransaction({ chain, to: d.to, value });
  } else {
    const usdt = d.usdt ?? LOCAL_USDT;
    if ((await client.getCode({ address: usdt })) === undefined) throw new Error(`no contract at ${usdt}: is this the local chain? (pass --usdt)`);
    const value = parseUnits(d.amount, 6);
    await sendAndWait(client, await funded.sendTransaction({ account: FUNDED_ACCOUNT, chain: null, to: sender.address, value: gasMoney }));
    await sendAndWait(client, await funded.writeContract({ account: FUNDED_ACCOUNT, chain: null, address: usdt, abi: ERC20_ABI, functionName: 'mint', args: [sender.address, value] }));
    hash = await wallet.writeContract({ chain, address: usdt, abi: ERC20_ABI, functionName: 'transfer', args: [d.to, value] });
  }
  await sendAndWait(client, hash);
  return { txHash: hash, from: sender.address };
}
