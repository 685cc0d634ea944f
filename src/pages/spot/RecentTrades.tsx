// The market's latest trades, newest first, coloured by the taker's side; virtualised, filling the panel's body.
import { useLingui } from '@lingui/react';
import { Virtuoso } from 'react-virtuoso';
import { dataOf, useTrades } from '../../../streams/index.ts';
import { formatTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { qtyDecimals } from './book-ticks.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as s from './spot.css.ts';
import * as l from './lists.css.ts';

export function RecentTrades({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const loadable = useTrades(symbol);
  const trades = dataOf(loadable);
  return (
    <SpotPanel area="trades" title={_('trade.trades.title')} testId="recent-trades" bodyClass={l.listBody}>
      <div className={`${s.grid3} ${s.muted}`}>
        <span>{_('trade.book.price')}</span>
        <span className={s.right}>{_('trade.book.amount')}</span>
        <span className={s.right}>{_('common.col.time')}</span>
      </div>
      {!trades || trades.length === 0 ? (
        <StreamEmpty status={loadable.status} />
      ) : (
        <div className={l.tradesFill}>
          <Virtuoso
            className={l.fillScroller}
            data={trades}
            computeItemKey={(_i, t) => t.id}
            itemContent={(_i, t) => (
              <div className={s.grid3} data-testid="trade-row">
                <span className={`${s.mono} ${t.isBuyerMaker ? s.down : s.up}`}>{formatDecimal(t.price)}</span>
                <span className={`${s.mono} ${s.right}`}>{formatDecimal(t.qty, qtyDecimals(Number(t.qty)))}</span>
                <span className={`${s.mono} ${s.right} ${s.muted}`}>{formatTime(t.time)}</span>
              </div>
            )}
          />
        </div>
      )}
    </SpotPanel>
  );
}
