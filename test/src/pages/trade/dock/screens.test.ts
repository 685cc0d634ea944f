// The dock serves more than one screen: a made-up second screen, with its own kinds and device key, next to spot.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPOT_DOCK } from '../../../../../src/pages/spot/spot-dock.ts';
import { addPanel, closePanel, group, panel, restorePanel, split } from '../../../../../src/pages/trade/dock/model.ts';
import type { DockScreen } from '../../../../../src/pages/trade/dock/screen.ts';
import { markUnsynced, readDeviceLayout, unsyncedMark, writeDeviceLayout } from '../../../../../src/pages/trade/dock/storage.ts';
import { openPanels } from '../../../../../src/pages/trade/dock/tree.ts';
import { LAYOUT_VERSION } from '../../../../../src/pages/trade/dock/types.ts';
import { parseLayout } from '../../../../../src/pages/trade/dock/validate.ts';
import { MemoryStorage } from '../../../support.ts';

type DeskKind = 'ladder' | 'ticket' | 'blotter';

const DESK: DockScreen<DeskKind> = {
  screen: 'contract',
  kinds: ['ladder', 'ticket', 'blotter'],
  symbolKinds: ['ladder'],
  labels: { ladder: 'trade.book.title', ticket: 'trade.entry.title', blotter: 'spot.layout.panel.account' },
  home: { ladder: { edge: 'left', share: 0.3 }, ticket: { edge: 'right', share: 0.25, beside: 'ladder' }, blotter: { edge: 'bottom', share: 0.3 } },
  addMenu: [{ kind: 'ladder', labelId: 'spot.layout.addBook' }],
  storageKey: 'deskLayout.v1',
  defaultLayout: () => ({
    version: LAYOUT_VERSION,
    closed: [],
    root: split('root', 'row', [0.6, 0.4], group('g-ladder', panel('ladder')), group('g-ticket', panel('ticket'))),
  }),
};

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('a second screen', () => {
  it('validates layouts against its own kinds, not spot’s', () => {
    const desk = DESK.defaultLayout();
    const spot = SPOT_DOCK.defaultLayout();
    expect(parseLayout(DESK, json(desk))).toEqual(desk);
    expect(parseLayout(SPOT_DOCK, json(spot))).toEqual(spot);
    // Spot's layout holds markets, chart…: unknown to the desk. The desk's ladder is unknown to spot.
    expect(parseLayout(DESK, json(spot))).toBeNull();
    expect(parseLayout(SPOT_DOCK, json(desk))).toBeNull();
    // One foreign kind, even only among the closed panels, is enough.
    expect(parseLayout(DESK, { ...desk, closed: [{ id: 'c', kind: 'chart' }] })).toBeNull();
    expect(parseLayout(SPOT_DOCK, { ...spot, closed: [{ id: 'c', kind: 'blotter' }] })).toBeNull();
  });

  it('places its panels by its own home places', () => {
    const desk = DESK.defaultLayout();
    const added = addPanel(DESK, desk, 'blotter');
    expect(added.root).toMatchObject({ type: 'split', dir: 'column', sizes: [expect.closeTo(0.7), expect.closeTo(0.3)] });
    // The ticket goes back beside the ladder, on the right.
    const back = restorePanel(DESK, closePanel(desk, 'ticket'), 'ticket');
    expect(openPanels(back).map((p) => p.kind)).toEqual(['ladder', 'ticket']);
  });

  describe('on the device', () => {
    beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
    afterEach(() => vi.unstubAllGlobals());

    it('keeps each screen’s layout and unsent mark under its own keys', () => {
      const desk = closePanel(DESK.defaultLayout(), 'ticket');
      const spot = closePanel(SPOT_DOCK.defaultLayout(), 'markets');
      writeDeviceLayout(DESK, desk);
      writeDeviceLayout(SPOT_DOCK, spot);
      markUnsynced(DESK, 'm1');
      expect(readDeviceLayout(DESK)).toEqual(desk);
      expect(readDeviceLayout(SPOT_DOCK)).toEqual(spot);
      expect(unsyncedMark(DESK)).toBe('m1');
      expect(unsyncedMark(SPOT_DOCK)).toBeNull();
      expect(localStorage.getItem('deskLayout.v1')).toBe(JSON.stringify(desk));
      expect(localStorage.getItem('deskLayout.v1.unsynced')).toBe('m1');
      expect(localStorage.getItem('spotLayout.v1')).toBe(JSON.stringify(spot));
      // Forgetting one screen's layout leaves the other's.
      writeDeviceLayout(DESK, null);
      expect(readDeviceLayout(DESK)).toBeNull();
      expect(readDeviceLayout(SPOT_DOCK)).toEqual(spot);
    });
  });
});
