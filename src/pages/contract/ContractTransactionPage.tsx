// Contract trading (spec §2 /contractTransaction): perpetual contracts and seconds contracts.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Page } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { ChartPanel, OrderBookPanel, RecentTradesPanel } from '../trade/BookPanels.tsx';
import { MarketsPanel } from '../trade/MarketsPanel.tsx';
import { ContractEntry } from './ContractEntry.tsx';
import { SecondsEntry } from './SecondsEntry.tsx';
import { ContractTables } from './ContractTables.tsx';
import * as s from '../trade/trade.css.ts';

type Mode = 'perpetual' | 'seconds';
const MODES: readonly TabItem<Mode>[] = [
  { key: 'perpetual', labelId: 'contract.mode.perpetual' },
  { key: 'seconds', labelId: 'contract.mode.seconds' },
];

export function ContractTransactionPage() {
  const { _ } = useLingui();
  const [mode, setMode] = useState<Mode>('perpetual');
  return (
    <Page name="contractTransaction" title={_('nav.contract')} wide actions={<Tabs items={MODES} value={mode} onChange={setMode} />}>
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
        <div className={s.entry}>{mode === 'perpetual' ? <ContractEntry /> : <SecondsEntry />}</div>
        <div className={s.orders}>
          <ContractTables />
        </div>
      </div>
    </Page>
  );
}
