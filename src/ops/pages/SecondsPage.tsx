// Seconds contracts: the duration table per market (payout, loss, bounds, fee, on/off: for contracts placed after
// a change), the house account (its balance, what its open contracts could cost it, what is free; credit, debit), the
// net exposure limits per market and direction, and the timed orders' settings.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { ops } from '../client.ts';
import { can, useMe } from '../state.ts';
import { useAction, type FieldSpec } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Num, Screen, Section, Stat, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { durationText, percentText, secondsConfigRows, secondsExposureRows, secondsHouse, secondsSettings, type SecondsConfigRow } from '../views.ts';

type ExposureRow = NonNullable<ReturnType<typeof secondsExposureRows>>[number];

const configFields = (r?: SecondsConfigRow): FieldSpec[] => [
  { name: 'symbol', labelId: 'ops.col.symbol', required: true, initial: r?.market ?? 'BTCUSDT' },
  { name: 'duration', labelId: 'ops.seconds.durationS', kind: 'number', required: true, initial: r ? String(r.durationS) : '' },
  { name: 'payout', labelId: 'ops.seconds.payout', kind: 'number', initial: r?.payoutRatio ?? '', hintId: 'ops.seconds.fractionHint' },
  { name: 'loss', labelId: 'ops.seconds.loss', kind: 'number', initial: r?.lossRatio ?? '' },
  { name: 'min', labelId: 'ops.col.min', kind: 'number', initial: r?.minAmount ?? '' },
  { name: 'max', labelId: 'ops.col.max', kind: 'number', initial: r?.maxAmount ?? '' },
  { name: 'fee', labelId: 'ops.seconds.fee', kind: 'number', initial: r?.feeRate ?? '' },
  {
    name: 'enabled',
    labelId: 'ops.seconds.enabled',
    kind: 'select',
    initial: r ? String(r.enabled) : 'true',
    options: [
      { value: 'true', labelId: 'ops.yes' },
      { value: 'false', labelId: 'ops.no' },
    ],
  },
];

export default function SecondsPage() {
  const { _ } = useLingui();
  const me = useMe();
  const manage = can(me, 'markets.manage');
  const funds = can(me, 'funds.adjust');
  const [tick, reload] = useReload();
  // The table has a row per market and duration: one market at a time reads better (all: '').
  const [market, setMarket] = useState('BTCUSDT');
  const config = useLoadable((signal) => ops.read('seconds config list', {}, secondsConfigRows, { signal }), [tick]);
  const house = useLoadable((signal) => ops.read('seconds house', {}, secondsHouse, { signal }), [tick]);
  const exposure = useLoadable((signal) => ops.read('seconds exposure list', {}, secondsExposureRows, { signal }), [tick]);
  const settings = useLoadable((signal) => ops.read('seconds settings', {}, secondsSettings, { signal }), [tick]);
  const action = useAction(reload);

  const configColumns: Column<SecondsConfigRow>[] = [
    { key: 'market', labelId: 'ops.col.symbol', render: (r) => r.market },
    { key: 'duration', labelId: 'ops.col.duration', align: 'right', render: (r) => <Num>{`${r.durationS} s`}</Num> },
    { key: 'payout', labelId: 'ops.seconds.payout', align: 'right', render: (r) => <Num>{percentText(r.payoutRatio)}</Num> },
    { key: 'loss', labelId: 'ops.seconds.loss', align: 'right', render: (r) => <Num>{percentText(r.lossRatio)}</Num> },
    { key: 'min', labelId: 'ops.col.min', align: 'right', render: (r) => <Num>{r.minAmount}</Num> },
    { key: 'max', labelId: 'ops.col.max', align: 'right', render: (r) => <Num>{r.maxAmount}</Num> },
    { key: 'fee', labelId: 'ops.seconds.fee', align: 'right', render: (r) => <Num>{percentText(r.feeRate)}</Num> },
    { key: 'on', labelId: 'ops.col.status', render: (r) => <Badge status={r.enabled ? 'enabled' : 'disabled'}>{_(r.enabled ? 'ops.seconds.on' : 'ops.seconds.off')}</Badge> },
    {
      key: 'edit',
      labelId: 'ops.col.actions',
      render: (r) =>
        manage ? (
          <Button size="sm" variant="secondary" data-testid={`ops-seconds-edit-${r.market}-${r.durationS}`} onClick={() => action.open({ command: 'seconds config set', titleId: 'ops.seconds.editRow', fields: configFields(r) })}>
            {_('ops.edit')}
          </Button>
        ) : null,
    },
  ];
  const exposureColumns: Column<ExposureRow>[] = [
    { key: 'market', labelId: 'ops.col.symbol', render: (r) => r.market },
    { key: 'dir', labelId: 'ops.col.direction', render: (r) => <span className={r.direction === 'up' ? s.up : s.down}>{r.direction}</span> },
    { key: 'limit', labelId: 'ops.seconds.limit', align: 'right', render: (r) => <Num>{r.maxExposure ?? '--'}</Num> },
    { key: 'now', labelId: 'ops.seconds.exposureNow', align: 'right', render: (r) => <Num>{r.exposure}</Num> },
  ];
  const exposureFields: FieldSpec[] = [
    { name: 'symbol', labelId: 'ops.col.symbol', required: true, initial: 'BTCUSDT' },
    { name: 'direction', labelId: 'ops.col.direction', kind: 'select', initial: 'up', options: [{ value: 'up', label: 'up' }, { value: 'down', label: 'down' }] },
    { name: 'amount', labelId: 'ops.seconds.limit', required: true, hintId: 'ops.seconds.limitHint' },
  ];
  const houseAction = (credit: boolean) =>
    action.open({
      command: credit ? 'seconds house credit' : 'seconds house debit',
      titleId: credit ? 'ops.seconds.houseCredit' : 'ops.seconds.houseDebit',
      fields: [{ name: 'amount', labelId: 'ops.col.amount', kind: 'number', required: true }],
      danger: !credit,
    });

  return (
    <Screen name="seconds" title={_('ops.nav.seconds')}>
      <div className={s.grid2}>
        <Section
          title={_('ops.seconds.house')}
          testId="ops-seconds-house"
          actions={
            funds ? (
              <>
                <Button size="sm" variant="up" onClick={() => houseAction(true)} data-testid="ops-seconds-house-credit">
                  {_('ops.credit')}
                </Button>
                <Button size="sm" variant="down" onClick={() => houseAction(false)}>
                  {_('ops.debit')}
                </Button>
              </>
            ) : null
          }
        >
          <Load state={house}>
            {(h) => (
              <div className={s.stats}>
                <Stat label={_('ops.seconds.houseBalance')} value={`${h.balance} USDT`} />
                <Stat label={_('ops.seconds.houseRequired')} value={`${h.required} USDT`} />
                <Stat label={_('ops.seconds.houseFree')} value={`${h.free} USDT`} />
              </div>
            )}
          </Load>
        </Section>
        <Section
          title={_('ops.seconds.settings')}
          testId="ops-seconds-settings"
          actions={
            manage ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  action.open({
                    command: 'seconds settings set',
                    titleId: 'ops.seconds.settings',
                    fields: [
                      { name: 'horizon', labelId: 'ops.seconds.horizon', kind: 'number' },
                      { name: 'orders', labelId: 'ops.seconds.userOrders', kind: 'number' },
                      { name: 'amount', labelId: 'ops.seconds.userAmount', kind: 'number' },
                    ],
                  })
                }
              >
                {_('ops.edit')}
              </Button>
            ) : null
          }
        >
          <Load state={settings}>
            {(v) => (
              <div className={s.stats}>
                <Stat label={_('ops.seconds.horizon')} value={durationText(v.horizonS * 1000)} />
                <Stat label={_('ops.seconds.userOrders')} value={String(v.userOrders)} />
                <Stat label={_('ops.seconds.userAmount')} value={`${v.userAmount} USDT`} />
              </div>
            )}
          </Load>
        </Section>
      </div>
      <Section
        title={_('ops.seconds.table')}
        testId="ops-seconds-config"
        actions={
          <>
            {config.status === 'success' ? (
              <div style={{ width: 180 }}>
                <SelectField label={_('ops.col.symbol')} value={market} onChange={(e) => setMarket(e.target.value)} data-testid="ops-seconds-market">
                  <option value="">{_('ops.status.all')}</option>
                  {[...new Set(config.data.map((r) => r.market))].map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </SelectField>
              </div>
            ) : null}
            {manage ? (
              <Button size="sm" onClick={() => action.open({ command: 'seconds config set', titleId: 'ops.seconds.addRow', fields: configFields() })}>
                {_('ops.seconds.addRow')}
              </Button>
            ) : null}
          </>
        }
      >
        <Load state={config}>
          {(rows) => <DataTable columns={configColumns} rows={rows.filter((r) => !market || r.market === market)} rowKey={(r) => `${r.market}:${r.durationS}`} empty={<Empty />} />}
        </Load>
      </Section>
      <Section
        title={_('ops.seconds.exposure')}
        testId="ops-seconds-exposure"
        actions={
          manage ? (
            <Button size="sm" variant="secondary" onClick={() => action.open({ command: 'seconds exposure set', titleId: 'ops.seconds.setLimit', fields: exposureFields })}>
              {_('ops.seconds.setLimit')}
            </Button>
          ) : null
        }
      >
        <Load state={exposure}>{(rows) => <DataTable columns={exposureColumns} rows={rows} rowKey={(r) => `${r.market}:${r.direction}`} empty={<Empty>{_('ops.seconds.noLimits')}</Empty>} />}</Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
