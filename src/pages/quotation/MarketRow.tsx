// One market row. Memoised on its ticker object: the tickers reducer keeps unchanged tickers by identity, so a
// live update re-renders only the rows whose market moved.
import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { Ticker24h } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { toggleFavourite } from '../../state/index.ts';
import { pairName } from './market-rows.ts';
import { Sparkline } from './Sparkline.tsx';
import * as s from './markets.css.ts';

/** "--" until the market's first trade, since a zero last price would read as a price. */
export const lastOf = (t: Ticker24h): string | null => (t.count > 0 ? t.lastPrice : null);

export function ChangeText({ ticker }: { ticker: Ticker24h }) {
  const pct = Number(ticker.priceChangePercent);
  const cls = pct > 0 ? s.up : pct < 0 ? s.down : s.flat;
  return <span className={cls}>{`${pct > 0 ? '+' : ''}${formatDecimal(ticker.priceChangePercent, 2)}%`}</span>;
}

export const MarketCells = memo(function MarketCells({ ticker, favourite }: { ticker: Ticker24h; favourite: boolean }) {
  const { _ } = useLingui();
  return (
    <>
      <td className={s.cell}>
        <button
          type="button"
          className={favourite ? s.starOn : s.star}
          aria-pressed={favourite}
          aria-label={_('market.favourite')}
          data-testid="favourite"
          onClick={() => toggleFavourite(ticker.symbol)}
        >
          ★
        </button>
      </td>
      <td className={s.cell}>
        <Link to="/currencyTransaction" search={{ symbol: ticker.symbol }} className={s.pair}>
          {pairName(ticker.symbol)}
        </Link>
      </td>
      <td className={s.num} data-testid="last-price">{formatDecimal(lastOf(ticker))}</td>
      <td className={s.num}>
        <ChangeText ticker={ticker} />
      </td>
      <td className={s.num}>{formatDecimal(ticker.count > 0 ? ticker.highPrice : null)}</td>
      <td className={s.num}>{formatDecimal(ticker.count > 0 ? ticker.lowPrice : null)}</td>
      <td className={s.num}>{formatDecimal(ticker.quoteVolume, 2)}</td>
      <td className={s.cell}>
        <Sparkline symbol={ticker.symbol} />
      </td>
      <td className={s.num}>
        <Link to="/currencyTransaction" search={{ symbol: ticker.symbol }}>
          {_('market.trade')}
        </Link>
      </td>
    </>
  );
});
