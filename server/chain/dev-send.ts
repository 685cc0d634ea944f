// Sends test coins to a deposit address on the embedded local chain (or any Hardhat-style dev chain whose first
// account is Hardhat's funded test account), to watch a deposit get credited:
//   node server/chain/dev-send.ts --to 0xYOUR_DEPOSIT_ADDRESS --asset ETH --amount 0.5
//   node server/chain/dev-send.ts --to 0xYOUR_DEPOSIT_ADDRESS --asset USDT --amount 250 [--rpc http://127.0.0.1:8545] [--usdt 0x…]
// The coins come from a fresh account funded for the purpose (local-chain.ts says why). Never on a real network:
// it refuses a chain id other than the local chain's unless --any-chain is given.
import { parseArgs } from 'node:util';
import { evmClient } from './evm-watcher.ts';
import { LOCAL_CHAIN_ID, sendTestDeposit } from './local-chain.ts';
import { isValidAddress } from './networks.ts';

const USAGE = 'usage: node server/chain/dev-send.ts --to ADDRESS --asset ETH|USDT --amount X [--rpc URL] [--usdt CONTRACT] [--any-chain]';

export interface DevSendArgs {
  to: `0x${string}`;
  asset: 'ETH' | 'USDT';
  amount: string;
  rpc: string;
  usdt: `0x${string}` | undefined;
  anyChain: boolean;
}

/** The command line → what to send; throws with the usage when something is wrong. */
export function parseDevSendArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): DevSendArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      to: { type: 'string' },
      asset: { type: 'string', default: 'ETH' },
      amount: { type: 'string' },
      rpc: { type: 'string', default: `http://127.0.0.1:${env['LOCAL_CHAIN_PORT']?.trim() || '8545'}` },
      usdt: { type: 'string' },
      'any-chain': { type: 'boolean', default: false },
    },
  });
  const to = values.to;
  const asset = values.asset?.toUpperCase();
  const amount = values.amount;
  if (to === undefined || !isValidAddress('ETH', to, 'mainnet')) throw new Error(`--to must be an Ethereum address\n${USAGE}`);
  if (asset !== 'ETH' && asset !== 'USDT') throw new Error(`--asset must be ETH or USDT\n${USAGE}`);
  const places = asset === 'ETH' ? 18 : 6;
  if (amount === undefined || !new RegExp(`^\\d{1,12}(\\.\\d{1,${places}})?$`).test(amount) || /^0+(\.0+)?$/.test(amount)) {
    throw new Error(`--amount must be a positive number with at most ${places} decimals\n${USAGE}`);
  }
  if (values.usdt !== undefined && !isValidAddress('ETH', values.usdt, 'mainnet')) throw new Error(`--usdt must be a contract address\n${USAGE}`);
  return { to: to as `0x${string}`, asset, amount, rpc: values.rpc!, usdt: values.usdt as `0x${string}` | undefined, anyChain: values['any-chain'] === true };
}

async function main(): Promise<void> {
  const a = parseDevSendArgs(process.argv.slice(2));
  const chainId = await evmClient(a.rpc)
    .getChainId()
    .catch((error: unknown) => {
      throw new Error(`no chain answers at ${a.rpc} (is the server running in the embedded mode?): ${(error as Error).message.split('\n')[0]}`);
    });
  if (chainId !== LOCAL_CHAIN_ID && !a.anyChain) throw new Error(`${a.rpc} is chain ${chainId}, not the local test chain (${LOCAL_CHAIN_ID})`);
  const sent = await sendTestDeposit({ rpcUrl: a.rpc, to: a.to, asset: a.asset, amount: a.amount, usdt: a.usdt });
  process.stdout.write(`sent ${a.amount} ${a.asset} to ${a.to} from ${sent.from}\ntransaction ${sent.txHash}\nit is credited after the confirmations (12 by default, a block a second on the local chain)\n`);
}

if (import.meta.main) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
