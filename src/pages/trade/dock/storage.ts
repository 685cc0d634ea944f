// A screen's layout on this device: localStorage under the screen's versioned key, checked on every read against
// that screen (a bad or old value reads as none). A second key marks a layout changed while signed in but not yet
// on the server, with a fingerprint of the session it belongs to, so a reload inside the save delay sends it
// instead of taking the older server copy.
import { readKey, writeKey } from '../../../state/storage.ts';
import type { DockScreen } from './screen.ts';
import type { Layout } from './types.ts';
import { parseLayoutText } from './validate.ts';

/** The key of the unsent-change mark of a screen whose layout is kept under `storageKey`. */
export const unsyncedKey = <K extends string>(screen: DockScreen<K>): string => `${screen.storageKey}.unsynced`;

export const readDeviceLayout = <K extends string>(screen: DockScreen<K>): Layout<K> | null => parseLayoutText(screen, readKey(screen.storageKey));

export function writeDeviceLayout<K extends string>(screen: DockScreen<K>, layout: Layout<K> | null): void {
  writeKey(screen.storageKey, layout ? JSON.stringify(layout) : null);
}

/** FNV-1a of the session token: enough to tell sessions apart without keeping the token twice. */
export function sessionMark(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export const unsyncedMark = <K extends string>(screen: DockScreen<K>): string | null => readKey(unsyncedKey(screen));
export const markUnsynced = <K extends string>(screen: DockScreen<K>, mark: string | null): void => writeKey(unsyncedKey(screen), mark);
