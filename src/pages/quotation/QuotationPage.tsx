// Market quotations (spec §2 /quotation): all markets from the coin list, and the user's watchlist.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Page, Panel } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { MarketTable } from './MarketTable.tsx';

type Tab = 'all' | 'watch';
const TABS: readonly TabItem<Tab>[] = [
  { key: 'all', labelId: 'market.tab.all' },
  { key: 'watch', labelId: 'market.tab.watchlist' },
];
const WATCH_COLUMNS: readonly Column<never>[] = [
  { key: 'coin', labelId: 'market.col.coin' },
  { key: 'price', labelId: 'market.col.price', align: 'right' },
  { key: 'status', labelId: 'market.col.status' },
  { key: 'action', labelId: 'market.col.action', align: 'right' },
];

export function QuotationPage() {
  const { _ } = useLingui();
  const [tab, setTab] = useState<Tab>('all');
  return (
    <Page name="quotation" title={_('market.title')} lead={_('market.lead')}>
      <Panel>
        <Tabs items={TABS} value={tab} onChange={setTab} />
        {tab === 'all' ? <MarketTable /> : <DataTable columns={WATCH_COLUMNS} />}
      </Panel>
    </Page>
  );
}
