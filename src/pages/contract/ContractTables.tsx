// Positions, pending and conditional orders, closed orders, transfer records and funding history, one tab each:
// /contract's tables (every market, growing with the page). The terminal places the same tables in dock panels of
// their own, so each is exported on its own too.
import { useState } from 'react';
import { Panel } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { TransferRecords } from '../user/TransferRecords.tsx';
import { ClosedOrdersTable } from './ClosedOrdersTable.tsx';
import { CONTRACT_TABS, type ContractTab } from './columns.ts';
import { ConditionalsTable } from './ConditionalsTable.tsx';
import { FundingTable } from './FundingTable.tsx';
import { OpenOrdersTable } from './OpenOrdersTable.tsx';
import { PositionsTable } from './PositionsTable.tsx';
import { SignedIn, type TableProps } from './SignedIn.tsx';

export { ClosedOrdersTable, ConditionalsTable, FundingTable, OpenOrdersTable, PositionsTable };

export function ContractTables({ symbol, scroll = 'window' }: TableProps) {
  const [tab, setTab] = useState<ContractTab>('positions');
  const props = { symbol, scroll };
  return (
    <Panel>
      <Tabs items={CONTRACT_TABS} value={tab} onChange={setTab} />
      <div data-testid={`contract-tables-${tab}`}>
        {tab === 'positions' ? (
          <PositionsTable {...props} />
        ) : tab === 'current' ? (
          <OpenOrdersTable {...props} />
        ) : tab === 'conditional' ? (
          <ConditionalsTable {...props} />
        ) : tab === 'closed' ? (
          <ClosedOrdersTable {...props} />
        ) : tab === 'transfers' ? (
          <SignedIn>
            <TransferRecords scroll={scroll} />
          </SignedIn>
        ) : (
          <FundingTable {...props} />
        )}
      </div>
    </Panel>
  );
}
