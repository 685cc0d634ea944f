// The layout on this device: localStorage under a versioned key, checked on every read (a bad or old value reads
// as none). A second key marks a layout changed while signed in but not yet on the server, with a fingerprint of
// the session it belongs to, so a reload inside the save delay sends it instead of taking the older server copy.
import { readKey, writeKey } from '../../../state/storage.ts';
import type { Layout } from './types.ts';
import { parseLayoutText } from './validate.ts';

export const LAYOUT_KEY = 'spotLayout.v1';
export const UNSYNCED_KEY = 'spotLayout.v1.unsynced';

export const readDeviceLayout = (): Layout | null => parseLayoutText(readKey(LAYOUT_KEY));

export function writeDeviceLayout(layout: Layout | null): void {
  writeKey(LAYOUT_KEY, layout ? JSON.stringify(layout) : null);
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

export const unsyncedMark = (): string | null => readKey(UNSYNCED_KEY);
export const markUnsynced = (mark: string | null): void => writeKey(UNSYNCED_KEY, mark);
