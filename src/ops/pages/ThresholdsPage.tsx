// The four-eyes thresholds: per asset, the amount over which a credit (and a house, treasury or insurance credit) or
// a withdrawal approval waits for a second operator.
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { can, useMe } from '../state.ts';
import { useAction, type FieldSpec } from '../ui/ActionDialog.tsx';
import { Empty, Load, Num, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { thresholds, type ThresholdRow } from '../views.ts';

const fields = (asset?: string, amount?: string): FieldSpec[] => [
  { name: 'asset', labelId: 'ops.col.asset', required: true, initial: asset ?? 'USDT' },
  { name: 'amount', labelId: 'ops.thresholds.amount', kind: 'number', required: true, initial: amount ?? '', hintId: 'ops.thresholds.amountHint' },
];

export default function ThresholdsPage() {
  const { _ } = useLingui();
  const me = useMe();
  const manage = can(me, 'markets.manage');
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.read('approval threshold', {}, thresholds, { signal }), [tick]);
  const action = useAction(reload);
  const columns: Column<ThresholdRow>[] = [
    { key: 'asset', labelId: 'ops.col.asset', render: (t) => t.asset },
    { key: 'amount', labelId: 'ops.thresholds.amount', align: 'right', render: (t) => <Num>{t.amount}</Num> },
    { key: 'by', labelId: 'ops.thresholds.setBy', render: (t) => (t.setBy ? `${t.setBy} · ${formatDateTime(t.setAt ?? null)}` : '--') },
    {
      key: 'edit',
      labelId: 'ops.col.actions',
      render: (t) =>
        manage ? (
          <Button size="sm" variant="secondary" onClick={() => action.open({ command: 'approval threshold set', titleId: 'ops.thresholds.set', fields: fields(t.asset, t.amount) })}>
            {_('ops.edit')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Screen
      name="thresholds"
      title={_('ops.nav.thresholds')}
      actions={
        manage ? (
          <Button size="sm" data-testid="ops-threshold-add" onClick={() => action.open({ command: 'approval threshold set', titleId: 'ops.thresholds.set', fields: fields(), testId: 'ops-threshold' })}>
            {_('ops.thresholds.set')}
          </Button>
        ) : null
      }
    >
      <p className={s.muted}>{_('ops.thresholds.lead')}</p>
      <Section>
        <Load state={state}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(t) => t.asset} empty={<Empty>{_('ops.thresholds.none')}</Empty>} />}</Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
