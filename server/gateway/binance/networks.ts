// What Binance's wallet endpoints say about each coin's networks (capital/config/getall's networkList), with
// Binance's network ids so ccxt maps them to its network codes (ETH → ERC20, BSC → BEP20…). The coins and their
// native networks are server/wallet/coins.ts. A network the chain handles for the coin (WalletChain.rules(): ETH
// and USDT on ETH, BTC on BTC) answers the chain's configuration: deposits and withdrawals enabled as the network
// is, its fee, minimum, step (withdrawIntegerMultiple: 10^-withdrawDecimals), deposit minimum and confirmations.
// Every other network (and every network when the server runs without custody) answers deposits and withdrawals
// disabled, with no fee or limit, and the spec's deposit rules (§9: at least 0.001 of the coin, 12 confirmations).
import { DECIMALS, formatDecimal } from '../../kernel/index.ts';
import { COINS, type CoinInfo } from '../../wallet/coins.ts';
import type { AssetRule, NetworkInfo } from '../../wallet/ports.ts';
import { minimum } from '../../wallet/rules.ts';

export { COINS, type CoinInfo };

/** The spec's deposit rules (§9), in Binance's fields. */
const MIN_DEPOSIT = '0.001';
const CONFIRMATIONS = 12;
/** No per-withdrawal maximum beyond the daily limit (server/wallet/README.md), which is per account, not per coin. */
const WITHDRAW_MAX = '9999999999';

const plain = (v: bigint) => formatDecimal(v, DECIMALS, true);

/** 10^-d as text: 8 → "0.00000001", 6 → "0.000001", 0 → "1". */
export const integerMultiple = (decimals: number): string => (decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`);

/** One entry of a coin's `networkList` in Binance's shape; `chain` when the exchange deposits and withdraws it. */
export function networkEntry(coin: string, network: { id: string; name: string }, isDefault: boolean, chain?: { rule: AssetRule; info: NetworkInfo }) {
  const rule = chain?.rule;
  const info = chain?.info;
  const depositEnable = info?.depositEnabled ?? false;
  const withdrawEnable = info?.withdrawEnabled ?? false;
  return {
    network: network.id,
    coin,
    name: info?.name ?? network.name,
    isDefault,
    depositEnable,
    withdrawEnable,
    depositDesc: depositEnable ? '' : chain === undefined ? 'Deposits are not available yet.' : 'Deposits on this network are suspended.',
    withdrawDesc: withdrawEnable ? '' : chain === undefined ? 'Withdrawals are not available yet.' : 'Withdrawals on this network are suspended.',
    specialTips: '',
    specialWithdrawTips: '',
    withdrawIntegerMultiple: integerMultiple(rule?.withdrawDecimals ?? DECIMALS),
    withdrawFee: rule === undefined ? '0' : plain(rule.withdrawFee),
    withdrawMin: rule === undefined ? '0' : plain(minimum(rule)),
    withdrawMax: rule === undefined ? '0' : WITHDRAW_MAX,
    withdrawInternalMin: '0',
    depositDust: rule === undefined ? MIN_DEPOSIT : plain(rule.minDeposit),
    minConfirm: info?.confirmations ?? CONFIRMATIONS,
    unLockConfirm: 0,
    sameAddress: false,
    withdrawTag: false,
    resetAddressStatus: false,
    estimatedArrivalTime: 0,
    busy: false,
    ...(rule === undefined ? {} : { contractAddress: rule.contract ?? '', contractAddressUrl: '' }),
  };
}
