// The spot terminal's dock: its six panels, their names, the default desk, where a panel goes back to, the Panels
// menu's markets panels, and where the layout is kept (device key spotLayout.v1, server screen 'spot'; both as they
// were before the dock served other screens, so saved layouts still load).
import { group, panel, split } from '../trade/dock/model.ts';
import { MARKET_PANEL_MENU, TERMINAL_LABELS, type DockScreen } from '../trade/dock/screen.ts';
import { LAYOUT_VERSION, type DockNode, type Layout } from '../trade/dock/types.ts';

const KINDS = ['markets', 'chart', 'book', 'trades', 'entry', 'account'] as const;
export type SpotPanelKind = (typeof KINDS)[number];

/**
 * The default desk: markets | chart | book (full height, so the ladder shows both sides) | entry over trades,
 * with the account strip along the bottom.
 */
function defaultLayout(): Layout<SpotPanelKind> {
  const side = split<SpotPanelKind>('side', 'column', [0.76, 0.24], group('g-entry', panel('entry')), group('g-trades', panel('trades')));
  const row: DockNode<SpotPanelKind>[] = [group('g-markets', panel('markets')), group('g-chart', panel('chart')), group('g-book', panel('book')), side];
  const top = split('top', 'row', [0.16, 0.45, 0.18, 0.21], ...row);
  return { version: LAYOUT_VERSION, closed: [], root: split('root', 'column', [0.69, 0.31], top, group('g-account', panel('account'))) };
}

export const SPOT_DOCK: DockScreen<SpotPanelKind> = {
  screen: 'spot',
  kinds: KINDS,
  symbolKinds: ['chart', 'book', 'trades'],
  labels: { ...TERMINAL_LABELS, account: 'spot.layout.panel.account' },
  // A chart goes under another chart, a book or trades beside the book, so several markets sit side by side.
  home: {
    markets: { edge: 'left', share: 0.15 },
    chart: { edge: 'left', share: 0.45, beside: 'book', stack: 'bottom' },
    book: { edge: 'right', share: 0.2, beside: 'chart' },
    trades: { edge: 'right', share: 0.2, beside: 'book' },
    entry: { edge: 'right', share: 0.22 },
    account: { edge: 'bottom', share: 0.3 },
  },
  addMenu: MARKET_PANEL_MENU,
  storageKey: 'spotLayout.v1',
  defaultLayout,
};
