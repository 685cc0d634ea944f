// localStorage that never throws (private mode, disabled storage, node tests): reads give null, writes are dropped.
import type { KeyValueStorage } from '../i18n/locale.ts';

export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readKey(key: string): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | null): void {
  try {
    const storage = browserStorage();
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Nothing to do: the value lives in memory for this page.
  }
}
