// /app/product/*: the market lists.
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/api.ts';
import { listPage, toCoinItem, toProductItem } from '../../market/catalog.ts';
import type { MarketRow, Markets } from '../../store/markets.ts';
import type { Envelopes } from '../envelope.ts';
import { PageBody } from '../schemas.ts';
import { parser } from '../validate.ts';

const parsePage = parser(PageBody);

/** `lastPrice` gives a market's last traded price when trading runs; without it every price stays null. */
export function productRoutes(
  app: FastifyInstance,
  markets: Markets,
  envelopes: Envelopes,
  lastPrice?: (symbol: string) => string | null,
): void {
  app.post(API.productIndexList, async (request) =>
    envelopes.success(request, await listPage(markets, parsePage(request.body), toProductItem)),
  );
  app.post(API.coinList, async (request) => {
    const item = lastPrice === undefined ? toCoinItem : (m: MarketRow) => ({ ...toCoinItem(m), price: lastPrice(m.symbol) });
    return envelopes.success(request, await listPage(markets, parsePage(request.body), item));
  });
}
