// The withdrawal signer as its own process: `node server/chain/signer/main.ts`. It is the only process that reads
// the hot key. Environment:
//   DATA_DIR or DATABASE_URL   the exchange's store, as the server reads them (server/config.ts)
//   EVM_RPC_URL                the Ethereum node (required); EVM_CHAIN_ID, EVM_CONFIRMATIONS, USDT_CONTRACT as the
//                              server reads them (server/chain/config.ts)
//   SIGNER_KEY_FILE            the wallet file with the hot key (default ./wallet-secrets/hot-wallet.json): the
//                              first start's mnemonic, or an operator's {"privateKey": "0x…"}; mode 0600
//   SIGNER_POLL_MS             how often it looks for approved withdrawals and receipts (default 3000)
//   SIGNER_CRASH_AT            tests only: after-prepare | after-sign | after-record | after-broadcast, the step
//                              after which the process kills itself (SIGKILL); with SIGNER_CRASH_MARK=<file> only
//                              the first time (the file is created then)
// It logs one line per event to stdout, stops cleanly on SIGTERM or SIGINT (the pass in progress finishes, the
// lease is given back), and, started by process.ts, when its parent goes away.
import { existsSync, writeFileSync } from 'node:fs';
import { createPublicClient, http, webSocket, type PublicClient } from 'viem';
import { systemClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { createStore, type Store } from '../../store/index.ts';
import { loadChainConfig } from '../config.ts';
import { defaultSeedFile, loadHotKey } from '../keys.ts';
import { ASSET_DEFAULTS } from '../networks.ts';
import type { EvmAssetRule } from './evm.ts';
import { CRASH_POINTS, EvmSigner, type CrashPoint } from './signer.ts';

export interface SignerSettings {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly rpcUrl: string;
  readonly chainId: number | undefined;
  readonly confirmations: number;
  readonly usdtContract: `0x${string}` | undefined;
  readonly keyFile: string;
  readonly pollMs: number;
  readonly crashAt: CrashPoint | undefined;
  readonly crashMark: string | undefined;
}

export class SignerConfigError extends Error {
  override name = 'SignerConfigError';
}

export function signerSettingsFromEnv(env: NodeJS.ProcessEnv): SignerSettings {
  const config = loadConfig(env);
  const chain = loadChainConfig(env);
  if (chain.evm.rpcUrl === undefined) throw new SignerConfigError('EVM_RPC_URL is required: the node the signer broadcasts to');
  const pollRaw = env['SIGNER_POLL_MS']?.trim();
  const pollMs = pollRaw ? Number(pollRaw) : 3000;
  if (!Number.isInteger(pollMs) || pollMs < 10 || pollMs > 3_600_000) throw new SignerConfigError(`SIGNER_POLL_MS must be an integer from 10 to 3600000, got "${pollRaw}"`);
  const crashRaw = env['SIGNER_CRASH_AT']?.trim() || undefined;
  if (crashRaw !== undefined && !(CRASH_POINTS as readonly string[]).includes(crashRaw)) {
    throw new SignerConfigError(`SIGNER_CRASH_AT must be one of ${CRASH_POINTS.join(', ')}, got "${crashRaw}"`);
  }
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    rpcUrl: chain.evm.rpcUrl,
    chainId: chain.evm.chainId,
    confirmations: chain.evm.confirmations,
    usdtContract: chain.evm.usdtContract,
    keyFile: env['SIGNER_KEY_FILE']?.trim() || defaultSeedFile(),
    pollMs,
    crashAt: crashRaw as CrashPoint | undefined,
    crashMark: env['SIGNER_CRASH_MARK']?.trim() || undefined,
  };
}

function clientFor(url: string): PublicClient {
  const transport = /^wss?:/i.test(url) ? webSocket(url) : http(url);
  // No cached block number: the head decides confirmations.
  return createPublicClient({ transport, cacheTime: 0 }) as PublicClient;
}

export interface RunningSigner {
  readonly signer: EvmSigner;
  /** Settles when the signer stops: resolves after stop(), rejects if its lease was taken. */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** Opens the store and the node, loads the hot key, takes the lease and runs until stop(). */
export async function runSigner(s: SignerSettings, log: (line: string) => void): Promise<RunningSigner | null> {
  const key = await loadHotKey(s.keyFile);
  const client = clientFor(s.rpcUrl);
  const chainId = await client.getChainId();
  if (s.chainId !== undefined && s.chainId !== chainId) throw new SignerConfigError(`EVM_CHAIN_ID is ${s.chainId} but the node is on chain ${chainId}`);
  const store: Store = await createStore({ dataDir: s.dataDir, databaseUrl: s.databaseUrl, clock: systemClock });
  const assets: EvmAssetRule[] = [{ asset: 'ETH', chainDecimals: ASSET_DEFAULTS.ETH.chainDecimals, contract: null }];
  if (s.usdtContract !== undefined) assets.push({ asset: 'USDT', chainDecimals: ASSET_DEFAULTS.USDT.chainDecimals, contract: s.usdtContract });
  else log('USDT_CONTRACT is unset: USDT withdrawals wait until it is set');
  const crashAt = s.crashAt;
  const signer = new EvmSigner({
    store, client, key, chainId, assets, confirmations: s.confirmations, clock: systemClock, log,
    jobs: (limit) => store.wallet.approvedWithdrawals('ETH', limit),
    crash:
      crashAt === undefined
        ? undefined
        : (point, id) => {
            if (point !== crashAt) return;
            if (s.crashMark !== undefined) {
              if (existsSync(s.crashMark)) return;
              writeFileSync(s.crashMark, `${point} ${id}\n`);
            }
            log(`crash point ${point} reached for withdrawal ${id}: SIGKILL`);
            process.kill(process.pid, 'SIGKILL');
          },
  });
  let stopped = false;
  const started = await signer.start().catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  if (!started) {
    await store.close();
    return null;
  }
  const done = signer.run(s.pollMs);
  return {
    signer,
    done,
    async stop() {
      if (stopped) return;
      stopped = true;
      await signer.stop();
      await store.close();
    },
  };
}

if (import.meta.main) {
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} signer: ${line}\n`);
  let running: RunningSigner | null = null;
  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`${why}: stopping`);
    try {
      await running?.stop();
      process.exit(0);
    } catch (error) {
      log(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by process.ts with an IPC channel: the parent going away (even killed) closes it.
  if (process.send !== undefined) process.on('disconnect', () => void shutdown('the parent process is gone'));
  try {
    running = await runSigner(signerSettingsFromEnv(process.env), log);
    if (running === null || stopping) {
      await running?.stop();
      process.exit(0);
    }
    await running.done;
  } catch (error) {
    if (stopping) await new Promise(() => undefined);
    log(`fatal: ${error instanceof Error ? error.message : String(error)}`);
    await running?.stop().catch(() => undefined);
    process.exit(1);
  }
}
