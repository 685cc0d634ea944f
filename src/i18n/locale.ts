// Which language the app runs in: `?lang=` (any of our codes, the spec's short codes or a browser tag) wins, then the
// stored choice, then English. Pure functions over a storage and a query string, so they are testable in node.
import { DEFAULT_LOCALE, resolveLocale, type Locale } from '../contract.ts';

export const LANG_STORAGE_KEY = 'lang';
export const LANG_QUERY_PARAM = 'lang';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Picks the locale for this page load and remembers a valid `?lang=` so it survives the next navigation. */
export function pickLocale(storage: KeyValueStorage | null, search: string): Locale {
  const fromQuery = resolveLocale(new URLSearchParams(search).get(LANG_QUERY_PARAM));
  if (fromQuery) {
    storeLocale(storage, fromQuery);
    return fromQuery;
  }
  return resolveLocale(readStored(storage)) ?? DEFAULT_LOCALE;
}

export function storeLocale(storage: KeyValueStorage | null, locale: Locale): void {
  try {
    storage?.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
}

function readStored(storage: KeyValueStorage | null): string | null {
  try {
    return storage?.getItem(LANG_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The current URL without `?lang=`, so a reload after a switch is not overridden by an old query. */
export function urlWithoutLang(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(LANG_QUERY_PARAM);
  return url.toString();
}
