// The contract terminal's dock: its panels (markets, chart, book, trades, the order entry with the account, and the
// account's tables: positions, current orders, conditional orders, closed orders, transfer records, funding), the
// default desk, where a panel goes back to, the Panels menu's other-market panels, and where the layout is kept
// (device key contractLayout.v1, server screen 'contract').
import { group, panel, split } from '../trade/dock/model.ts';
import { MARKET_PANEL_MENU, TERMINAL_LABELS, type DockScreen } from '../trade/dock/screen.ts';
import { LAYOUT_VERSION, type Layout } from '../trade/dock/types.ts';

const KINDS = ['markets', 'chart', 'book', 'trades', 'entry', 'positions', 'openOrders', 'conditionals', 'history', 'transfers', 'funding'] as const;
export type ContractPanelKind = (typeof KINDS)[number];

/** The account's tables, tabs of one group along the bottom by default. */
export const TABLE_KINDS: readonly ContractPanelKind[] = ['positions', 'openOrders', 'conditionals', 'history', 'transfers', 'funding'];

/** markets | chart | book over trades | entry, and the account's tables along the bottom (positions in front). */
function defaultLayout(): Layout<ContractPanelKind> {
  return {
    version: LAYOUT_VERSION,
    closed: [],
    root: split(
      'root',
      'column',
      [0.66, 0.34],
      split(
        'top',
        'row',
        [0.17, 0.44, 0.18, 0.21],
        group('g-markets', panel('markets')),
        group('g-chart', panel('chart')),
        split('mid', 'column', [0.62, 0.38], group('g-book', panel('book')), group('g-trades', panel('trades'))),
        group('g-entry', panel('entry')),
      ),
      group('g-tables', ...TABLE_KINDS.map((k) => panel(k))),
    ),
  };
}

const table = { edge: 'bottom', share: 0.34, beside: 'positions' } as const;

export const CONTRACT_DOCK: DockScreen<ContractPanelKind> = {
  screen: 'contract',
  kinds: KINDS,
  symbolKinds: ['chart', 'book', 'trades'],
  labels: {
    ...TERMINAL_LABELS,
    positions: 'contract.tab.positions',
    openOrders: 'contract.tab.current',
    conditionals: 'perp.tab.conditionals',
    history: 'contract.tab.closed',
    transfers: 'contract.tab.transfers',
    funding: 'perp.tab.funding',
  },
  home: {
    markets: { edge: 'left', share: 0.16 },
    chart: { edge: 'left', share: 0.44, beside: 'book', stack: 'bottom' },
    book: { edge: 'right', share: 0.18, beside: 'chart' },
    trades: { edge: 'right', share: 0.18, beside: 'book' },
    entry: { edge: 'right', share: 0.21 },
    positions: { edge: 'bottom', share: 0.34 },
    openOrders: table,
    conditionals: table,
    history: table,
    transfers: table,
    funding: table,
  },
  addMenu: MARKET_PANEL_MENU,
  storageKey: 'contractLayout.v1',
  defaultLayout,
};
