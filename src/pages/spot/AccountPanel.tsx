// The account strip under the terminal: open orders, order history, trade history, balances (signed in only).
import { useState } from 'react';
import { useSignedIn } from '../../state/index.ts';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { Balances, OrderHistory, TradeHistory } from './AccountHistory.tsx';
import { OpenOrders } from './OpenOrders.tsx';
import * as s from './spot.css.ts';
import * as l from './lists.css.ts';

type Tab = 'open' | 'history' | 'trades' | 'balances';
const TABS: readonly TabItem<Tab>[] = [
  { key: 'open', labelId: 'nav.currentOrders' },
  { key: 'history', labelId: 'nav.historyOrders' },
  { key: 'trades', labelId: 'spot.tab.trades' },
  { key: 'balances', labelId: 'spot.tab.balances' },
];

export function AccountPanel({ symbol }: { symbol: string }) {
  const signedIn = useSignedIn();
  const [tab, setTab] = useState<Tab>('open');
  return (
    <section className={s.areas.account} data-testid="account-panel">
      <Tabs items={TABS} value={tab} onChange={setTab} />
      <div className={`${s.body} ${l.accountBody}`}>
        {!signedIn ? (
          <SignInPrompt />
        ) : tab === 'open' ? (
          <OpenOrders symbol={symbol} />
        ) : tab === 'history' ? (
          <OrderHistory />
        ) : tab === 'trades' ? (
          <TradeHistory />
        ) : (
          <Balances />
        )}
      </div>
    </section>
  );
}
