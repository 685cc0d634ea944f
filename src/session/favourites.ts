// The signed-in watchlist (spec: stored on the server when signed in, locally otherwise). At sign-in the account's
// list is loaded and shown; the first time an account signs in on this browser, this browser's list is merged
// into it (the account's order first, then what only this browser had). Every change is then saved, one request
// at a time with the newest list; a refused save shows the server's list again.
import { FAVOURITES_MAX } from '../contract.ts';
import { fetchFavourites, saveFavourites } from '../api/favourites.ts';
import {
  beginAccountLoad, favouritesMerged, favouritesOwner, getToken, keepPendingToggles, localFavourites, markFavouritesMerged,
  setFavouritesSaver, showAccountFavourites, takePendingToggles,
} from '../state/index.ts';

let loading: { user: number; done: Promise<void> } | null = null;

/** Loads (once per sign-in) and shows the account's list; a failed load leaves this browser's list shown. */
export function loadAccountFavourites(user: number): Promise<void> {
  if (favouritesOwner() === user) return Promise.resolve();
  if (loading?.user === user) return loading.done;
  const token = getToken();
  beginAccountLoad();
  const done = (async () => {
    let { symbols } = await fetchFavourites({ notify: false });
    if (!favouritesMerged(user)) {
      const merged = [...new Set([...symbols, ...localFavourites()])].slice(0, FAVOURITES_MAX);
      if (merged.length > symbols.length) {
        // A symbol this browser kept that the exchange no longer lists refuses the whole list: keep the account's.
        symbols = await saveFavourites(merged, { notify: false }).then((r) => r.symbols, () => symbols);
      }
      markFavouritesMerged(user);
    }
    // Ignore a reply that arrives after the user signed out or in again.
    if (getToken() !== token) return;
    // Stars the user toggled while this loaded are the account's: applied, then saved like any change.
    const shown = takePendingToggles(symbols);
    showAccountFavourites(user, shown);
    if (shown !== symbols) save(user, shown);
  })()
    .catch(() => keepPendingToggles())
    .finally(() => {
      if (loading?.done === done) loading = null;
    });
  loading = { user, done };
  return done;
}

let next: { user: number; symbols: readonly string[] } | null = null;
let saving = false;

async function drain(): Promise<void> {
  saving = true;
  try {
    while (next) {
      const { user, symbols } = next;
      next = null;
      try {
        await saveFavourites(symbols);
      } catch {
        // The client already told the user; show what the server holds (unless a newer change is on its way).
        const held = await fetchFavourites({ notify: false }).catch(() => null);
        if (held && !next && favouritesOwner() === user) showAccountFavourites(user, held.symbols);
      }
    }
  } finally {
    saving = false;
  }
}

function save(user: number, symbols: readonly string[]): void {
  next = { user, symbols };
  if (!saving) void drain();
}

setFavouritesSaver((symbols) => {
  const user = favouritesOwner();
  if (user !== null) save(user, symbols);
});
