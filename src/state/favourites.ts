// The watchlist (spec: favourites are stored on the server when signed in, locally otherwise). Signed out, the
// list lives in localStorage and belongs to this browser. Signed in, the list shown is the account's, loaded from
// the server at sign-in (session/favourites.ts) and saved back on every change through the saver it registers;
// the local list is left as it was, so signing out shows this browser's list again.
import { atom } from 'jotai';
import { loginStateAtom, tokenAtom } from './session.ts';
import { store } from './store.ts';
import { readKey, writeKey } from './storage.ts';

export const FAVOURITES_KEY = 'favouriteMarkets';

function readLocal(): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(readKey(FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The list shown: the account's while one is synced, this browser's otherwise. */
export const favouritesAtom = atom<readonly string[]>(readLocal());
/** The user whose server list is shown; null while signed out (or before the account's list has loaded). */
export const favouritesOwnerAtom = atom<number | null>(null);

type Saver = (symbols: readonly string[]) => void;
let saver: Saver | null = null;

/** Registered by session/favourites.ts: sends the account's new list to the server. */
export function setFavouritesSaver(save: Saver | null): void {
  saver = save;
}

/** The user whose list is shown, or null when it is this browser's. */
export const favouritesOwner = (): number | null => store.get(favouritesOwnerAtom);

const mergedKey = (user: number) => `favouritesMerged.${user}`;
/** Whether this browser's list was already merged into that account's (done once, at its first sign-in here). */
export const favouritesMerged = (user: number): boolean => readKey(mergedKey(user)) === '1';
export const markFavouritesMerged = (user: number): void => writeKey(mergedKey(user), '1');

/** This browser's list (what a signed-out user sees). */
export const localFavourites = (): readonly string[] => readLocal();

/** Shows the account's list (after it loaded from the server, or after a save the server refused). */
export function showAccountFavourites(user: number, symbols: readonly string[]): void {
  store.set(favouritesOwnerAtom, user);
  store.set(favouritesAtom, symbols);
}

/** Back to this browser's list (signed out). */
export function showLocalFavourites(): void {
  store.set(favouritesOwnerAtom, null);
  store.set(favouritesAtom, readLocal());
}

const toggled = (list: readonly string[], symbol: string): readonly string[] =>
  list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol];

/** Stars toggled while the account's list is loading (signed in, not yet shown): they belong to the account, so
 *  they neither touch this browser's list nor get lost when the account's list arrives and replaces the shown one. */
let pending: string[] | null = null;

/** The account's list starts loading: from now until takePendingToggles, a toggle is kept for the account. */
export function beginAccountLoad(): void {
  pending ??= [];
}

/** Applies the stars toggled during the load to the account's list, and ends the load. */
export function takePendingToggles(symbols: readonly string[]): readonly string[] {
  const taken = pending ?? [];
  pending = null;
  return taken.reduce(toggled, symbols);
}

/** The load failed: the toggles made meanwhile go to this browser's list, which stays shown. */
export function keepPendingToggles(): void {
  const taken = pending ?? [];
  pending = null;
  if (taken.length > 0) writeKey(FAVOURITES_KEY, JSON.stringify(taken.reduce(toggled, readLocal())));
}

export function toggleFavourite(symbol: string): void {
  const next = toggled(store.get(favouritesAtom), symbol);
  store.set(favouritesAtom, next);
  if (store.get(favouritesOwnerAtom) !== null && saver) saver(next);
  else if (pending) pending.push(symbol);
  else writeKey(FAVOURITES_KEY, JSON.stringify(next));
}

// Signing out (however it happens: the menu, an expired session, another tab) shows this browser's list again.
const signedOut = () => store.get(tokenAtom) === null || store.get(loginStateAtom) !== 1;
store.sub(tokenAtom, () => {
  if (signedOut()) pending = null;
  if (signedOut() && store.get(favouritesOwnerAtom) !== null) showLocalFavourites();
});
store.sub(loginStateAtom, () => {
  if (signedOut() && store.get(favouritesOwnerAtom) !== null) showLocalFavourites();
});
