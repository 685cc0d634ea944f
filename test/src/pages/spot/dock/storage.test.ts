import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultLayout, closePanel } from '../../../../../src/pages/spot/dock/model.ts';
import {
  LAYOUT_KEY, markUnsynced, readDeviceLayout, sessionMark, unsyncedMark, writeDeviceLayout,
} from '../../../../../src/pages/spot/dock/storage.ts';

/** A Map-backed stand-in for the browser's localStorage. */
function fakeStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

describe('the layout on this device', () => {
  const held = (globalThis as { localStorage?: unknown }).localStorage;
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = fakeStorage();
  });
  afterEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = held;
  });

  it('reads back what was written, and nothing once cleared', () => {
    expect(readDeviceLayout()).toBeNull();
    const l = closePanel(defaultLayout(), 'markets');
    writeDeviceLayout(l);
    expect(readDeviceLayout()).toEqual(l);
    writeDeviceLayout(null);
    expect(readDeviceLayout()).toBeNull();
  });

  it('ignores a stored value that is not a layout of this version', () => {
    localStorage.setItem(LAYOUT_KEY, '{"version":0,"root":{},"closed":[]}');
    expect(readDeviceLayout()).toBeNull();
    localStorage.setItem(LAYOUT_KEY, 'not json');
    expect(readDeviceLayout()).toBeNull();
  });

  it('marks an unsent change with a fingerprint of the session, not the token', () => {
    const mark = sessionMark('secret-session-token');
    expect(mark).toBe(sessionMark('secret-session-token'));
    expect(mark).not.toBe(sessionMark('another-session-token'));
    expect(mark).not.toContain('secret');
    markUnsynced(mark);
    expect(unsyncedMark()).toBe(mark);
    markUnsynced(null);
    expect(unsyncedMark()).toBeNull();
  });
});
