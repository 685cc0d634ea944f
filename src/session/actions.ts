// What signing in and out does, across the API and the state (spec §4).
import type { UserInfo } from '../contract.ts';
import { fetchUserInfo, login, logout } from '../api/account.ts';
import type { CallOptions } from '../api/index.ts';
import { endSession, getToken, getUser, setUser, startSession } from '../state/index.ts';
import { holdSessionExpired } from '../state/alerts.ts';
import { loadAccountFavourites } from './favourites.ts';

let inflight: Promise<UserInfo | null> | null = null;

/** Fetches the user's info (spec §4: on every route but /login, signed in or not); a reply of
 *  login.user.not.login signs out and drops any stored token (the API client does that). */
export function refreshUser(): Promise<UserInfo | null> {
  const token = getToken();
  // Several navigations in a row share one request.
  inflight ??= fetchUserInfo()
    .then((user) => {
      // Ignore a reply that arrives after the user signed out or in again.
      if (getToken() !== token) return null;
      setUser(user);
      void loadAccountFavourites(user.userId);
      return user;
    })
    .catch(() => null)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The signed-in user, fetched first if not known yet; null when signed out. Route loaders await this so
 *  personal pages render with their data instead of a loading state. */
export function ensureUser(): Promise<UserInfo | null> {
  if (!getToken()) return Promise.resolve(null);
  const known = getUser();
  return known ? Promise.resolve(known) : refreshUser();
}

/** Signs in, keeps the token, loads the user. Rejects with the API error (the form decides how to show it). */
export async function signIn(account: string, password: string, options?: CallOptions, code?: string): Promise<void> {
  // code: the verification code the server asks for after many failed sign-ins on the account (login.code.required).
  const { token } = await login({ account: account.trim(), password, ...(code ? { code } : {}) }, options);
  startSession(token);
  await refreshUser();
}

/** Tells the server, then forgets the session whatever the server said. The session ends on purpose here, so
 *  what its end causes meanwhile (calls answered not-logged-in, the server closing the session's socket) raises
 *  no session-expired alert. */
export async function signOut(): Promise<void> {
  const release = holdSessionExpired();
  try {
    await logout({ notify: false });
  } catch {
    // The session ends locally regardless: a dead server must not keep the user signed in.
  } finally {
    endSession();
    // The socket's close may arrive a moment after the reply; by then the ticket is gone and the close is ignored.
    setTimeout(release, 1_000);
  }
}

/** Where Re-login goes: the login page, coming back to the page the user was on (not to an auth page). */
export function reloginUrl(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  const auth = /^\/(login|register|forget)(?:[/?#]|$)/.test(location.pathname);
  return auth || here === '/' ? '/login?statusType=0' : `/login?statusType=0&redirect=${encodeURIComponent(here)}`;
}

/** The session-expired alert's Re-login (spec §4: after confirmation the page reloads): drop the token and load
 *  the login page afresh, which resets every piece of state the old session left. */
export function relogin(): void {
  endSession();
  window.location.assign(reloginUrl(window.location));
}
