// Markets: each market's status and trading rules; open, close (halt) and maintenance, each with its reason.
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { ops } from '../client.ts';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Num, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { marketRows, type MarketRow } from '../views.ts';

const STATUS_IDS: Record<MarketRow['status'], string> = { open: 'ops.markets.open', closed: 'ops.markets.closed', maintenance: 'ops.markets.maintenance' };

export default function MarketsPage() {
  const { _ } = useLingui();
  const me = useMe();
  const manage = can(me, 'markets.manage');
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.read('market list', {}, marketRows, { signal }), [tick]);
  const action = useAction(reload);
  const set = (m: MarketRow, to: 'open' | 'close' | 'maintenance') =>
    action.open({
      command: `market ${to}`,
      args: { symbol: m.symbol },
      titleId: to === 'open' ? 'ops.markets.doOpen' : to === 'close' ? 'ops.markets.doClose' : 'ops.markets.doMaintenance',
      titleValues: { symbol: m.symbol },
      danger: to !== 'open',
      testId: 'ops-market-action',
    });
  const columns: Column<MarketRow>[] = [
    { key: 'symbol', labelId: 'ops.col.symbol', render: (m) => <strong>{m.symbol}</strong> },
    { key: 'kind', labelId: 'ops.col.kind', render: (m) => m.kind },
    { key: 'status', labelId: 'ops.col.status', render: (m) => <Badge status={m.status}>{_(STATUS_IDS[m.status])}</Badge> },
    { key: 'tick', labelId: 'ops.markets.tick', align: 'right', render: (m) => <Num>{m.tickSize}</Num> },
    { key: 'lot', labelId: 'ops.markets.lot', align: 'right', render: (m) => <Num>{m.lotSize}</Num> },
    { key: 'qty', labelId: 'ops.markets.qty', align: 'right', render: (m) => <Num>{`${m.minQty} – ${m.maxQty}`}</Num> },
    { key: 'notional', labelId: 'ops.markets.notional', align: 'right', render: (m) => <Num>{`${m.minNotional} – ${m.maxNotional}`}</Num> },
    { key: 'band', labelId: 'ops.markets.band', align: 'right', render: (m) => <Num>{`${m.priceBandPercent}%`}</Num> },
    {
      key: 'act',
      labelId: 'ops.col.actions',
      render: (m) =>
        manage ? (
          <div className={s.actions}>
            {m.status !== 'open' ? (
              <Button size="sm" variant="up" data-testid={`ops-market-open-${m.symbol}`} onClick={() => set(m, 'open')}>
                {_('ops.markets.resume')}
              </Button>
            ) : null}
            {m.status !== 'closed' ? (
              <Button size="sm" variant="down" data-testid={`ops-market-close-${m.symbol}`} onClick={() => set(m, 'close')}>
                {_('ops.markets.halt')}
              </Button>
            ) : null}
            {m.status === 'open' ? (
              <Button size="sm" variant="secondary" data-testid={`ops-market-maintenance-${m.symbol}`} onClick={() => set(m, 'maintenance')}>
                {_('ops.markets.maintain')}
              </Button>
            ) : null}
          </div>
        ) : null,
    },
  ];
  return (
    <Screen name="markets" title={_('ops.nav.markets')}>
      <Section>
        <Load state={state}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(m) => m.symbol} empty={<Empty />} />}</Load>
      </Section>
      {action.dialog}
    </Screen>
  );
}
