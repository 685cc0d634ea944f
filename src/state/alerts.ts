// The session-expired alert (spec §4): at most one at a time, however many calls or sockets find the session gone.
// A sign-out the user asked for ends the session on purpose: the replies and socket closes it causes (the server
// closes the session's sockets on logout) must not raise the alert, so signOut holds it while it runs.
import { atom } from 'jotai';
import { store } from './store.ts';

export const sessionExpiredAtom = atom(false);

let holds = 0;

/** Shows the alert; returns false when it is already showing or a sign-out is under way. */
export function raiseSessionExpired(): boolean {
  if (holds > 0 || store.get(sessionExpiredAtom)) return false;
  store.set(sessionExpiredAtom, true);
  return true;
}

/** Keeps the alert down while a deliberate sign-out runs; the returned function releases the hold. */
export function holdSessionExpired(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}
