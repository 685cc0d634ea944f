// The market's latest trades, newest first, coloured by the taker's side.
import { useLingui } from '@lingui/react';
import { dataOf, useTrades } from '../../../streams/index.ts';
import { formatTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { qtyDecimals } from './book-ticks.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as s from './spot.css.ts';

const SHOWN = 20;

export function RecentTrades({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const loadable = useTrades(symbol);
  const trades = dataOf(loadable);
  return (
    <SpotPanel area="trades" title={_('trade.trades.title')} testId="recent-trades">
      <div className={`${s.grid3} ${s.muted}`}>
        <span>{_('trade.book.price')}</span>
        <span className={s.right}>{_('trade.book.amount')}</span>
        <span className={s.right}>{_('common.col.time')}</span>
      </div>
      {!trades || trades.length === 0 ? (
        <StreamEmpty status={loadable.status} />
      ) : (
        trades.slice(0, SHOWN).map((t) => (
          <div key={t.id} className={s.grid3}>
            <span className={`${s.mono} ${t.isBuyerMaker ? s.down : s.up}`}>{formatDecimal(t.price)}</span>
            <span className={`${s.mono} ${s.right}`}>{formatDecimal(t.qty, qtyDecimals(Number(t.qty)))}</span>
            <span className={`${s.mono} ${s.right} ${s.muted}`}>{formatTime(t.time)}</span>
          </div>
        ))
      )}
    </SpotPanel>
  );
}
