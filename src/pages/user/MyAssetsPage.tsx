// My assets (spec §2): the total, then each account's balances, with deposit, withdrawal and transfer.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { EMPTY_VALUE } from '../../format/decimal.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { UserPage } from './UserPage.tsx';
import { ACCOUNT_TABS, BALANCE_COLUMNS, type AccountKind } from './assets.ts';
import * as s from './user.css.ts';

export function MyAssetsPage() {
  const { _ } = useLingui();
  const [account, setAccount] = useState<AccountKind>('coin');
  return (
    <UserPage name="myassets" title={_('nav.myAssets')}>
      {() => (
        <>
          <Panel
            title={_('assets.total')}
            actions={
              <span className={s.copyRow}>
                <Link to="/recharge" className={buttonClass('primary', 'sm')}>
                  {_('nav.recharge')}
                </Link>
                <Link to="/withdrawal" className={buttonClass('secondary', 'sm')}>
                  {_('nav.withdrawal')}
                </Link>
                <Button size="sm" variant="secondary" disabled title={_('common.comingSoon')}>
                  {_('assets.transfer')}
                </Button>
              </span>
            }
          >
            <span className={s.total}>{EMPTY_VALUE}</span>
            <Note>{_('assets.totalNote')}</Note>
          </Panel>
          <Panel>
            <Tabs items={ACCOUNT_TABS} value={account} onChange={setAccount} />
            <DataTable columns={BALANCE_COLUMNS} />
          </Panel>
        </>
      )}
    </UserPage>
  );
}
