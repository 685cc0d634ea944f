// Open positions (spec §1: positions, one-key close). The table knows only which markets hold a position; each row
// subscribes to its own live position, so a mark tick repaints just the rows whose numbers changed. A position has
// its dialogs (TP/SL, margin, close at a limit), a market close, and the header closes every position after a
// confirm. `symbol` narrows the table to one market (the terminal's panel); `scroll` says whether it fills a panel
// body or scrolls with the page.
import { memo, useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractPosition, useContractPositionSymbols } from '../../../streams/index.ts';
import { closeAllContractPositions, closeContractPosition } from '../../api/contract.ts';
import type { ContractPositionItem } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import * as t from '../../ui/table.css.ts';
import * as v from '../../ui/virtual-table.css.ts';
import { ClosePositionDialog } from './ClosePositionDialog.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { MarginDialog } from './MarginDialog.tsx';
import { usePositionColumns, type PositionDialogKind } from './position-columns.tsx';
import { SignedIn, type TableProps } from './SignedIn.tsx';
import { TpSlDialog } from './TpSlDialog.tsx';
import { useInFlight } from './useInFlight.ts';
import * as s from './tables.css.ts';

type Columns = readonly Column<ContractPositionItem>[];

const aligned = (base: string, c: { align?: 'left' | 'right' | undefined }) => `${base} ${c.align === 'right' ? t.right : ''}`;

const PositionRow = memo(function PositionRow({ symbol, columns }: { symbol: string; columns: Columns }) {
  const position = useContractPosition(symbol);
  if (!position) return null;
  return (
    <tr className={v.row} data-testid="position-row" data-symbol={symbol} data-direction={position.direction}>
      {columns.map((c) => (
        <td key={c.key} className={aligned(t.td, c)}>
          {c.render?.(position)}
        </td>
      ))}
    </tr>
  );
});

export function PositionsTable(props: TableProps) {
  return (
    <SignedIn>
      <Positions {...props} />
    </SignedIn>
  );
}

function Positions({ symbol, scroll = 'fill' }: TableProps) {
  const { _ } = useLingui();
  const loaded = dataOf(useContractPositionSymbols());
  const symbols = useMemo(() => (loaded ?? []).filter((s) => symbol === undefined || s === symbol), [loaded, symbol]);
  const [dialog, setDialog] = useState<{ kind: PositionDialogKind; symbol: string } | null>(null);
  const { busy, run } = useInFlight<string>();
  const open = useCallback((kind: PositionDialogKind, at: string) => setDialog({ kind, symbol: at }), []);
  const closeAtMarket = useCallback((at: string) => run(at, () => closeContractPosition({ symbol: at }), _('contract.pos.closed')), [run, _]);
  const columns = usePositionColumns({ open, closeAtMarket, closing: busy });
  const closeDialog = useCallback(() => setDialog(null), []);
  const count = loaded?.length ?? 0;

  const closeAll = (
    <ConfirmButton
      label={_('contract.pos.closeAll')}
      yes={_('contract.pos.closeAll')}
      no={_('contract.pos.keep')}
      testId="positions-close-all"
      disabled={count === 0}
      run={() => closeAllContractPositions().then((reply) => pushNotice('success', _('contract.pos.closeAllDone', { count: reply.orders.length })))}
    >
      {_('contract.pos.closeAllConfirm', { count })}
    </ConfirmButton>
  );

  return (
    <div className={s.list} data-testid="positions">
      <div className={scroll === 'fill' ? s.fill : s.page}>
        <table className={t.table}>
          <thead className={s.stickyHead}>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={aligned(t.th, c)}>
                  {c.key === 'close' ? closeAll : _(c.labelId)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {symbols.map((at) => (
              <PositionRow key={at} symbol={at} columns={columns} />
            ))}
            {symbols.length === 0 ? (
              <tr>
                <td className={t.emptyCell} colSpan={columns.length}>
                  <EmptyState>{loaded ? _('contract.pos.empty') : _('common.loading')}</EmptyState>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {dialog?.kind === 'tpsl' ? <TpSlDialog symbol={dialog.symbol} onClose={closeDialog} /> : null}
      {dialog?.kind === 'margin' ? <MarginDialog symbol={dialog.symbol} onClose={closeDialog} /> : null}
      {dialog?.kind === 'limit' ? <ClosePositionDialog symbol={dialog.symbol} onClose={closeDialog} /> : null}
    </div>
  );
}
