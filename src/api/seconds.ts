// Seconds contract and price record calls (/app/seconds/*, /app/priceRecord/*): queries are GET with query
// parameters, actions POST with a JSON body, replies in the app's envelope. Commands go over HTTP, never the socket;
// the live lists come from the stream layer, which reads its seeds here too.
import {
  SECONDS_PATHS, type PriceRecordEntry, type SecondsConfigItem, type SecondsContractItem, type SecondsHistoryQuery, type SecondsPlaceRequest,
  type SecondsScheduleRequest,
} from '../contract.ts';
import { parsePriceRecordEntries, parseSecondsConfig, parseSecondsContract, parseSecondsContracts, type SecondsSeed } from '../../streams/index.ts';
import { api, type CallOptions } from './index.ts';

/** Settled contracts the seed reads (the history tab's first page). */
export const SECONDS_HISTORY_PAGE = 100;

export const fetchSecondsConfig = (options?: CallOptions): Promise<SecondsConfigItem[]> => api.get(SECONDS_PATHS.config, parseSecondsConfig, undefined, options);
export const placeSeconds = (req: SecondsPlaceRequest, options?: CallOptions): Promise<SecondsContractItem> =>
  api.post(SECONDS_PATHS.place, parseSecondsContract, req, options);
export const scheduleSeconds = (req: SecondsScheduleRequest, options?: CallOptions): Promise<SecondsContractItem> =>
  api.post(SECONDS_PATHS.schedule, parseSecondsContract, req, options);
export const cancelScheduledSeconds = (id: string, options?: CallOptions): Promise<SecondsContractItem> =>
  api.post(SECONDS_PATHS.cancelScheduled, parseSecondsContract, { id }, options);
export const fetchSecondsPending = (options?: CallOptions): Promise<SecondsContractItem[]> => api.get(SECONDS_PATHS.pending, parseSecondsContracts, undefined, options);
export const fetchSecondsHolding = (options?: CallOptions): Promise<SecondsContractItem[]> => api.get(SECONDS_PATHS.holding, parseSecondsContracts, undefined, options);
export const fetchSecondsHistory = (query: SecondsHistoryQuery = {}, options?: CallOptions): Promise<SecondsContractItem[]> =>
  api.get(SECONDS_PATHS.history, parseSecondsContracts, { ...query }, options);
export const fetchSecondsDetail = (id: string, options?: CallOptions): Promise<SecondsContractItem> =>
  api.get(SECONDS_PATHS.detail, parseSecondsContract, { id }, options);

// The public record.
export const fetchPriceRecordRange = (market: string, from: number, to: number, options?: CallOptions): Promise<PriceRecordEntry[]> =>
  api.get(SECONDS_PATHS.priceRecordRange, parsePriceRecordEntries, { market, from, to }, options);
export const fetchPriceRecordHead = (market: string, options?: CallOptions): Promise<PriceRecordEntry[]> =>
  api.get(SECONDS_PATHS.priceRecordHead, parsePriceRecordEntries, { market }, options);
export interface SettlementsPage {
  list: SecondsContractItem[];
  /** More in the range than this reply holds: ask again after the last id. */
  more: boolean;
}
const parseSettlementsPage = (v: unknown): SettlementsPage | null => {
  const list = parseSecondsContracts(v);
  if (list === null) return null;
  return { list, more: typeof v === 'object' && v !== null && 'more' in v && v.more === true };
};
export const fetchSettlementsPage = (from: number, to: number, afterId: string | null, options?: CallOptions): Promise<SettlementsPage> =>
  api.get(SECONDS_PATHS.settlements, parseSettlementsPage, { from, to, ...(afterId === null ? {} : { afterId }) }, options);
/** Every settled contract delivered in [from, to], page after page. */
export async function fetchSettlements(from: number, to: number, options?: CallOptions): Promise<SecondsContractItem[]> {
  const out: SecondsContractItem[] = [];
  let afterId: string | null = null;
  for (;;) {
    const page: SettlementsPage = await fetchSettlementsPage(from, to, afterId, options);
    out.push(...page.list);
    const last = page.list.at(-1);
    if (!page.more || last === undefined) return out;
    afterId = last.id;
  }
}

// The stream layer's seeds (no notice on a failed read: the layer retries).
export const loadSecondsConfig = (signal: AbortSignal): Promise<readonly SecondsConfigItem[]> => fetchSecondsConfig({ signal, notify: false });
export const loadPriceRecordHead = (market: string, signal: AbortSignal): Promise<readonly PriceRecordEntry[]> => fetchPriceRecordHead(market, { signal, notify: false });
export async function loadSecondsContracts(signal: AbortSignal): Promise<SecondsSeed> {
  const call = { signal, notify: false };
  const [pending, holding, history] = await Promise.all([
    fetchSecondsPending(call),
    fetchSecondsHolding(call),
    fetchSecondsHistory({ pageIndex: 1, pageSize: SECONDS_HISTORY_PAGE }, call),
  ]);
  return { pending, holding, history };
}
