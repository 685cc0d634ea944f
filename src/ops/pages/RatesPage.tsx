// Rates: the fee levels (by trailing 30-day volume; the whole table is replaced at once and checked in full) and the
// invitation commission rates (from the next UTC day on), with their history.
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Empty, Load, Num, Screen, Section, Stat, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { feeTable, feeTableText, inviteRates, percentText, ppmPercent, type FeeLevelRow } from '../views.ts';

/** JSON text without its layout, or the text itself when it isn't JSON. */
export function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
}

type RateHistory = NonNullable<ReturnType<typeof inviteRates>>['history'][number];

export default function RatesPage() {
  const { _ } = useLingui();
  const me = useMe();
  const manage = can(me, 'markets.manage');
  const [tick, reload] = useReload();
  const fees = useLoadable((signal) => ops.read('fees show', {}, feeTable, { signal }), [tick]);
  const rates = useLoadable((signal) => ops.read('invite rates', {}, inviteRates, { signal }), [tick]);
  const action = useAction(reload);

  const feeColumns: Column<FeeLevelRow>[] = [
    { key: 'level', labelId: 'ops.rates.level', align: 'right', render: (r) => r.level },
    { key: 'volume', labelId: 'ops.rates.minVolume', align: 'right', render: (r) => <Num>{r.minVolumeBtc}</Num> },
    { key: 'maker', labelId: 'ops.rates.maker', align: 'right', render: (r) => <Num>{ppmPercent(r.makerPpm)}</Num> },
    { key: 'taker', labelId: 'ops.rates.taker', align: 'right', render: (r) => <Num>{ppmPercent(r.takerPpm)}</Num> },
  ];
  const historyColumns: Column<RateHistory>[] = [
    { key: 'at', labelId: 'ops.rates.effective', render: (h) => <span className={s.num}>{formatDateTime(h.effectiveAt)}</span> },
    { key: 'l1', labelId: 'ops.rates.level1', align: 'right', render: (h) => <Num>{percentText(h.level1)}</Num> },
    { key: 'l2', labelId: 'ops.rates.level2', align: 'right', render: (h) => <Num>{percentText(h.level2)}</Num> },
    { key: 'by', labelId: 'ops.col.operator', render: (h) => h.operator },
    { key: 'reason', labelId: 'ops.col.reason', render: (h) => h.reason },
  ];

  return (
    <Screen name="rates" title={_('ops.nav.rates')}>
      <Section
        title={_('ops.rates.fees')}
        testId="ops-rates-fees"
        actions={
          manage && fees.status === 'success' ? (
            <Button
              size="sm"
              variant="secondary"
              data-testid="ops-rates-fees-edit"
              onClick={() =>
                action.open({
                  command: 'fees set',
                  titleId: 'ops.rates.editFees',
                  fields: [{ name: 'table', labelId: 'ops.rates.tableJson', kind: 'textarea', rows: 14, required: true, initial: feeTableText(fees.data.levels), hintId: 'ops.rates.tableHint' }],
                  // Sent compact (the audit log keeps it on one short line); text that isn't JSON goes as typed, for
                  // the server to refuse with its reason.
                  toArgs: (v) => ({ table: compactJson(v['table'] ?? '') }),
                })
              }
            >
              {_('ops.edit')}
            </Button>
          ) : null
        }
      >
        <Load state={fees}>
          {(t) => (
            <>
              <p className={s.muted}>{_(t.source === 'configured' ? 'ops.rates.configured' : 'ops.rates.default')}</p>
              <DataTable columns={feeColumns} rows={t.levels} rowKey={(r) => String(r.level)} empty={<Empty />} />
            </>
          )}
        </Load>
      </Section>
      <Section
        title={_('ops.rates.invite')}
        testId="ops-rates-invite"
        actions={
          manage ? (
            <Button
              size="sm"
              variant="secondary"
              data-testid="ops-rates-invite-edit"
              onClick={() =>
                action.open({
                  command: 'invite rates set',
                  titleId: 'ops.rates.editInvite',
                  fields: [
                    { name: 'level1', labelId: 'ops.rates.level1', kind: 'number', required: true, initial: rates.status === 'success' ? rates.data.level1 : '', hintId: 'ops.rates.fractionHint' },
                    { name: 'level2', labelId: 'ops.rates.level2', kind: 'number', required: true, initial: rates.status === 'success' ? rates.data.level2 : '' },
                  ],
                })
              }
            >
              {_('ops.edit')}
            </Button>
          ) : null
        }
      >
        <Load state={rates}>
          {(r) => (
            <>
              <div className={s.stats}>
                <Stat label={_('ops.rates.level1')} value={percentText(r.level1)} testId="ops-rates-level1" />
                <Stat label={_('ops.rates.level2')} value={percentText(r.level2)} />
              </div>
              {r.default ? <p className={s.muted}>{_('ops.rates.inviteDefault')}</p> : null}
              <DataTable columns={historyColumns} rows={r.history} rowKey={(h, i) => `${h.effectiveAt}:${i}`} empty={<Empty />} />
            </>
          )}
        </Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
