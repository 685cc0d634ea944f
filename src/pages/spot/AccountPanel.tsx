// The account strip under the terminal: open orders, order history, trade history, balances (signed in only), and
// the Transfer button. The dialog it opens belongs to the layout (state/dialogs.ts), not to this panel: the panel is
// remounted when the window crosses the narrow breakpoint (docked ↔ stacked), and an open dialog must outlive that.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { Balances, OrderHistory, TradeHistory } from './AccountHistory.tsx';
import { OpenOrders } from './OpenOrders.tsx';
import { barButton, tabsBar, tabsGrow } from '../user/transfer/transfer.css.ts';
import * as s from './spot.css.ts';
import * as l from './lists.css.ts';

type Tab = 'open' | 'history' | 'trades' | 'balances';
const TABS: readonly TabItem<Tab>[] = [
  { key: 'open', labelId: 'nav.currentOrders' },
  { key: 'history', labelId: 'nav.historyOrders' },
  { key: 'trades', labelId: 'spot.tab.trades' },
  { key: 'balances', labelId: 'spot.tab.balances' },
];

export function AccountPanel({ symbol, onTransfer }: { symbol: string; onTransfer(): void }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [tab, setTab] = useState<Tab>('open');
  return (
    <section className={s.areas.account} data-testid="account-panel">
      <div className={tabsBar}>
        <div className={tabsGrow}>
          <Tabs items={TABS} value={tab} onChange={setTab} />
        </div>
        {signedIn ? (
          <Button size="sm" variant="secondary" className={barButton} data-testid="open-transfer" onClick={onTransfer}>
            {_('assets.transfer')}
          </Button>
        ) : null}
      </div>
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
