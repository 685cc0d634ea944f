// Public contract routes: the markets (specification, brackets, mark, index and funding), a market's settled
// funding, and the insurance fund's balance with its movements.
import type { FastifyInstance } from 'fastify';
import {
  API, type ContractFundingHistoryReply, type ContractInsuranceFundReply, type ContractMarketItem, type ContractMarketsReply,
  type InsuranceFundItem, type InsuranceFundItemType,
} from '../../../contract/api.ts';
import { PERP_FEES } from '../../../desks/index.ts';
import { PRICE_BAND_BPS } from '../../../desks/perp/desk.ts';
import { fail } from '../../../errors.ts';
import type { PerpMarket } from '../../../kernel/index.ts';
import { parser } from '../../validate.ts';
import { paging } from '../spot/paging.ts';
import { codeName } from '../spot/views.ts';
import { live } from './codes.ts';
import { perpMarketOf, type ContractRouteDeps, type MarkCache } from './deps.ts';
import { fundMovements, type FundMovement } from './queries.ts';
import { FundingHistoryBody, PagedBody } from './schemas.ts';
import { bracketItems, dec, fundingItem, ppmPercent, ratePercent } from './views.ts';

const parseFunding = parser(FundingHistoryBody);
const parsePaged = parser(PagedBody);

const DEFAULT_FUNDING_LIMIT = 100;
/** The fund's history is public and reads the journal: a page is answered from memory for this long. */
const FUND_CACHE_MS = 2_000;
const FUND_CACHE_PAGES = 64;

const FUND_TYPES: Readonly<Record<string, InsuranceFundItemType>> = {
  'perp.liquidation': 'liquidation',
  'perp.funding': 'funding',
  'perp.trade': 'trade',
  'perp.adl': 'adl',
};

/** The market a journal reference names (perp:liquidation:BTCUSDT:…, perp:funding:BTCUSDT:…), or null. */
function refSymbol(ref: string): string | null {
  const symbol = ref.split(':')[2];
  return symbol !== undefined && /^[A-Z0-9]{2,20}$/.test(symbol) ? symbol : null;
}

const fundItem = (m: FundMovement): InsuranceFundItem => ({
  id: m.seq, time: m.time, type: FUND_TYPES[m.reason] ?? 'other', symbol: refSymbol(m.ref), amount: dec(m.amount), balance: dec(m.balance),
});

export function publicRoutes(app: FastifyInstance, deps: ContractRouteDeps, marks: MarkCache): void {
  const { trading, envelopes, store } = deps;
  const perp = trading.desks.perp;

  async function marketItem(pm: PerpMarket, status: { isOpen: number; maintenance: boolean } | undefined): Promise<ContractMarketItem> {
    const m = pm.market;
    const mark = marks.mark(pm.symbol) ?? (await store.perp.lastMark(pm.symbol))?.mark ?? null;
    const index = trading.indexPrice(pm.symbol);
    const funding = trading.perpFunding(pm.symbol);
    return {
      symbol: pm.symbol,
      codeName: codeName(pm.symbol),
      base: m.base,
      quote: m.quote,
      multiplier: dec(m.lotSize),
      tickSize: dec(m.tickSize),
      minQuantity: dec(BigInt(m.minQty) * m.lotSize),
      maxQuantity: dec(BigInt(m.maxQty) * m.lotSize),
      minNotional: dec(m.minNotional),
      maxNotional: dec(m.maxNotional),
      defaultLeverage: pm.defaultLeverage,
      maxLeverage: pm.brackets[0]!.maxLeverage,
      makerFeePercent: ppmPercent(PERP_FEES.makerPpm),
      takerFeePercent: ppmPercent(PERP_FEES.takerPpm),
      liquidationFeePercent: ratePercent(pm.liquidationFee),
      priceBandPercent: dec(PRICE_BAND_BPS * 1_000_000n),
      isOpen: status?.isOpen ?? 0,
      maintenance: status?.maintenance ?? false,
      markPrice: mark === null ? null : dec(mark),
      indexPrice: index === null ? null : dec(BigInt(index) * m.tickSize),
      fundingRate: funding === undefined ? null : ratePercent(funding.rate),
      lastFundingRate: funding === undefined ? null : ratePercent(funding.lastRate),
      nextFundingTime: funding?.nextFundingTime ?? null,
      brackets: bracketItems(pm),
    };
  }

  app.get(API.contractMarkets, async (request) => {
    const statuses = new Map(trading.desks.spot.markets().map((s) => [s.symbol, s]));
    const list = await Promise.all(perp.markets().map((pm) => marketItem(pm, statuses.get(pm.symbol))));
    const reply: ContractMarketsReply = { list };
    return envelopes.success(request, reply);
  });

  app.post(API.contractFundingHistory, async (request) => {
    const body = parseFunding(request.body);
    const symbol = body.symbol.toUpperCase();
    perpMarketOf(deps, symbol);
    if (body.startTime !== undefined && body.endTime !== undefined && body.startTime > body.endTime) fail('request.invalid');
    const rows = await store.perp.funding({ symbol, from: body.startTime, to: body.endTime, limit: body.limit ?? DEFAULT_FUNDING_LIMIT });
    const reply: ContractFundingHistoryReply = { list: rows.map(fundingItem) };
    return envelopes.success(request, reply);
  });

  const fundPages = new Map<string, { at: number; value: Promise<{ total: number; list: InsuranceFundItem[] }> }>();
  app.post(API.contractInsuranceFund, async (request) => {
    const body = parsePaged(request.body ?? {});
    const page = paging(body);
    const asset = perp.markets()[0]?.market.quote ?? 'USDT';
    const balance = await live(perp.insurance());
    // A movement changes the balance, so a cached page is only reused while the balance is the same.
    const key = `${page.pageIndex}:${page.pageSize}:${balance}`;
    const now = performance.now();
    let hit = fundPages.get(key);
    if (hit === undefined || now - hit.at > FUND_CACHE_MS) {
      if (fundPages.size >= FUND_CACHE_PAGES) fundPages.clear();
      const value = fundMovements(store, asset, page.offset, page.pageSize).then((r) => ({ total: r.total, list: r.list.map(fundItem) }));
      const entry = { at: now, value };
      hit = entry;
      fundPages.set(key, entry);
      value.catch(() => {
        if (fundPages.get(key) === entry) fundPages.delete(key);
      });
    }
    const history = await hit.value;
    const reply: ContractInsuranceFundReply = {
      asset, balance: dec(balance), history: { ...history, pageIndex: page.pageIndex, pageSize: page.pageSize },
    };
    return envelopes.success(request, reply);
  });
}
