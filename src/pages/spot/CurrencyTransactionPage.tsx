// The spot terminal (spec §2 /currencyTransaction?symbol=BTCUSDT): markets, chart, book, trades, order entry,
// and the account strip. The quantitative robot keeps its own tab.
import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DEFAULT_SPOT_SYMBOL } from '../../app/search.ts';
import { Page } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { AccountPanel } from './AccountPanel.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { OrderBook } from './OrderBook.tsx';
import { OrderForm } from './OrderForm.tsx';
import { QuantEntry } from './QuantEntry.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { SpotMarkets } from './SpotMarkets.tsx';
import * as s from './spot.css.ts';

type Mode = 'manual' | 'quant';
const MODES: readonly TabItem<Mode>[] = [
  { key: 'manual', labelId: 'trade.mode.manual' },
  { key: 'quant', labelId: 'trade.mode.quant' },
];
const route = getRouteApi('/currencyTransaction');

export function CurrencyTransactionPage() {
  const { _ } = useLingui();
  const symbol = route.useSearch({ select: (q) => q.symbol ?? DEFAULT_SPOT_SYMBOL });
  const [mode, setMode] = useState<Mode>('manual');
  // A new object per click, so picking the same price twice still refills the form.
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  return (
    <Page name="currencyTransaction" title={_('nav.quant')} wide actions={<Tabs items={MODES} value={mode} onChange={setMode} />}>
      <div className={s.terminal}>
        <SpotMarkets symbol={symbol} />
        <ChartPanel symbol={symbol} />
        <OrderBook symbol={symbol} onPick={(price) => setPicked({ price, at: Date.now() })} />
        <RecentTrades symbol={symbol} />
        {mode === 'manual' ? <OrderForm symbol={symbol} picked={picked} /> : <div className={s.areas.entry}><QuantEntry /></div>}
        <AccountPanel symbol={symbol} />
      </div>
    </Page>
  );
}
