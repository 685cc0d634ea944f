// Earn: wealth products and mining pools (every one, closed too), adding one, changing one's name, bounds, quota,
// status or place (its terms never change), and the treasury their incomes are paid from.
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { ops } from '../client.ts';
import { can, useMe } from '../state.ts';
import { useAction, type FieldSpec } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Num, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { earnProducts, earnTreasury, percentText, type EarnProductRow } from '../views.ts';

type TreasuryRow = NonNullable<ReturnType<typeof earnTreasury>>[number];

const statusOptions = [
  { value: 'open', labelId: 'ops.earn.statusOpen' },
  { value: 'closed', labelId: 'ops.earn.statusClosed' },
];

const addFields: FieldSpec[] = [
  { name: 'kind', labelId: 'ops.col.kind', kind: 'select', initial: 'wealth', options: [{ value: 'wealth', labelId: 'ops.earn.wealth' }, { value: 'mining', labelId: 'ops.earn.mining' }] },
  { name: 'name', labelId: 'ops.col.name', required: true },
  { name: 'asset', labelId: 'ops.col.asset', required: true, initial: 'USDT' },
  { name: 'incomeAsset', labelId: 'ops.earn.incomeAsset' },
  { name: 'term', labelId: 'ops.earn.termDays', kind: 'number', required: true },
  { name: 'rate', labelId: 'ops.earn.rate', kind: 'number', required: true, hintId: 'ops.earn.rateHint' },
  { name: 'min', labelId: 'ops.col.min', kind: 'number', required: true },
  { name: 'max', labelId: 'ops.col.max', kind: 'number', required: true },
  { name: 'quota', labelId: 'ops.earn.quota', kind: 'number', required: true },
  { name: 'status', labelId: 'ops.col.status', kind: 'select', initial: 'open', options: statusOptions },
];

const setFields = (p: EarnProductRow): FieldSpec[] => [
  { name: 'name', labelId: 'ops.col.name', initial: p.name },
  { name: 'min', labelId: 'ops.col.min', kind: 'number', initial: p.minAmount },
  { name: 'max', labelId: 'ops.col.max', kind: 'number', initial: p.maxAmount },
  { name: 'quota', labelId: 'ops.earn.quota', kind: 'number', initial: p.quota },
  { name: 'status', labelId: 'ops.col.status', kind: 'select', initial: p.status, options: statusOptions },
  { name: 'sort', labelId: 'ops.earn.sort', kind: 'number', initial: String(p.sortOrder) },
];

/** Only what changed goes to `earn product set` (it refuses a call that changes nothing). */
export function changedArgs(p: EarnProductRow, values: Record<string, string>): Record<string, string> {
  const before: Record<string, string> = { name: p.name, min: p.minAmount, max: p.maxAmount, quota: p.quota, status: p.status, sort: String(p.sortOrder) };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v.trim() !== '' && v.trim() !== before[k]) out[k] = v.trim();
  return out;
}

export default function EarnPage() {
  const { _ } = useLingui();
  const me = useMe();
  const manage = can(me, 'markets.manage');
  const funds = can(me, 'funds.adjust');
  const [tick, reload] = useReload();
  const products = useLoadable((signal) => ops.read('earn product list', { all: 'true' }, earnProducts, { signal }), [tick]);
  const treasury = useLoadable((signal) => ops.read('earn treasury', {}, earnTreasury, { signal }), [tick]);
  const action = useAction(reload);

  const columns: Column<EarnProductRow>[] = [
    { key: 'id', labelId: 'ops.col.id', align: 'right', render: (p) => p.id },
    { key: 'kind', labelId: 'ops.col.kind', render: (p) => _(p.kind === 'wealth' ? 'ops.earn.wealth' : 'ops.earn.mining') },
    { key: 'name', labelId: 'ops.col.name', render: (p) => p.name },
    { key: 'asset', labelId: 'ops.col.asset', render: (p) => (p.asset === p.incomeAsset ? p.asset : `${p.asset} → ${p.incomeAsset}`) },
    { key: 'term', labelId: 'ops.earn.termDays', align: 'right', render: (p) => <Num>{String(p.termDays)}</Num> },
    { key: 'rate', labelId: 'ops.earn.annual', align: 'right', render: (p) => <Num>{percentText(p.annualRate)}</Num> },
    { key: 'bounds', labelId: 'ops.earn.bounds', align: 'right', render: (p) => <Num>{`${p.minAmount} – ${p.maxAmount}`}</Num> },
    { key: 'quota', labelId: 'ops.earn.remaining', align: 'right', render: (p) => <Num>{`${p.remaining} / ${p.quota}`}</Num> },
    {
      key: 'status',
      labelId: 'ops.col.status',
      render: (p) => (
        <>
          <Badge status={p.status}>{_(p.status === 'open' ? 'ops.earn.statusOpen' : 'ops.earn.statusClosed')}</Badge>{' '}
          {p.funded ? null : <Badge status="failed">{_('ops.earn.unfunded')}</Badge>}
        </>
      ),
    },
    {
      key: 'edit',
      labelId: 'ops.col.actions',
      render: (p) =>
        manage ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => action.open({ command: 'earn product set', args: { id: String(p.id) }, titleId: 'ops.earn.edit', titleValues: { name: p.name }, fields: setFields(p), toArgs: (v) => changedArgs(p, v) })}
          >
            {_('ops.edit')}
          </Button>
        ) : null,
    },
  ];
  const treasuryColumns: Column<TreasuryRow>[] = [
    { key: 'asset', labelId: 'ops.col.asset', render: (t) => t.asset },
    { key: 'balance', labelId: 'ops.earn.balance', align: 'right', render: (t) => <Num>{t.balance}</Num> },
    { key: 'owed', labelId: 'ops.earn.owed', align: 'right', render: (t) => <Num>{t.owed}</Num> },
    { key: 'free', labelId: 'ops.earn.free', align: 'right', render: (t) => <Num>{t.free}</Num> },
  ];
  const treasuryAction = (credit: boolean) =>
    action.open({
      command: credit ? 'earn treasury credit' : 'earn treasury debit',
      titleId: credit ? 'ops.earn.treasuryCredit' : 'ops.earn.treasuryDebit',
      fields: [
        { name: 'asset', labelId: 'ops.col.asset', required: true, initial: 'USDT' },
        { name: 'amount', labelId: 'ops.col.amount', kind: 'number', required: true },
      ],
      danger: !credit,
    });

  return (
    <Screen name="earn" title={_('ops.nav.earn')}>
      <Section
        title={_('ops.earn.products')}
        testId="ops-earn-products"
        actions={
          manage ? (
            <Button size="sm" data-testid="ops-earn-add" onClick={() => action.open({ command: 'earn product add', titleId: 'ops.earn.add', fields: addFields })}>
              {_('ops.earn.add')}
            </Button>
          ) : null
        }
      >
        <Load state={products}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(p) => String(p.id)} empty={<Empty />} />}</Load>
      </Section>
      <Section
        title={_('ops.earn.treasury')}
        testId="ops-earn-treasury"
        actions={
          funds ? (
            <>
              <Button size="sm" variant="up" data-testid="ops-earn-treasury-credit" onClick={() => treasuryAction(true)}>
                {_('ops.credit')}
              </Button>
              <Button size="sm" variant="down" data-testid="ops-earn-treasury-debit" onClick={() => treasuryAction(false)}>
                {_('ops.debit')}
              </Button>
            </>
          ) : null
        }
      >
        <Load state={treasury}>{(rows) => <DataTable columns={treasuryColumns} rows={rows} rowKey={(t) => t.asset} empty={<Empty />} />}</Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
