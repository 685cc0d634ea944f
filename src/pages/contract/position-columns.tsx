// The position columns: market with direction, leverage and margin type; size in lots and coin; entry, mark and
// liquidation prices; margin (isolated: adjustable); margin ratio; unrealized P&L with ROE; the ADL lights; TP/SL
// (editable); close at market or at a limit. Each cell carries a data-testid for the browser tests, and each column
// names the fields it shows, so a row re-rendered by a mark draws again only the cells whose figures moved.
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import type { ContractPositionItem } from '../../contract.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { baseAsset } from '../quotation/market-rows.ts';
import { ADL_LIGHTS, adlLit, DIRECTION_LABEL, MARGIN_TYPE_LABEL, marginRisk, percentText, signedAmount, trendOf } from './columns.ts';
import * as s from './tables.css.ts';

export type PositionDialogKind = 'tpsl' | 'margin' | 'limit';

/** A column and the fields of the position its cell shows (the cell is drawn again only when one of them changes). */
export interface PositionColumn extends Column<ContractPositionItem> {
  readonly shows: readonly (keyof ContractPositionItem)[];
}

export interface PositionActions {
  /** Opens a position's dialog; `opener` is the control clicked, where the focus goes back after. */
  open(kind: PositionDialogKind, symbol: string, opener: HTMLElement): void;
  closeAtMarket(symbol: string): void;
  /** Positions whose market close is in flight. */
  closing: ReadonlySet<string>;
}

function Adl({ quantile }: { quantile: number | null }) {
  const { _ } = useLingui();
  const lit = adlLit(quantile);
  return (
    <span className={s.adl} role="img" aria-label={_('contract.pos.adlTitle', { lit, of: ADL_LIGHTS })} data-testid="position-adl" data-lit={lit}>
      {Array.from({ length: ADL_LIGHTS }, (_unused, i) => (
        <span key={i} className={s.adlLight[i < lit ? 'on' : 'off']} />
      ))}
    </span>
  );
}

/**
 * A figure that moves with the marks (mark price, liquidation price, margin ratio, P&L, ROE), in a box of its own
 * length (tables.css.ts `live`): a tick that leaves its length as it was lays out that box alone, not the table.
 */
function LiveText({ text, className, testId, sub = false }: { text: string; className: string; testId: string; sub?: boolean }) {
  return (
    <span className={`${className} ${sub ? s.liveSub : s.live}`} style={{ width: `${text.length}ch` }} data-testid={testId}>
      {text}
    </span>
  );
}

export function usePositionColumns(actions: PositionActions): PositionColumn[] {
  const { _ } = useLingui();
  const { open, closeAtMarket, closing } = actions;
  return useMemo(
    () => [
      {
        key: 'market',
        labelId: 'contract.col.market',
        shows: ['codeName', 'direction', 'leverage', 'marginType'],
        render: (p) => (
          <span className={s.market}>
            <span className={s.marketName}>{p.codeName}</span>
            <span className={s.tags}>
              <span className={s.direction[p.direction]} data-testid="position-direction">
                {_(DIRECTION_LABEL[p.direction])}
              </span>
              <span className={s.plainTag} data-testid="position-leverage">{`${p.leverage}x`}</span>
              <span className={s.plainTag} data-testid="position-margin-type">
                {_(MARGIN_TYPE_LABEL[p.marginType])}
              </span>
            </span>
          </span>
        ),
      },
      {
        key: 'size',
        labelId: 'contract.pos.sizeLots',
        align: 'right',
        shows: ['direction', 'lots', 'quantity', 'symbol'],
        render: (p) => (
          <span data-testid="position-size">
            <span className={s.trend[p.direction === 'long' ? 'up' : 'down']}>{p.lots}</span>
            <span className={s.sub}>{`${formatDecimal(p.quantity, 8)} ${baseAsset(p.symbol)}`}</span>
          </span>
        ),
      },
      { key: 'entry', labelId: 'contract.pos.entryPrice', align: 'right', shows: ['entryPrice'], render: (p) => <span className={s.num} data-testid="position-entry">{formatDecimal(p.entryPrice)}</span> },
      { key: 'mark', labelId: 'perp.markPrice', align: 'right', shows: ['markPrice'], render: (p) => <LiveText className={s.num} testId="position-mark" text={formatDecimal(p.markPrice)} /> },
      { key: 'liq', labelId: 'contract.pos.liqPrice', align: 'right', shows: ['liquidationPrice'], render: (p) => <LiveText className={s.num} testId="position-liq" text={formatDecimal(p.liquidationPrice)} /> },
      {
        key: 'margin',
        labelId: 'contract.col.margin',
        align: 'right',
        shows: ['margin', 'marginType', 'symbol'],
        render: (p) => (
          <span className={s.inline}>
            <span className={s.num} data-testid="position-margin">
              {formatDecimal(p.margin)}
            </span>
            {p.marginType === 'isolated' ? (
              <button type="button" className={s.link} title={_('contract.margin.adjust')} aria-label={_('contract.margin.adjust')} data-testid="position-adjust-margin" onClick={(e) => open('margin', p.symbol, e.currentTarget)}>
                ±
              </button>
            ) : null}
          </span>
        ),
      },
      {
        key: 'ratio',
        labelId: 'contract.pos.marginRatio',
        align: 'right',
        shows: ['marginRatio'],
        render: (p) => <LiveText className={s.risk[marginRisk(p.marginRatio)]} testId="position-ratio" text={percentText(p.marginRatio)} />,
      },
      {
        key: 'pnl',
        labelId: 'contract.pos.pnl',
        align: 'right',
        shows: ['unrealizedPnl', 'profitRate'],
        render: (p) => (
          <span>
            <LiveText className={s.trend[trendOf(p.unrealizedPnl)]} testId="position-pnl" text={signedAmount(p.unrealizedPnl)} />
            <LiveText className={`${s.sub} ${s.trend[trendOf(p.profitRate)]}`} testId="position-roe" text={percentText(p.profitRate, true)} sub />
          </span>
        ),
      },
      { key: 'adl', labelId: 'contract.pos.adl', shows: ['adlQuantile'], render: (p) => <Adl quantile={p.adlQuantile} /> },
      {
        key: 'tpsl',
        labelId: 'contract.pos.tpsl',
        align: 'right',
        shows: ['takeProfit', 'stopLoss', 'symbol'],
        render: (p) => (
          <span className={s.inline}>
            <span className={`${s.stack} ${s.num}`} data-testid="position-tpsl">
              <span className={s.trend.up} data-testid="position-tp">
                {p.takeProfit === null ? EMPTY_VALUE : formatDecimal(p.takeProfit)}
              </span>
              <span className={s.trend.down} data-testid="position-sl">
                {p.stopLoss === null ? EMPTY_VALUE : formatDecimal(p.stopLoss)}
              </span>
            </span>
            <button type="button" className={s.link} data-testid="position-edit-tpsl" onClick={(e) => open('tpsl', p.symbol, e.currentTarget)}>
              {_('contract.pos.edit')}
            </button>
          </span>
        ),
      },
      {
        key: 'close',
        labelId: 'contract.pos.close',
        align: 'right',
        shows: ['symbol'],
        render: (p) => (
          <span className={s.actions}>
            <button type="button" className={s.link} disabled={closing.has(p.symbol)} data-testid="position-close-market" onClick={() => closeAtMarket(p.symbol)}>
              {_('trade.type.market')}
            </button>
            <button type="button" className={s.link} data-testid="position-close-limit" onClick={(e) => open('limit', p.symbol, e.currentTarget)}>
              {_('trade.type.limit')}
            </button>
          </span>
        ),
      },
    ],
    [_, open, closeAtMarket, closing],
  );
}
