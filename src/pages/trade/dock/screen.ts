// What makes the dock one screen's: its panel kinds, their names, the default desk and where a panel goes back to,
// the Panels menu's additions, the device key and the server's layout screen. Everything else in dock/ is generic
// in the kinds and takes the screen where it needs one. A second screen is declared like spot's (spot-dock.ts):
//   const KINDS = ['book', 'entry', 'positions'] as const;
//   export const PERP_DOCK: DockScreen<(typeof KINDS)[number]> = { screen: 'contract', kinds: KINDS, symbolKinds: ['book'],
//     labels: { book: 'trade.book.title', … }, home: { book: { edge: 'left', share: 0.3 }, … }, addMenu: [],
//     storageKey: 'contractLayout.v1', defaultLayout: () => ({ version: LAYOUT_VERSION, closed: [],
//       root: split('root', 'row', [0.7, 0.3], group('g-book', panel('book')), group('g-entry', panel('entry'))) }) };
import type { LayoutScreen } from '../../../contract.ts';
import type { Edge, Layout } from './types.ts';

/** Where a panel of a kind goes when restored or added and none of its kind is open. */
export interface PanelHome<K extends string> {
  /** The side of the whole desk it docks along, taking `share` of it. */
  edge: Edge;
  share: number;
  /** The kind it sits next to when one is open: on its left for a left `edge`, else on its right. */
  beside?: K;
  /** Where a second panel of this kind goes from the first; right unless set. */
  stack?: Edge;
}

export interface DockScreen<K extends string> {
  /** The server's name for this screen's stored layout. */
  screen: LayoutScreen;
  /** Every kind a layout of this screen may hold; a stored layout with any other is refused. */
  kinds: readonly K[];
  /** Kinds that can show another market than the page's (several markets side by side). */
  symbolKinds: readonly K[];
  /** Message id of each kind's name, as its tab shows it. */
  labels: Readonly<Record<K, string>>;
  /** Where each kind goes back to when restored or added. */
  home: Readonly<Record<K, PanelHome<K>>>;
  /** The Panels menu's "another market" entries; the message gets {market}. */
  addMenu: ReadonlyArray<{ kind: K; labelId: string }>;
  /** localStorage key of the layout on this device; the unsent-change mark is kept under `${storageKey}.unsynced`. */
  storageKey: string;
  /** A fresh default desk (a new object on every call). */
  defaultLayout(): Layout<K>;
}

/** The Panels menu's usual entries, for a screen with chart, book and trades panels that can show another market. */
export const MARKET_PANEL_MENU: ReadonlyArray<{ kind: 'chart' | 'book' | 'trades'; labelId: string }> = [
  { kind: 'chart', labelId: 'spot.layout.addChart' },
  { kind: 'book', labelId: 'spot.layout.addBook' },
  { kind: 'trades', labelId: 'spot.layout.addTrades' },
];

/** The names of the panels every trading terminal has: the terminals' existing titles. */
export const TERMINAL_LABELS = {
  markets: 'trade.markets',
  chart: 'trade.chart',
  book: 'trade.book.title',
  trades: 'trade.trades.title',
  entry: 'trade.entry.title',
} as const;
