import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPOT_DOCK } from '../../../../../src/pages/spot/spot-dock.ts';
import { closePanel } from '../../../../../src/pages/trade/dock/model.ts';
import {
  markUnsynced, readDeviceLayout, sessionMark, unsyncedMark, writeDeviceLayout,
} from '../../../../../src/pages/trade/dock/storage.ts';
import { MemoryStorage } from '../../../support.ts';

describe('the layout on this device', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what was written, and nothing once cleared', () => {
    expect(readDeviceLayout(SPOT_DOCK)).toBeNull();
    const l = closePanel(SPOT_DOCK.defaultLayout(), 'markets');
    writeDeviceLayout(SPOT_DOCK, l);
    expect(readDeviceLayout(SPOT_DOCK)).toEqual(l);
    // Under the key spot layouts have always had, as plain JSON, so layouts saved before still load.
    expect(localStorage.getItem('spotLayout.v1')).toBe(JSON.stringify(l));
    writeDeviceLayout(SPOT_DOCK, null);
    expect(readDeviceLayout(SPOT_DOCK)).toBeNull();
  });

  it('ignores a stored value that is not a layout of this version', () => {
    localStorage.setItem(SPOT_DOCK.storageKey, '{"version":0,"root":{},"closed":[]}');
    expect(readDeviceLayout(SPOT_DOCK)).toBeNull();
    localStorage.setItem(SPOT_DOCK.storageKey, 'not json');
    expect(readDeviceLayout(SPOT_DOCK)).toBeNull();
  });

  it('marks an unsent change with a fingerprint of the session, not the token', () => {
    const mark = sessionMark('secret-session-token');
    expect(mark).toBe(sessionMark('secret-session-token'));
    expect(mark).not.toBe(sessionMark('another-session-token'));
    expect(mark).not.toContain('secret');
    markUnsynced(SPOT_DOCK, mark);
    expect(unsyncedMark(SPOT_DOCK)).toBe(mark);
    expect(localStorage.getItem('spotLayout.v1.unsynced')).toBe(mark);
    markUnsynced(SPOT_DOCK, null);
    expect(unsyncedMark(SPOT_DOCK)).toBeNull();
  });
});
