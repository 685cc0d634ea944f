// The account strip under the terminal: open orders, order history, trade history, balances (signed in only), and
// the Transfer button that opens the transfer dialog (coin account first, the market's quote coin preselected).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { Balances, OrderHistory, TradeHistory } from './AccountHistory.tsx';
import { OpenOrders } from './OpenOrders.tsx';
import { useTransferDialog } from '../user/transfer/useTransferDialog.tsx';
import { barButton, tabsBar, tabsGrow } from '../user/transfer/transfer.css.ts';
import { quoteAsset } from '../quotation/market-rows.ts';
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
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [tab, setTab] = useState<Tab>('open');
  const transfer = useTransferDialog();
  return (
    <section className={s.areas.account} data-testid="account-panel">
      <div className={tabsBar}>
        <div className={tabsGrow}>
          <Tabs items={TABS} value={tab} onChange={setTab} />
        </div>
        {signedIn ? (
          <Button size="sm" variant="secondary" className={barButton} data-testid="open-transfer" onClick={() => transfer.open({ asset: quoteAsset(symbol), from: 'coin' })}>
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
      {transfer.element}
    </section>
  );
}
