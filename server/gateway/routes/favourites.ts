// /app/favourites/*: the signed-in user's watchlist (spec: favourites are stored on the server when signed in,
// locally otherwise). The list is replaced as a whole: at most FAVOURITES_MAX symbols, duplicates dropped with the
// first place kept, each a known market (market.unknown otherwise). Input is checked in full before anything is
// stored, and the list is written in one transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Accounts } from '../../accounts/service.ts';
import type { Clock } from '../../clock.ts';
import { API, FAVOURITES_MAX, type FavouritesReply } from '../../contract/api.ts';
import { fail } from '../../errors.ts';
import type { Store } from '../../store/index.ts';
import { requestContext, type Envelopes } from '../envelope.ts';
import { parser } from '../validate.ts';

export interface FavouriteRouteDeps {
  store: Store;
  clock: Clock;
  accounts: Accounts;
  envelopes: Envelopes;
}

const SetBody = Type.Object(
  { symbols: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: FAVOURITES_MAX }) },
  { additionalProperties: false },
);
const parseSet = parser(SetBody);

export function favouriteRoutes(app: FastifyInstance, deps: FavouriteRouteDeps): void {
  const { store, clock, envelopes } = deps;
  const user = async (request: FastifyRequest) => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user;

  app.get(API.favouritesList, async (request) => {
    const owner = await user(request);
    const reply: FavouritesReply = { symbols: await store.favourites.list(owner.id) };
    return envelopes.success(request, reply);
  });

  app.post(API.favouritesSet, async (request) => {
    const owner = await user(request);
    const body = parseSet(request.body);
    const symbols = [...new Set(body.symbols)];
    const known = new Set((await store.markets.configs()).map((m) => m.symbol));
    if (symbols.some((s) => !known.has(s))) fail('market.unknown');
    await store.transaction((r) => r.favourites.set(owner.id, symbols, clock()));
    const reply: FavouritesReply = { symbols };
    return envelopes.success(request, reply);
  });
}
