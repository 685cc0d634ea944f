// The public REST reads the seconds streams start from when the app hands in none: the duration table and a
// market's record head (enveloped replies), parsed before use.
import type { PriceRecordEntry, SecondsConfigItem } from '../contract.ts';
import { SECONDS_PATHS } from '../contract.ts';
import { parsePriceRecordEntries, parseSecondsConfig } from '../parse/seconds.ts';
import { RestError, type Http } from './http.ts';

export const secondsConfigReader =
  (http: Http) =>
  async (signal?: AbortSignal): Promise<readonly SecondsConfigItem[]> => {
    const list = parseSecondsConfig(await http.getEnvelope(SECONDS_PATHS.config, undefined, signal));
    if (list === null) throw new RestError('client.reply', 'unexpected reply');
    return list;
  };

export const recordHeadReader =
  (http: Http) =>
  async (market: string, signal?: AbortSignal): Promise<readonly PriceRecordEntry[]> => {
    const list = parsePriceRecordEntries(await http.getEnvelope(SECONDS_PATHS.priceRecordHead, { market }, signal));
    if (list === null) throw new RestError('client.reply', 'unexpected reply');
    return list;
  };
