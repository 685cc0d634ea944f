// Perpetuals: every open position with its risk figures (the desk's memory), the marks they are at per market, and
// the insurance fund (a contribution from outside, over the threshold: a second operator approves). Nothing here
// changes a user's position.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { ops } from '../client.ts';
import { OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Empty, Load, Num, Screen, Section, Stat, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { insuranceResult, marksOf, perpPositionRows, type MarkRow, type PerpPositionRow } from '../views.ts';

export default function PerpPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [symbol, setSymbol] = useState('');
  const [filter, setFilter] = useState('');
  const [fund, setFund] = useState<{ asset: string; balance: string } | null>(null);
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.read('perp positions', filter ? { symbol: filter } : {}, perpPositionRows, { signal }), [filter, tick]);
  const action = useAction((result) => {
    const r = insuranceResult(result.data);
    if (r) setFund({ asset: r.asset, balance: r.balance });
    reload();
  });

  const positions: Column<PerpPositionRow>[] = [
    { key: 'user', labelId: 'ops.col.user', render: (p) => <OpsLink to={`/users/${p.userId}`}>{p.email ?? p.userId}</OpsLink> },
    { key: 'symbol', labelId: 'ops.col.symbol', render: (p) => p.symbol },
    { key: 'side', labelId: 'ops.col.side', render: (p) => <span className={p.side === 'long' ? s.up : s.down}>{p.side}</span> },
    { key: 'size', labelId: 'ops.col.size', align: 'right', render: (p) => <Num>{p.size}</Num> },
    { key: 'entry', labelId: 'ops.col.entryPrice', align: 'right', render: (p) => <Num>{p.entryPrice}</Num> },
    { key: 'mark', labelId: 'ops.col.markPrice', align: 'right', render: (p) => <Num>{p.markPrice ?? '--'}</Num> },
    { key: 'lev', labelId: 'ops.col.leverage', align: 'right', render: (p) => <Num>{`${p.leverage}× ${p.marginMode}`}</Num> },
    { key: 'margin', labelId: 'ops.col.margin', align: 'right', render: (p) => <Num>{p.margin}</Num> },
    { key: 'mm', labelId: 'ops.perp.maintenance', align: 'right', render: (p) => <Num>{p.maintenanceMargin}</Num> },
    { key: 'pnl', labelId: 'ops.col.pnl', align: 'right', render: (p) => <Num tone="signed">{p.unrealizedPnl}</Num> },
    { key: 'liq', labelId: 'ops.col.liquidation', align: 'right', render: (p) => <Num>{p.liquidationPrice ?? '--'}</Num> },
    { key: 'adl', labelId: 'ops.perp.adl', align: 'right', render: (p) => <Num>{p.adl === null ? '--' : String(p.adl)}</Num> },
  ];
  const marks: Column<MarkRow>[] = [
    { key: 'symbol', labelId: 'ops.col.symbol', render: (m) => m.symbol },
    { key: 'mark', labelId: 'ops.col.markPrice', align: 'right', render: (m) => <Num>{m.mark ?? '--'}</Num> },
    { key: 'long', labelId: 'ops.perp.longs', align: 'right', render: (m) => <Num>{String(m.long)}</Num> },
    { key: 'short', labelId: 'ops.perp.shorts', align: 'right', render: (m) => <Num>{String(m.short)}</Num> },
  ];

  return (
    <Screen name="perp" title={_('ops.nav.perp')}>
      <div className={s.grid2}>
        <Section
          title={_('ops.perp.insurance')}
          testId="ops-perp-insurance"
          actions={
            can(me, 'funds.adjust') ? (
              <Button
                size="sm"
                variant="up"
                data-testid="ops-perp-fund"
                onClick={() => action.open({ command: 'perp insurance fund', titleId: 'ops.perp.fund', fields: [{ name: 'amount', labelId: 'ops.col.amount', kind: 'number', required: true }, { name: 'memo', labelId: 'ops.perp.memo' }] })}
              >
                {_('ops.perp.fund')}
              </Button>
            ) : null
          }
        >
          {fund ? <Stat label={_('ops.perp.balance')} value={`${fund.balance} ${fund.asset}`} testId="ops-perp-fund-balance" /> : <p className={s.muted}>{_('ops.perp.balanceAfter')}</p>}
        </Section>
        <Section title={_('ops.perp.marks')} testId="ops-perp-marks">
          <Load state={state}>{(rows) => <DataTable columns={marks} rows={marksOf(rows)} rowKey={(m) => m.symbol} empty={<Empty>{_('ops.perp.noMarks')}</Empty>} />}</Load>
        </Section>
      </div>
      <Section
        title={_('ops.perp.positions')}
        testId="ops-perp-positions"
        actions={
          <form
            className={s.toolbar}
            onSubmit={(e) => {
              e.preventDefault();
              setFilter(symbol.trim().toUpperCase());
            }}
          >
            <TextField label={_('ops.col.symbol')} value={symbol} placeholder="BTCUSDT" onChange={(e) => setSymbol(e.target.value)} />
            <Button type="submit" size="sm" variant="secondary">
              {_('ops.filter')}
            </Button>
          </form>
        }
      >
        <Load state={state}>{(rows) => <DataTable columns={positions} rows={rows} rowKey={(p, i) => `${p.userId}:${p.symbol}:${p.side}:${i}`} empty={<Empty>{_('ops.perp.none')}</Empty>} />}</Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
