// What signing in and out does, across the API and the state (spec §4).
import type { UserInfo } from '../contract.ts';
import { fetchUserInfo, login, logout } from '../api/account.ts';
import type { CallOptions } from '../api/index.ts';
import { endSession, getToken, getUser, setUser, startSession } from '../state/index.ts';
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
export async function signIn(account: string, password: string, options?: CallOptions): Promise<void> {
  const { token } = await login({ account: account.trim(), password }, options);
  startSession(token);
  await refreshUser();
}

/** Tells the server, then forgets the session whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    await logout({ notify: false });
  } catch {
    // The session ends locally regardless: a dead server must not keep the user signed in.
  }
  endSession();
}

/** The session-expired alert's Re-login: drop the token and reload at the login page. */
export function relogin(): void {
  endSession();
  window.location.assign('/login?statusType=0');
}
