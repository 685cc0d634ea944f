// Mining pools and wealth products (spec §2 /defiFinancial): product lists, the user's orders, and the rules.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Page, Panel, Prose } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

type Tab = 'wealth' | 'mining' | 'orders';
const TABS = [
  { key: 'wealth', labelId: 'defi.tab.wealth' },
  { key: 'mining', labelId: 'defi.tab.mining' },
  { key: 'orders', labelId: 'defi.tab.orders' },
] as const satisfies ReadonlyArray<{ key: Tab; labelId: string }>;

const WEALTH: readonly Column<never>[] = [
  { key: 'name', labelId: 'defi.col.name' },
  { key: 'term', labelId: 'defi.col.term', align: 'right' },
  { key: 'rate', labelId: 'defi.col.annualRate', align: 'right' },
  { key: 'remaining', labelId: 'defi.col.remaining', align: 'right' },
  { key: 'action', labelId: 'orders.col.action', align: 'right' },
];
const MINING: readonly Column<never>[] = [
  { key: 'name', labelId: 'defi.col.name' },
  { key: 'daily', labelId: 'defi.col.dailyRate', align: 'right' },
  { key: 'term', labelId: 'defi.col.term', align: 'right' },
  { key: 'range', labelId: 'defi.col.range', align: 'right' },
  { key: 'release', labelId: 'defi.col.release' },
  { key: 'action', labelId: 'orders.col.action', align: 'right' },
];
const ORDERS: readonly Column<never>[] = [
  { key: 'name', labelId: 'defi.col.name' },
  { key: 'amount', labelId: 'defi.col.amount', align: 'right' },
  { key: 'income', labelId: 'defi.col.expectedIncome', align: 'right' },
  { key: 'start', labelId: 'defi.col.start' },
  { key: 'maturity', labelId: 'defi.col.maturity' },
  { key: 'status', labelId: 'common.col.status' },
];
const RULES = [{ id: 'defi.rule.mining' }, { id: 'defi.rule.locked' }, { id: 'defi.rule.wealth' }] as const;

export function DefiFinancialPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [tab, setTab] = useState<Tab>('wealth');
  const columns = tab === 'wealth' ? WEALTH : tab === 'mining' ? MINING : ORDERS;
  return (
    <Page name="defiFinancial" title={_('defi.title')} lead={_('defi.lead')}>
      <Panel>
        <Tabs items={TABS} value={tab} onChange={setTab} />
        {tab === 'orders' && !signedIn ? <SignInPrompt /> : <DataTable columns={columns} />}
      </Panel>
      <Panel title={_('defi.rules')}>
        <Prose>
          <ul>
            {RULES.map((r) => (
              <li key={r.id}>{_(r.id)}</li>
            ))}
          </ul>
        </Prose>
      </Panel>
    </Page>
  );
}
