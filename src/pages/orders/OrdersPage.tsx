// Orders (spec §2 /commin): ?active=1 current orders, ?active=2 order history.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { OrdersTab } from '../../app/search.ts';
import { useSignedIn } from '../../state/index.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { CURRENT_ORDER_COLUMNS, HISTORY_ORDER_COLUMNS } from './columns.ts';

const TABS: readonly TabItem<OrdersTab>[] = [
  { key: 1, labelId: 'nav.currentOrders' },
  { key: 2, labelId: 'nav.historyOrders' },
];

export function OrdersPage() {
  const { _ } = useLingui();
  const { active } = useSearch({ from: '/commin' });
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <Page name="commin" title={_('orders.title')}>
      <Panel>
        <Tabs items={TABS} value={active} onChange={(key) => void navigate({ to: '/commin', search: { active: key } })} />
        {signedIn ? <DataTable columns={active === 1 ? CURRENT_ORDER_COLUMNS : HISTORY_ORDER_COLUMNS} /> : <SignInPrompt />}
      </Panel>
    </Page>
  );
}
