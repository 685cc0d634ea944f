// A real EVM for the chain tests: Hardhat 3's EDR in-process (no port, blocks mined on demand) with the test USDT of
// server/chain/fixtures deployed on it and minted to the first funded accounts.
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { createWalletClient, custom, type EIP1193Provider, type PublicClient, type WalletClient } from 'viem';
import { ERC20_ABI, evmClient } from '../../../server/chain/evm-watcher.ts';
import usdtFixture from '../../../server/chain/fixtures/test-usdt.json' with { type: 'json' };

export interface Edr {
  provider: EIP1193Provider;
  client: PublicClient;
  wallet: WalletClient;
  /** Hardhat's funded test accounts (unlocked). */
  accounts: `0x${string}`[];
  usdt: `0x${string}`;
  mine(blocks: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  sendEth(to: string, wei: bigint, from?: number): Promise<`0x${string}`>;
  sendUsdt(to: string, units: bigint, from?: number): Promise<`0x${string}`>;
  close(): Promise<void>;
}

export async function openEdr(): Promise<Edr> {
  const hre = await createHardhatRuntimeEnvironment({ networks: { local: { type: 'edr-simulated', chainId: 31337 } } });
  const connection = await hre.network.connect('local');
  const provider = connection.provider as unknown as EIP1193Provider;
  const client = evmClient(provider);
  const wallet = createWalletClient({ transport: custom(provider) });
  const accounts = (await provider.request({ method: 'eth_accounts' })) as `0x${string}`[];
  const deploy = await wallet.deployContract({
    account: accounts[0]!, chain: null, abi: usdtFixture.abi, bytecode: usdtFixture.bytecode as `0x${string}`,
  });
  const receipt = await client.waitForTransactionReceipt({ hash: deploy, pollingInterval: 10 });
  const usdt = receipt.contractAddress!;
  for (const a of accounts.slice(0, 4)) {
    const h = await wallet.writeContract({ account: accounts[0]!, chain: null, address: usdt, abi: ERC20_ABI, functionName: 'mint', args: [a, 10n ** 15n] });
    await client.waitForTransactionReceipt({ hash: h, pollingInterval: 10 });
  }
  return {
    provider, client, wallet, accounts, usdt,
    // One evm_mine per block: hardhat_mine of more than a few blocks "reserves" the middle ones, and EDR (0.22)
    // serves those with a parent hash of zero, a chain no watcher could follow.
    async mine(blocks) {
      for (let i = 0; i < blocks; i++) await provider.request({ method: 'evm_mine' } as never);
    },
    async snapshot() {
      return (await provider.request({ method: 'evm_snapshot' } as never)) as string;
    },
    async revert(id) {
      await provider.request({ method: 'evm_revert', params: [id] } as never);
    },
    async sendEth(to, wei, from = 1) {
      return wallet.sendTransaction({ account: accounts[from]!, chain: null, to: to as `0x${string}`, value: wei });
    },
    async sendUsdt(to, units, from = 1) {
      return wallet.writeContract({ account: accounts[from]!, chain: null, address: usdt, abi: ERC20_ABI, functionName: 'transfer', args: [to as `0x${string}`, units] });
    },
    close: () => connection.close(),
  };
}
