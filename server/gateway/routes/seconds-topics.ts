// The seconds contracts' WebSocket topics on /ws (contract/seconds.ts): `secondsContracts` (private: the user's
// contract after any change) and `priceRecord@SYMBOL` (public: each new durable entry of the market's record).
import { SECONDS_TOPIC, type PriceRecordTopic } from '../../contract/seconds.ts';

export type SecondsTopic = typeof SECONDS_TOPIC | PriceRecordTopic;

const PRICE_RECORD = /^priceRecord@[A-Z0-9]{2,20}$/;

export function isSecondsTopic(value: string): value is SecondsTopic {
  return value === SECONDS_TOPIC || PRICE_RECORD.test(value);
}

export const isPriceRecordTopic = (value: string): value is PriceRecordTopic => PRICE_RECORD.test(value);
