// Positions, entrusted and closed orders, transfer records and seconds contracts, one tab each. The transfer records
// are the user's transfers between accounts (the same live, server-paged list as on /myassets).
import { useState } from 'react';
import { useSignedIn } from '../../state/index.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { TransferRecords } from '../user/TransferRecords.tsx';
import { CONTRACT_COLUMNS, CONTRACT_TABS, type ContractTab } from './columns.ts';

export function ContractTables() {
  const signedIn = useSignedIn();
  const [tab, setTab] = useState<ContractTab>('positions');
  return (
    <Panel>
      <Tabs items={CONTRACT_TABS} value={tab} onChange={setTab} />
      {!signedIn ? <SignInPrompt /> : tab === 'transfers' ? <TransferRecords /> : <DataTable columns={CONTRACT_COLUMNS[tab]} />}
    </Panel>
  );
}
