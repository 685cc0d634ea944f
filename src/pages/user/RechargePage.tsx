// Deposit (spec §2 /recharge): coin, deposit address, the rules, and the deposit records.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { openContact } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Panel, Prose } from '../../ui/Page.tsx';
import { UserPage } from './UserPage.tsx';
import { AUTO_DEPOSIT_COINS, DEPOSIT_CONFIRMATIONS, MIN_DEPOSIT, RECHARGE_COLUMNS } from './assets.ts';
import { formGrid } from './user.css.ts';

export function RechargePage() {
  const { _ } = useLingui();
  const [coin, setCoin] = useState<string>(AUTO_DEPOSIT_COINS[0]);
  return (
    <UserPage name="recharge" title={_('nav.recharge')}>
      {() => (
        <>
          <Panel>
            <div className={formGrid}>
              <SelectField label={_('assets.col.coin')} name="coin" value={coin} onChange={(e) => setCoin(e.target.value)}>
                {AUTO_DEPOSIT_COINS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
            </div>
            <EmptyState>{_('recharge.noAddress')}</EmptyState>
          </Panel>
          <Panel title={_('recharge.rules.title')}>
            <Prose>
              <ul>
                <li>{_('recharge.rules.min', { amount: MIN_DEPOSIT, coin })}</li>
                <li>{_('recharge.rules.confirmations', { count: DEPOSIT_CONFIRMATIONS })}</li>
                <li>{_('recharge.rules.coins', { coins: AUTO_DEPOSIT_COINS.join(', ') })}</li>
              </ul>
            </Prose>
            <div>
              <Button size="sm" variant="secondary" onClick={openContact}>
                {_('footer.customerService')}
              </Button>
            </div>
          </Panel>
          <Panel title={_('recharge.records')}>
            <DataTable columns={RECHARGE_COLUMNS} />
          </Panel>
        </>
      )}
    </UserPage>
  );
}
