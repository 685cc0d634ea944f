// Demo coin profiles: where the simulator starts and how much it moves. Starting prices are near the levels of
// early 2026 so a fresh install looks like a real market; vols are rough realised annual volatilities.

export interface CoinProfile {
  /** Starting price in the quote currency, as decimal text. */
  readonly start: string;
  /** Annualised volatility of log returns (0.5 = 50 %); 0 keeps the price fixed (stablecoins). */
  readonly vol: number;
}

export const COIN_PROFILES: Readonly<Record<string, CoinProfile>> = Object.freeze({
  BTC: { start: '95000', vol: 0.5 },
  ETH: { start: '3300', vol: 0.65 },
  SOL: { start: '140', vol: 0.9 },
  BNB: { start: '900', vol: 0.55 },
  XRP: { start: '2.1', vol: 0.8 },
  DOGE: { start: '0.15', vol: 1.0 },
  ADA: { start: '0.42', vol: 0.85 },
  TRX: { start: '0.29', vol: 0.45 },
  LTC: { start: '85', vol: 0.7 },
  DOT: { start: '2.3', vol: 0.85 },
  LINK: { start: '14', vol: 0.85 },
  AVAX: { start: '14', vol: 0.9 },
  USDC: { start: '1', vol: 0 },
});
