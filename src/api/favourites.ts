// Watchlist calls (signed in): the account's list, and replacing it as a whole.
import { API } from '../contract.ts';
import type { FavouritesReply } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { parseFavouritesReply } from './parse.ts';

export const fetchFavourites = (options?: CallOptions): Promise<FavouritesReply> =>
  api.get(API.favouritesList, parseFavouritesReply, undefined, options);

export const saveFavourites = (symbols: readonly string[], options?: CallOptions): Promise<FavouritesReply> =>
  api.post(API.favouritesSet, parseFavouritesReply, { symbols: [...symbols] }, options);
