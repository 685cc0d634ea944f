// What Binance's wallet endpoints say about each coin: its name and the chain it natively lives on, with Binance's
// network ids (so ccxt maps them to its network codes: ETH → ERC20, BSC → BEP20, TRX → TRC20…). There is no
// deposit or withdrawal path yet (server/chain doesn't exist), so every network answers deposit and withdrawal
// disabled, with no withdrawal fee or limit; the deposit rules are the spec's (§9: at least 0.001 of the coin,
// 12 confirmations). When the chain issue lands, these entries come from its configuration instead.

export interface CoinInfo {
  readonly name: string;
  /** Binance's network id and display name; the first is the default. */
  readonly networks: readonly { readonly id: string; readonly name: string }[];
}

const ERC20 = { id: 'ETH', name: 'Ethereum (ERC20)' } as const;

export const COINS: Readonly<Record<string, CoinInfo>> = Object.freeze({
  BTC: { name: 'Bitcoin', networks: [{ id: 'BTC', name: 'Bitcoin' }] },
  ETH: { name: 'Ethereum', networks: [ERC20] },
  SOL: { name: 'Solana', networks: [{ id: 'SOL', name: 'Solana' }] },
  BNB: { name: 'BNB', networks: [{ id: 'BSC', name: 'BNB Smart Chain (BEP20)' }] },
  XRP: { name: 'XRP', networks: [{ id: 'XRP', name: 'Ripple' }] },
  DOGE: { name: 'Dogecoin', networks: [{ id: 'DOGE', name: 'Dogecoin' }] },
  ADA: { name: 'Cardano', networks: [{ id: 'ADA', name: 'Cardano' }] },
  TRX: { name: 'TRON', networks: [{ id: 'TRX', name: 'Tron (TRC20)' }] },
  LTC: { name: 'Litecoin', networks: [{ id: 'LTC', name: 'Litecoin' }] },
  DOT: { name: 'Polkadot', networks: [{ id: 'DOT', name: 'Polkadot' }] },
  LINK: { name: 'Chainlink', networks: [ERC20] },
  AVAX: { name: 'Avalanche', networks: [{ id: 'AVAXC', name: 'AVAX C-Chain' }] },
  USDT: { name: 'TetherUS', networks: [ERC20] },
  USDC: { name: 'USD Coin', networks: [ERC20] },
});

/** The spec's deposit rules (§9), in Binance's fields. */
const MIN_DEPOSIT = '0.001';
const CONFIRMATIONS = 12;

/** One entry of a coin's `networkList` in Binance's shape: deposits and withdrawals off until server/chain exists. */
export function networkEntry(coin: string, network: { id: string; name: string }, isDefault: boolean) {
  return {
    network: network.id,
    coin,
    name: network.name,
    isDefault,
    depositEnable: false,
    withdrawEnable: false,
    depositDesc: 'Deposits are not available yet.',
    withdrawDesc: 'Withdrawals are not available yet.',
    specialTips: '',
    specialWithdrawTips: '',
    withdrawIntegerMultiple: '0.00000001',
    withdrawFee: '0',
    withdrawMin: '0',
    withdrawMax: '0',
    withdrawInternalMin: '0',
    depositDust: MIN_DEPOSIT,
    minConfirm: CONFIRMATIONS,
    unLockConfirm: 0,
    sameAddress: false,
    withdrawTag: false,
    resetAddressStatus: false,
    estimatedArrivalTime: 0,
    busy: false,
  };
}
