// Custody (issue 22): what the server runs so users can deposit and withdraw. Started by server.ts when asked
// (main.ts always asks; tests ask when they need a chain), in this order:
//   1. the keys: the operator's extended public keys (WALLET_ETH_XPUB, WALLET_BTC_XPUB, WALLET_HOT_ADDRESS), or, on
//      the very first start, a test-network wallet whose seed is written outside the data folder (chain/keys.ts).
//      This process keeps only the public parts.
//   2. the chain: deposit addresses and the watchers (chain/index.ts); with EVM_RPC_URL unset, a local Hardhat
//      chain. Final deposits are credited through the spot desk (desks.spot.deposit), once per (network, tx, index).
//   3. the signer: a separate process (chain/signer/) that alone reads the hot key, signs approved withdrawals and
//      broadcasts them; it talks to the rest through the store only (approved withdrawals in, transactions out).
//   4. the wallet's lifecycle job (wallet/jobs.ts): finishes applications, settles signed withdrawals through the
//      desk, follows confirmations.
import { systemClock, type Clock } from './clock.ts';
import type { Desks } from './desks/index.ts';
import type { Messages } from './i18n/messages.ts';
import type { Notifier } from './notify/notifier.ts';
import type { Store } from './store/index.ts';
import type { ChainConfig } from './chain/config.ts';
import { startChain, type RunningChain, type WalletChain } from './chain/index.ts';
import { defaultSeedFile, ensureWallet, type PublicWallet } from './chain/keys.ts';
import { startSignerProcess, type SignerProcess } from './chain/signer/process.ts';
import { startWalletJobs, type WalletJobs } from './wallet/jobs.ts';
import type { EIP1193Provider } from 'viem';

export interface CustodyOptions {
  /** The chain settings (chain/config.ts loadChainConfig). */
  readonly config: ChainConfig;
  /** The operator's public keys (chain/keys.ts operatorKeysFromEnv); null or absent: the generated wallet's. */
  readonly operatorKeys?: PublicWallet | null | undefined;
  /** The generated wallet's seed file, outside the data folder (default ./wallet-secrets/hot-wallet.json). */
  readonly seedFile?: string | undefined;
  /** The signer's key file (SIGNER_KEY_FILE); default the seed file. */
  readonly signerKeyFile?: string | undefined;
  /** Run the signer as a child process (default true; it needs an RPC URL: a test provider has none). */
  readonly signer?: boolean | undefined;
  /** The signer's poll interval (ms; default its own). */
  readonly signerPollMs?: number | undefined;
  /** The wallet job's poll interval (ms; default its own). */
  readonly walletPollMs?: number | undefined;
  /** Tests: an in-process EIP-1193 provider (Hardhat EDR) and its USDT contract, in place of an RPC URL. */
  readonly evmProvider?: EIP1193Provider | undefined;
  readonly usdtContract?: `0x${string}` | undefined;
}

export interface CustodyDeps {
  readonly store: Store;
  readonly clock?: Clock | undefined;
  readonly desks: Desks;
  /** The anti-phishing notifier: users are told of their withdrawals. */
  readonly notifier: Notifier;
  readonly messages: Messages;
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /** Errors of the background parts (logged; they retry). */
  readonly log: (error: unknown, what: string) => void;
  /** Progress lines (the wallet created, the local chain's address, the signer's lines). */
  readonly info: (line: string) => void;
}

export interface Custody {
  readonly chain: WalletChain;
  readonly keys: PublicWallet;
  readonly evm: RunningChain['evm'];
  /** One poll of the watchers and one pass of the wallet job, now (tests). */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCustody(deps: CustodyDeps, o: CustodyOptions): Promise<Custody> {
  const clock = deps.clock ?? systemClock;
  const seedFile = o.seedFile ?? defaultSeedFile();
  const keys = o.operatorKeys ?? (await ensureWallet({ seedFile, btcNetwork: o.config.btc.network, log: deps.info }));
  const running = await startChain({
    store: deps.store,
    clock,
    config: o.config,
    xpubs: { eth: keys.ethXpub, btc: keys.btcXpub },
    hotAddress: keys.hotAddress,
    credit: (req) => deps.desks.spot.deposit(req),
    log: (error: unknown, what?: string) => deps.log(error, what ?? 'chain watcher'),
    info: deps.info,
    ...(o.evmProvider === undefined ? {} : { evmProvider: o.evmProvider }),
    ...(o.usdtContract === undefined ? {} : { usdtContract: o.usdtContract }),
  });
  let signer: SignerProcess | null = null;
  const rpcUrl = running.evm.rpcUrl;
  if ((o.signer ?? true) && rpcUrl !== null) {
    signer = startSignerProcess({
      env: {
        ...(deps.databaseUrl === undefined ? { DATA_DIR: deps.dataDir, DATABASE_URL: undefined } : { DATABASE_URL: deps.databaseUrl }),
        EVM_RPC_URL: rpcUrl,
        EVM_CHAIN_ID: String(running.evm.chainId),
        EVM_CONFIRMATIONS: String(o.config.evm.confirmations),
        USDT_CONTRACT: running.evm.usdt ?? undefined,
        SIGNER_KEY_FILE: o.signerKeyFile ?? seedFile,
        SIGNER_POLL_MS: o.signerPollMs === undefined ? undefined : String(o.signerPollMs),
      },
      log: (line) => deps.info(`signer: ${line}`),
    });
  }
  const jobs: WalletJobs = startWalletJobs({
    store: deps.store,
    clock,
    desks: deps.desks,
    notifier: deps.notifier,
    messages: deps.messages,
    ...(o.walletPollMs === undefined ? {} : { pollMs: o.walletPollMs }),
    onError: (error) => deps.log(error, 'wallet job'),
  });
  let stopping: Promise<void> | null = null;
  return {
    chain: running.chain,
    keys,
    evm: running.evm,
    async pollNow() {
      await running.pollNow();
      await jobs.tick();
    },
    stop: () =>
      (stopping ??= (async () => {
        await jobs.stop();
        await signer?.stop();
        await running.stop();
      })()),
  };
}
