// The watchlist: market symbols kept in localStorage. There is no server storage for it yet, so it belongs to
// this browser, signed in or not.
import { atom } from 'jotai';
import { store } from './store.ts';
import { readKey, writeKey } from './storage.ts';

export const FAVOURITES_KEY = 'favouriteMarkets';

function initial(): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(readKey(FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const favouritesAtom = atom<readonly string[]>(initial());

export function toggleFavourite(symbol: string): void {
  const held = store.get(favouritesAtom);
  const next = held.includes(symbol) ? held.filter((s) => s !== symbol) : [...held, symbol];
  writeKey(FAVOURITES_KEY, JSON.stringify(next));
  store.set(favouritesAtom, next);
}
