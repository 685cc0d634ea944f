// Withdrawal (spec §2 /withdrawal): the cash-out form, address management and the withdrawal records.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { UserPage } from './UserPage.tsx';
import { AUTO_DEPOSIT_COINS, WITHDRAWAL_COLUMNS } from './assets.ts';
import { formGrid } from './user.css.ts';

export function WithdrawalPage() {
  const { _ } = useLingui();
  const [coin, setCoin] = useState<string>(AUTO_DEPOSIT_COINS[0]);
  return (
    <UserPage name="withdrawal" title={_('nav.withdrawal')}>
      {() => (
        <>
          <Panel
            title={_('withdraw.form.title')}
            actions={
              <Button size="sm" variant="secondary" disabled title={_('common.comingSoon')}>
                {_('withdraw.addresses')}
              </Button>
            }
          >
            <form className={formGrid} onSubmit={(e) => e.preventDefault()}>
              <SelectField label={_('assets.col.coin')} name="coin" value={coin} onChange={(e) => setCoin(e.target.value)}>
                {AUTO_DEPOSIT_COINS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
              <TextField label={_('withdraw.col.address')} name="address" autoComplete="off" />
              <TextField label={_('common.col.amount')} name="amount" inputMode="decimal" autoComplete="off" />
              <TextField label={_('user.security.fundPassword')} name="fundPassword" type="password" autoComplete="off" />
              <Button type="submit" disabled>
                {_('withdraw.submit')}
              </Button>
            </form>
            <Note>{_('withdraw.note')}</Note>
          </Panel>
          <Panel title={_('withdraw.records')}>
            <DataTable columns={WITHDRAWAL_COLUMNS} />
          </Panel>
        </>
      )}
    </UserPage>
  );
}
