// The quantitative bots' calls (/app/quant/*, contract/quant.ts): queries are GET with query parameters, actions POST
// with a JSON body, replies in the app's envelope, parsed with the stream layer's parsers (the same bot views the
// `quant` topic carries). A refused call rejects with an ApiError whose message is the server's, in the user's
// language (the client sends the active locale); the live bot list comes from the stream layer (useQuantBots).
import {
  QUANT_PATHS, type QuantBacktestBody, type QuantBacktestResult, type QuantBotDetail, type QuantBotView, type QuantKind, type QuantStartBody,
  type QuantStrategy,
} from '../../contract.ts';
import { parseQuantBacktest, parseQuantBot, parseQuantBotDetail, parseQuantBotPage, parseQuantStrategies, type QuantPageOf } from '../../../streams/index.ts';
import { api, type CallOptions } from '../../api/index.ts';

/** The strategies with their limits (minimum investment in `quoteAsset`, ranges, defaults), one per kind. */
export const fetchStrategies = (options?: CallOptions): Promise<QuantStrategy[]> => api.get(QUANT_PATHS.strategies, parseQuantStrategies, undefined, options);

/** Starts a robot or a grid with the user's fund password; a repeated clientId answers the first bot. */
export const startBot = (body: QuantStartBody, options?: CallOptions): Promise<QuantBotView> => api.post(QUANT_PATHS.start, parseQuantBot, body, options);

/** Stops a bot: its orders cancelled (a grid's base sold at the market when `sellBase`; a robot's always), its funds back. */
export const stopBot = (botId: number, sellBase?: boolean, options?: CallOptions): Promise<QuantBotView> =>
  api.post(QUANT_PATHS.stop, parseQuantBot, sellBase === undefined ? { botId } : { botId, sellBase }, options);

export type QuantListStatus = 'running' | 'ended' | 'all';
export interface QuantListQuery {
  readonly status?: QuantListStatus;
  readonly kind?: QuantKind;
  readonly pageIndex?: number;
  readonly pageSize?: number;
}

/** The user's bots, newest first, a page at a time. */
export const listBots = (q: QuantListQuery = {}, options?: CallOptions): Promise<QuantPageOf<QuantBotView>> => {
  const query: Record<string, string | number> = { status: q.status ?? 'all', pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 };
  if (q.kind !== undefined) query.kind = q.kind;
  return api.get(QUANT_PATHS.list, parseQuantBotPage, query, options);
};

/** One bot with its open orders and its latest fills. */
export const botDetail = (botId: number, options?: CallOptions): Promise<QuantBotDetail> => api.get(QUANT_PATHS.detail, parseQuantBotDetail, { botId }, options);

/** A grid replayed over recorded history (public). */
export const runBacktest = (body: QuantBacktestBody, options?: CallOptions): Promise<QuantBacktestResult> =>
  api.post(QUANT_PATHS.backtest, parseQuantBacktest, body, options);

export type { QuantPageOf };
