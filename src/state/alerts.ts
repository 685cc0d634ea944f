// The session-expired alert (spec §4): at most one at a time, however many calls find the session gone.
import { atom } from 'jotai';
import { store } from './store.ts';

export const sessionExpiredAtom = atom(false);

/** Shows the alert; returns false when it is already showing. */
export function raiseSessionExpired(): boolean {
  if (store.get(sessionExpiredAtom)) return false;
  store.set(sessionExpiredAtom, true);
  return true;
}
