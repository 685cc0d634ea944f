// Asset records (spec §2 /assetRecords): every balance change, filtered by type.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { DataTable } from '../../ui/DataTable.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { Panel } from '../../ui/Page.tsx';
import { UserPage } from './UserPage.tsx';
import { RECORD_COLUMNS, RECORD_TYPES } from './assets.ts';
import { formGrid } from './user.css.ts';

export function AssetRecordsPage() {
  const { _ } = useLingui();
  const [type, setType] = useState('all');
  return (
    <UserPage name="assetRecords" title={_('nav.assetRecords')}>
      {() => (
        <Panel>
          <div className={formGrid}>
            <SelectField label={_('records.col.type')} name="type" value={type} onChange={(e) => setType(e.target.value)}>
              <option value="all">{_('common.all')}</option>
              {RECORD_TYPES.map((t) => (
                <option key={t.key} value={t.key}>
                  {_(t.labelId)}
                </option>
              ))}
            </SelectField>
          </div>
          <DataTable columns={RECORD_COLUMNS} />
        </Panel>
      )}
    </UserPage>
  );
}
