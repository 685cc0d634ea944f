// /app/product/*: the market lists.
import type { FastifyInstance } from 'fastify';
import { API } from '../../contract/api.ts';
import { listPage, toCoinItem, toProductItem } from '../../market/catalog.ts';
import type { Markets } from '../../store/markets.ts';
import type { Envelopes } from '../envelope.ts';
import { PageBody } from '../schemas.ts';
import { parser } from '../validate.ts';

const parsePage = parser(PageBody);

export function productRoutes(app: FastifyInstance, markets: Markets, envelopes: Envelopes): void {
  app.post(API.productIndexList, async (request) =>
    envelopes.success(request, await listPage(markets, parsePage(request.body), toProductItem)),
  );
  app.post(API.coinList, async (request) =>
    envelopes.success(request, await listPage(markets, parsePage(request.body), toCoinItem)),
  );
}
