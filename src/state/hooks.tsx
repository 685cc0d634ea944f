// React bindings for the app state. Components use these, never jotai itself.
import type { ReactNode } from 'react';
import { Provider, useAtomValue } from 'jotai';
import type { UserInfo } from '../contract.ts';
import { store } from './store.ts';
import { loginStateAtom, tokenAtom, userAtom, type LoginState } from './session.ts';
import { noticesAtom, type Notice } from './notices.ts';
import { sessionExpiredAtom } from './alerts.ts';
import { contactOpenAtom } from './contact.ts';
import { dialogsAtom, type DialogEntry } from './dialogs.ts';
import { favouritesAtom, favouritesOwnerAtom } from './favourites.ts';

export function StateProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}

export const useLoginState = (): LoginState => useAtomValue(loginStateAtom);
export const useSignedIn = (): boolean => useAtomValue(loginStateAtom) === 1;
export const useToken = (): string | null => useAtomValue(tokenAtom);
export const useUser = (): UserInfo | null => useAtomValue(userAtom);
export const useNotices = (): readonly Notice[] => useAtomValue(noticesAtom);
export const useSessionExpired = (): boolean => useAtomValue(sessionExpiredAtom);
export const useContactOpen = (): boolean => useAtomValue(contactOpenAtom);
export const useDialogs = (): readonly DialogEntry[] => useAtomValue(dialogsAtom);
export const useFavourites = (): readonly string[] => useAtomValue(favouritesAtom);
/** True while the list shown is the signed-in account's (kept on the server), false for this browser's. */
export const useFavouritesOnAccount = (): boolean => useAtomValue(favouritesOwnerAtom) !== null;
