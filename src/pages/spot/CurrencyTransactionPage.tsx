// The spot terminal (spec §2 /currencyTransaction?symbol=BTCUSDT): markets, chart, book, trades, order entry and
// the account strip, arranged by the user in the dock (drag tabs, resize, close and restore, panels of other
// markets side by side), the arrangement kept on the device and on the account. Narrow screens stack the panels
// in one column. The quantitative robot keeps its own tab in the entry panel.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useTickers } from '../../../streams/index.ts';
import { DEFAULT_SPOT_SYMBOL } from '../../app/search.ts';
import { Page } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { AccountPanel } from './AccountPanel.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { Dock } from '../trade/dock/Dock.tsx';
import { DockToolbar } from '../trade/dock/Toolbar.tsx';
import type { PanelRef } from '../trade/dock/types.ts';
import { useDockLayout } from '../trade/dock/useDockLayout.ts';
import { useNarrow } from '../trade/useNarrow.ts';
import { OrderBook } from './OrderBook.tsx';
import { OrderForm } from './OrderForm.tsx';
import { QuantEntry } from './QuantEntry.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { SpotMarkets } from './SpotMarkets.tsx';
import { SPOT_DOCK, type SpotPanelKind } from './spot-dock.ts';
import { quoteAsset } from '../quotation/market-rows.ts';
import { useTransferDialog } from '../user/transfer/useTransferDialog.tsx';
import * as s from './spot.css.ts';

type Mode = 'manual' | 'quant';
const MODES: readonly TabItem<Mode>[] = [
  { key: 'manual', labelId: 'trade.mode.manual' },
  { key: 'quant', labelId: 'trade.mode.quant' },
];
const route = getRouteApi('/currencyTransaction');

/** A price clicked in a book, for the order form of the same market; a new object per click refills it. */
interface Picked {
  price: string;
  qty: string;
  at: number;
  symbol: string;
}


/** The listed markets, sorted; only a change of the list (not every ticker tick) re-renders the page. */
function MarketList({ onChange }: { onChange(key: string): void }) {
  const tickers = dataOf(useTickers());
  const key = tickers ? [...tickers.keys()].sort().join(',') : '';
  useEffect(() => onChange(key), [key, onChange]);
  return null;
}

export function CurrencyTransactionPage() {
  const { _ } = useLingui();
  const symbol = route.useSearch({ select: (q) => q.symbol ?? DEFAULT_SPOT_SYMBOL });
  const [mode, setMode] = useState<Mode>('manual');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [marketsKey, setMarketsKey] = useState('');
  const symbols = useMemo(() => (marketsKey ? marketsKey.split(',') : []), [marketsKey]);
  const isNarrow = useNarrow();
  const dock = useDockLayout(SPOT_DOCK);
  const formPicked = picked && picked.symbol === symbol ? picked : null;
  // The transfer dialog is the layout's (state/dialogs.ts), so it stays open when the panels are re-laid out (docked ↔ stacked).
  const transfer = useTransferDialog();
  const openDialog = transfer.open;
  // The coin account first, the market's quote coin preselected.
  const openTransfer = useCallback(() => openDialog({ asset: quoteAsset(symbol), from: 'coin' }), [openDialog, symbol]);

  const renderPanel = useCallback(
    (panel: PanelRef<SpotPanelKind>, market: string) => {
      switch (panel.kind) {
        case 'markets':
          return <SpotMarkets symbol={symbol} />;
        case 'chart':
          return <ChartPanel symbol={market} />;
        case 'book':
          return <OrderBook symbol={market} onPick={(price, qty) => setPicked({ price, qty, at: Date.now(), symbol: market })} />;
        case 'trades':
          return <RecentTrades symbol={market} />;
        // The order form and the account strip always follow the page's market.
        case 'entry':
          return mode === 'manual' ? (
            <OrderForm symbol={symbol} picked={formPicked} />
          ) : (
            <div className={s.body} data-testid="quant-entry">
              <QuantEntry symbol={symbol} />
            </div>
          );
        case 'account':
          return <AccountPanel symbol={symbol} onTransfer={openTransfer} />;
      }
    },
    [symbol, mode, formPicked, openTransfer],
  );

  const actions = (
    <span className={s.pageActions}>
      {isNarrow ? null : <DockToolbar screen={SPOT_DOCK} layout={dock.layout} update={dock.update} reset={dock.reset} pageSymbol={symbol} symbols={symbols} />}
      <Tabs items={MODES} value={mode} onChange={setMode} />
    </span>
  );
  return (
    <Page name="currencyTransaction" title={_('nav.quant')} wide actions={actions}>
      <MarketList onChange={setMarketsKey} />
      {isNarrow ? (
        <div className={s.terminal}>
          <SpotMarkets symbol={symbol} />
          <ChartPanel symbol={symbol} />
          <OrderBook symbol={symbol} onPick={(price, qty) => setPicked({ price, qty, at: Date.now(), symbol })} />
          <RecentTrades symbol={symbol} />
          {mode === 'manual' ? <OrderForm symbol={symbol} picked={formPicked} /> : <div className={s.areas.entry}><QuantEntry symbol={symbol} /></div>}
          <AccountPanel symbol={symbol} onTransfer={openTransfer} />
        </div>
      ) : (
        <Dock screen={SPOT_DOCK} layout={dock.layout} update={dock.update} pageSymbol={symbol} symbols={symbols} renderPanel={renderPanel} />
      )}
    </Page>
  );
}
