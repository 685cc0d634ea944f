// Perpetuals: the insurance fund (balance and latest movements; a contribution from outside, over the threshold: a
// second operator approves), each market's recorded mark, index and funding with its leverage brackets (`perp markets`,
// the CLI's read), and every open position with its risk figures (the desk's memory). Nothing here changes a user's
// position.
import { Fragment, useState } from 'react';
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
import { formatDateTime } from '../../format/date.ts';
import { insuranceRead, perpMarketRows, perpPositionRows, type InsuranceRead, type PerpMarketRow, type PerpPositionRow } from '../views.ts';

export default function PerpPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [symbol, setSymbol] = useState('');
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.read('perp positions', filter ? { symbol: filter } : {}, perpPositionRows, { signal }), [filter, tick]);
  const fund = useLoadable((signal) => ops.read('perp insurance', { limit: '5' }, insuranceRead, { signal }), [tick]);
  const markets = useLoadable((signal) => ops.read('perp markets', {}, perpMarketRows, { signal }), [tick]);
  const action = useAction(() => reload());

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
  const movements: Column<InsuranceRead['latest'][number]>[] = [
    { key: 'time', labelId: 'ops.col.time', render: (m) => <span className={s.num}>{formatDateTime(m.time)}</span> },
    { key: 'reason', labelId: 'ops.perp.movement', render: (m) => m.reason },
    { key: 'amount', labelId: 'ops.col.amount', align: 'right', render: (m) => <Num tone="signed">{m.amount}</Num> },
    { key: 'balance', labelId: 'ops.perp.balance', align: 'right', render: (m) => <Num>{m.balance}</Num> },
  ];
  const marketColumns: Column<PerpMarketRow>[] = [
    { key: 'symbol', labelId: 'ops.col.symbol', render: (m) => m.symbol },
    { key: 'mark', labelId: 'ops.col.markPrice', align: 'right', render: (m) => <Num>{m.mark ?? '--'}</Num> },
    { key: 'index', labelId: 'ops.perp.index', align: 'right', render: (m) => <Num>{m.index ?? '--'}</Num> },
    { key: 'funding', labelId: 'ops.perp.fundingRate', align: 'right', render: (m) => <Num tone="signed">{m.fundingRatePercent === null ? '--' : `${m.fundingRatePercent}%`}</Num> },
    {
      key: 'last',
      labelId: 'ops.perp.lastFunding',
      align: 'right',
      render: (m) => <Num>{m.lastFunding === null ? '--' : `${m.lastFunding.ratePercent}% · ${formatDateTime(m.lastFunding.time)}`}</Num>,
    },
    { key: 'lev', labelId: 'ops.perp.maxLeverage', align: 'right', render: (m) => <Num>{`${m.maxLeverage}×`}</Num> },
    {
      key: 'brackets',
      labelId: 'ops.perp.brackets',
      align: 'right',
      render: (m) => (
        <Button size="sm" variant="secondary" data-testid={`ops-perp-brackets-${m.symbol}`} onClick={() => setOpen(open === m.symbol ? null : m.symbol)}>
          {_('ops.perp.bracketCount', { count: m.brackets.length })}
        </Button>
      ),
    },
  ];
  const bracketColumns: Column<PerpMarketRow['brackets'][number]>[] = [
    { key: 'n', labelId: 'ops.perp.bracket', render: (b) => String(b.bracket) },
    { key: 'floor', labelId: 'ops.perp.notional', align: 'right', render: (b) => <Num>{`${b.notionalFloor} – ${b.notionalCap}`}</Num> },
    { key: 'lev', labelId: 'ops.perp.maxLeverage', align: 'right', render: (b) => <Num>{`${b.maxLeverage}×`}</Num> },
    { key: 'mmr', labelId: 'ops.perp.mmr', align: 'right', render: (b) => <Num>{`${b.maintenanceMarginRatePercent}%`}</Num> },
    { key: 'cum', labelId: 'ops.perp.maintenanceAmount', align: 'right', render: (b) => <Num>{b.maintenanceAmount}</Num> },
  ];
  const opened = (rows: readonly PerpMarketRow[]) => rows.find((m) => m.symbol === open);

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
          <Load state={fund}>
            {(f) => (
              <Fragment>
                <Stat label={_('ops.perp.balance')} value={`${f.balance} ${f.asset}`} testId="ops-perp-fund-balance" />
                <DataTable columns={movements} rows={f.latest} rowKey={(m) => String(m.seq)} empty={<Empty>{_('ops.perp.noMovements')}</Empty>} />
              </Fragment>
            )}
          </Load>
        </Section>
        <Section title={_('ops.perp.bracketsOf', { symbol: open ?? '' })} testId="ops-perp-bracket-table">
          <Load state={markets}>
            {(rows) => {
              const m = opened(rows);
              return m ? <DataTable columns={bracketColumns} rows={m.brackets} rowKey={(b) => String(b.bracket)} /> : <Empty>{_('ops.perp.pickMarket')}</Empty>;
            }}
          </Load>
        </Section>
      </div>
      <Section title={_('ops.perp.markets')} testId="ops-perp-markets">
        <Load state={markets}>{(rows) => <DataTable columns={marketColumns} rows={rows} rowKey={(m) => m.symbol} empty={<Empty>{_('ops.perp.noMarkets')}</Empty>} />}</Load>
      </Section>
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
