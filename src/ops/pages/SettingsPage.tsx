// The exchange's settings (`settings`, `settings set`): the contact modal's customer service link, chat-line ID and
// messaging-app ID that every visitor sees, and whether trading needs a certified identity. Each change asks for a
// reason and is audited like every command.
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { ops } from '../client.ts';
import { arr, nullable, obj, parser, str } from '../parse.ts';
import { can, useMe } from '../state.ts';
import { useAction, type FieldSpec } from '../ui/ActionDialog.tsx';
import { Load, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';

interface SettingRow {
  key: string;
  value: string | null;
}
const settingRows = parser<SettingRow[]>(arr(obj({ key: str, value: nullable(str) })));

/** What each key is, in the operator's words; require_real_name is a yes/no. */
const LABEL: Readonly<Record<string, string>> = {
  online_service: 'ops.settings.onlineService',
  custom_line: 'ops.settings.customLine',
  custom_whatsapp: 'ops.settings.customWhatsapp',
  require_real_name: 'ops.settings.requireRealName',
};

const valueField = (row: SettingRow): FieldSpec =>
  row.key === 'require_real_name'
    ? { name: 'value', labelId: 'ops.settings.value', kind: 'select', required: true, initial: row.value ?? '0', options: [{ value: '1', labelId: 'ops.yes' }, { value: '0', labelId: 'ops.no' }] }
    : { name: 'value', labelId: 'ops.settings.value', required: true, initial: row.value ?? '' };

export default function SettingsPage() {
  const { _ } = useLingui();
  const me = useMe();
  const manage = can(me, 'markets.manage');
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.read('settings', {}, settingRows, { signal }), [tick]);
  const action = useAction(reload);
  const shown = (row: SettingRow) => (row.value === null ? _('ops.settings.unset') : row.key === 'require_real_name' ? _(row.value === '1' ? 'ops.yes' : 'ops.no') : row.value);
  const columns: Column<SettingRow>[] = [
    { key: 'what', labelId: 'ops.settings.setting', render: (r) => (LABEL[r.key] ? _(LABEL[r.key]!) : r.key) },
    { key: 'key', labelId: 'ops.settings.key', render: (r) => <code>{r.key}</code> },
    { key: 'value', labelId: 'ops.settings.value', render: (r) => <span data-testid={`ops-setting-${r.key}`}>{shown(r)}</span> },
    {
      key: 'edit',
      labelId: 'ops.col.actions',
      align: 'right',
      render: (r) =>
        manage ? (
          <Button
            size="sm"
            variant="secondary"
            data-testid={`ops-setting-edit-${r.key}`}
            onClick={() => action.open({ command: 'settings set', args: { key: r.key }, titleId: 'ops.settings.edit', titleValues: { key: r.key }, fields: [valueField(r)], testId: 'ops-setting' })}
          >
            {_('ops.edit')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Screen name="settings" title={_('ops.nav.settings')}>
      <p className={s.muted}>{_('ops.settings.lead')}</p>
      <Section>
        <Load state={state}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(r) => r.key} />}</Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
