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
import { ContractFunds } from './ContractFunds.tsx';
import { useTransferDialog } from '../user/transfer/useTransferDialog.tsx';
import * as s from '../trade/trade.css.ts';

type Mode = 'perpetual' | 'seconds';
const MODES: readonly TabItem<Mode>[] = [
  { key: 'perpetual', labelId: 'contract.mode.perpetual' },
  { key: 'seconds', labelId: 'contract.mode.seconds' },
];

export function ContractTransactionPage() {
  const { _ } = useLingui();
  const [mode, setMode] = useState<Mode>('perpetual');
  const transfer = useTransferDialog();
  // Perpetuals trade from the contract account, seconds contracts from theirs: the transfer brings USDT in.
  const account = mode === 'perpetual' ? 'contract' : 'seconds';
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
        <div className={`${s.entry} ${s.stack}`}>
          <ContractFunds account={account} onTransfer={() => transfer.open({ asset: 'USDT', from: 'coin', to: account })} />
          {mode === 'perpetual' ? <ContractEntry /> : <SecondsEntry />}
        </div>
        <div className={s.orders}>
          <ContractTables />
        </div>
      </div>
      {transfer.element}
    </Page>
  );
}
