// Session state (spec §4): the token and the login flag persist in localStorage; the user info lives in memory.
import { atom } from 'jotai';
import type { UserInfo } from '../contract.ts';
import { store } from './store.ts';
import { readKey, writeKey } from './storage.ts';

export const TOKEN_KEY = 'token';
export const LOGIN_STATE_KEY = 'loginState';

export type LoginState = 0 | 1;

function initialToken(): string | null {
  const token = readKey(TOKEN_KEY);
  return token ? token : null;
}

export const tokenAtom = atom<string | null>(initialToken());
// Without a token the user cannot be signed in, whatever an old flag says.
export const loginStateAtom = atom<LoginState>(readKey(LOGIN_STATE_KEY) === '1' && initialToken() ? 1 : 0);
export const userAtom = atom<UserInfo | null>(null);

export function getToken(): string | null {
  return store.get(tokenAtom);
}

export function getUser(): UserInfo | null {
  return store.get(userAtom);
}

/** A successful sign-in: keep the token, mark signed in. */
export function startSession(token: string): void {
  writeKey(TOKEN_KEY, token);
  writeKey(LOGIN_STATE_KEY, '1');
  store.set(tokenAtom, token);
  store.set(loginStateAtom, 1);
}

export function setUser(user: UserInfo): void {
  store.set(userAtom, user);
  if (store.get(loginStateAtom) !== 1) {
    writeKey(LOGIN_STATE_KEY, '1');
    store.set(loginStateAtom, 1);
  }
}

/** Signed out: user data cleared, flag 0, token removed. */
export function endSession(): void {
  writeKey(TOKEN_KEY, null);
  writeKey(LOGIN_STATE_KEY, '0');
  store.set(tokenAtom, null);
  store.set(loginStateAtom, 0);
  store.set(userAtom, null);
}
