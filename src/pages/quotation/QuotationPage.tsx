// Market quotations (spec §2 /quotation): every market live from the tickers stream, and the user's watchlist.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Page, Panel } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { MarketList } from './MarketList.tsx';

type Tab = 'all' | 'watch';
const TABS: readonly TabItem<Tab>[] = [
  { key: 'all', labelId: 'market.tab.all' },
  { key: 'watch', labelId: 'market.tab.watchlist' },
];

export function QuotationPage() {
  const { _ } = useLingui();
  const [tab, setTab] = useState<Tab>('all');
  return (
    <Page name="quotation" title={_('market.title')} lead={_('market.lead')} wide>
      <Panel>
        <Tabs items={TABS} value={tab} onChange={setTab} />
        <MarketList watchlist={tab === 'watch'} />
      </Panel>
    </Page>
  );
}
