// Spot and quantitative trading (spec §2 /currencyTransaction).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { ChartPanel, OrderBookPanel, RecentTradesPanel } from '../trade/BookPanels.tsx';
import { MarketsPanel } from '../trade/MarketsPanel.tsx';
import { CURRENT_ORDER_COLUMNS, HISTORY_ORDER_COLUMNS } from '../orders/columns.ts';
import { SpotEntry } from './SpotEntry.tsx';
import { QuantEntry } from './QuantEntry.tsx';
import * as s from '../trade/trade.css.ts';

type Mode = 'manual' | 'quant';
const MODES: readonly TabItem<Mode>[] = [
  { key: 'manual', labelId: 'trade.mode.manual' },
  { key: 'quant', labelId: 'trade.mode.quant' },
];
type OrdersTab = 'current' | 'history';
const ORDER_TABS: readonly TabItem<OrdersTab>[] = [
  { key: 'current', labelId: 'nav.currentOrders' },
  { key: 'history', labelId: 'nav.historyOrders' },
];

export function CurrencyTransactionPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [mode, setMode] = useState<Mode>('manual');
  const [orders, setOrders] = useState<OrdersTab>('current');
  return (
    <Page name="currencyTransaction" title={_('nav.quant')} wide actions={<Tabs items={MODES} value={mode} onChange={setMode} />}>
      <div className={s.terminal}>
        <div className={s.markets}>
          <MarketsPanel />
        </div>
        <div className={s.main}>
          <ChartPanel />
          <div className={s.stack}>
            <OrderBookPanel />
            <RecentTradesPanel />
          </div>
        </div>
        <div className={s.entry}>{mode === 'manual' ? <SpotEntry /> : <QuantEntry />}</div>
        <div className={s.orders}>
          <Panel>
            <Tabs items={ORDER_TABS} value={orders} onChange={setOrders} />
            {signedIn ? <DataTable columns={orders === 'current' ? CURRENT_ORDER_COLUMNS : HISTORY_ORDER_COLUMNS} /> : <SignInPrompt />}
          </Panel>
        </div>
      </div>
    </Page>
  );
}
