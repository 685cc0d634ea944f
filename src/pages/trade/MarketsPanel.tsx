// The compact market list beside a trading screen (real data from the coin list).
import { useLingui } from '@lingui/react';
import { fetchCoinList } from '../../api/market.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Panel } from '../../ui/Page.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { compactRow, priceCell } from './trade.css.ts';

export function MarketsPanel() {
  const { _ } = useLingui();
  const coins = useLoadable((signal) => fetchCoinList({ signal, notify: false }), []);
  return (
    <Panel title={_('trade.markets')}>
      {coins.status === 'pending' ? (
        <EmptyState>{_('common.loading')}</EmptyState>
      ) : coins.status === 'error' ? (
        <EmptyState>{_('common.loadFailed')}</EmptyState>
      ) : coins.data.length === 0 ? (
        <EmptyState />
      ) : (
        <div>
          {coins.data.map((c) => (
            <div key={c.codeName} className={compactRow}>
              <span>{c.codeName}</span>
              <span className={priceCell}>{formatDecimal(c.price)}</span>
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
