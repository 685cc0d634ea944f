// Each coin's name and the networks it natively lives on, with Binance's network ids (so ccxt maps them to its
// network codes: ETH → ERC20, BSC → BEP20, TRX → TRC20…). The wallet's asset list and Binance's capital endpoints
// (gateway/binance/networks.ts) read it. Which of these the exchange deposits and withdraws automatically is the
// chain's configuration (WalletChain.rules()): USDT, BTC and ETH; the others are handled by customer service.

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

/** The coins credited automatically when the chain runs (the spec); every other coin is "contact customer service". */
export const AUTO_DEPOSIT_COINS: readonly string[] = ['USDT', 'BTC', 'ETH'];
