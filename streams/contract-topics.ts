// Topic names built from a market, typed as the socket layer names them.
import type { PriceRecordTopic } from './contract.ts';

export const priceRecordTopic = (market: string): PriceRecordTopic => `priceRecord@${market}`;
