// Public entry of the app state: hooks for components, plain functions for everything else.
export { StateProvider, useLoginState, useSignedIn, useToken, useFavourites, useFavouritesOnAccount, useUser, useNotices, useSessionExpired, useContactOpen, useDialogs } from './hooks.tsx';
export { getToken, getUser, startSession, setUser, endSession, TOKEN_KEY, LOGIN_STATE_KEY, type LoginState } from './session.ts';
export { pushNotice, dismissNotice, type Notice, type NoticeKind } from './notices.ts';
export { raiseSessionExpired } from './alerts.ts';
export { openContact, closeContact } from './contact.ts';
export { openDialog, closeDialog, closeAllDialogs, type DialogEntry } from './dialogs.ts';
export {
  toggleFavourite, FAVOURITES_KEY, localFavourites, showAccountFavourites, showLocalFavourites, setFavouritesSaver,
  favouritesOwner, favouritesMerged, markFavouritesMerged, beginAccountLoad, takePendingToggles, keepPendingToggles,
} from './favourites.ts';
