// Open positions (spec §1: positions, one-key close). The table knows only which markets hold a position; each row
// subscribes to its own live position, so a mark tick repaints just the rows whose numbers changed, and only the
// rows in view are there at all (react-virtuoso, as ui/VirtualTable.tsx): with hundreds of positions, every cross
// position's liquidation price moves at every mark, and a row out of view costs nothing. A position has its dialogs
// (TP/SL, margin, close at a limit), a market close, and the header closes every position after a confirm. The
// dialogs are opened through state/dialogs.ts, not kept here: the terminal remounts this panel when it re-lays
// itself out, and a dialog must stay open through that with what was typed in it. `symbol` narrows the table to one
// market (the terminal's panel); `scroll` says whether it fills a panel body or scrolls with the page.
import { memo, useCallback, useMemo, type ComponentPropsWithoutRef } from 'react';
import { useLingui } from '@lingui/react';
import { TableVirtuoso, type TableComponents } from 'react-virtuoso';
import { dataOf, useContractPosition, useContractPositionSymbols } from '../../../streams/index.ts';
import { closeAllContractPositions, closeContractPosition } from '../../api/contract.ts';
import type { ContractPositionItem } from '../../contract.ts';
import { openDialog, pushNotice } from '../../state/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import * as t from '../../ui/table.css.ts';
import * as v from '../../ui/virtual-table.css.ts';
import { ClosePositionDialog } from './ClosePositionDialog.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { MarginDialog } from './MarginDialog.tsx';
import { usePositionColumns, type PositionColumn, type PositionDialogKind } from './position-columns.tsx';
import { SignedIn, type TableProps } from './SignedIn.tsx';
import { TpSlDialog } from './TpSlDialog.tsx';
import { useInFlight } from './useInFlight.ts';
import * as s from './tables.css.ts';

type Columns = readonly PositionColumn[];

const aligned = (base: string, c: { align?: 'left' | 'right' | undefined }) => `${base} ${c.align === 'right' ? t.right : ''}`;

/** One cell, drawn again only when a field its column shows changed (a mark moves a few of a row's cells). */
const PositionCell = memo(
  function PositionCell({ column, position }: { column: PositionColumn; position: ContractPositionItem }) {
    return <td className={aligned(t.td, column)}>{column.render?.(position)}</td>;
  },
  (a, b) => a.column === b.column && a.column.shows.every((k) => a.position[k] === b.position[k]),
);

/** One position's row: the virtualiser's <tr> (its props place and measure it), filled from the row's own atom. */
const PositionRow = memo(function PositionRow({ symbol, columns, ...placed }: { symbol: string; columns: Columns } & ComponentPropsWithoutRef<'tr'>) {
  const position = useContractPosition(symbol);
  // Between the symbols and the row moving on (a position just closed), an empty row holds its place.
  if (!position) return <tr {...placed} className={v.row} />;
  return (
    <tr {...placed} className={v.row} data-testid="position-row" data-symbol={symbol} data-direction={position.direction}>
      {columns.map((c) => (
        <PositionCell key={c.key} column={c} position={position} />
      ))}
    </tr>
  );
});

interface Context {
  columns: Columns;
}

// Stable, as react-virtuoso asks: what changes goes through its context.
const components: TableComponents<string, Context> = {
  Table: ({ style, ...props }) => <table {...props} style={style} className={t.table} />,
  TableHead: ({ style, ...props }) => <thead {...props} style={style} className={s.stickyHead} />,
  TableRow: ({ item, context, children: _cells, ...props }) => <PositionRow {...props} symbol={item} columns={context.columns} />,
};
const noCells = () => null;

/** A position's dialog, given the function that closes it. */
function positionDialog(kind: PositionDialogKind, symbol: string, close: () => void) {
  switch (kind) {
    case 'tpsl':
      return <TpSlDialog symbol={symbol} onClose={close} />;
    case 'margin':
      return <MarginDialog symbol={symbol} onClose={close} />;
    case 'limit':
      return <ClosePositionDialog symbol={symbol} onClose={close} />;
  }
}

/** The close-all question, with the count of positions as it is while the dialog is open. */
function CloseAllQuestion() {
  const { _ } = useLingui();
  const count = dataOf(useContractPositionSymbols())?.length ?? 0;
  return <>{_('contract.pos.closeAllConfirm', { count })}</>;
}

/** The panel's scroller: its size is its panel's, so what changes in the rows is laid out inside it alone. */
const FILL = { position: 'absolute', inset: 0, contain: 'strict' } as const;

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
  const { busy, run } = useInFlight<string>();
  // One position dialog at a time, whichever row it is for.
  const open = useCallback(
    (kind: PositionDialogKind, at: string, opener: HTMLElement) => void openDialog('position', (close) => positionDialog(kind, at, close), opener),
    [],
  );
  const closeAtMarket = useCallback((at: string) => run(at, () => closeContractPosition({ symbol: at }), _('contract.pos.closed')), [run, _]);
  const columns = usePositionColumns({ open, closeAtMarket, closing: busy });
  const count = loaded?.length ?? 0;
  const context = useMemo(() => ({ columns }), [columns]);

  const closeAll = (
    <ConfirmButton
      label={_('contract.pos.closeAll')}
      yes={_('contract.pos.closeAll')}
      no={_('contract.pos.keep')}
      testId="positions-close-all"
      disabled={count === 0}
      run={() => closeAllContractPositions().then((reply) => pushNotice('success', _('contract.pos.closeAllDone', { count: reply.orders.length })))}
    >
      <CloseAllQuestion />
    </ConfirmButton>
  );

  const head = (
    <tr>
      {columns.map((c) => (
        <th key={c.key} scope="col" className={aligned(t.th, c)}>
          {c.key === 'close' ? closeAll : _(c.labelId)}
        </th>
      ))}
    </tr>
  );

  return (
    <div className={s.list} data-testid="positions" data-count={loaded ? count : undefined}>
      <div className={scroll === 'fill' ? s.fill : s.page}>
        {symbols.length === 0 ? (
          <table className={t.table}>
            <thead className={s.stickyHead}>{head}</thead>
            <tbody>
              <tr>
                <td className={t.emptyCell} colSpan={columns.length}>
                  <EmptyState>{loaded ? _('contract.pos.empty') : _('common.loading')}</EmptyState>
                </td>
              </tr>
            </tbody>
          </table>
        ) : (
          <TableVirtuoso<string, Context>
            data={symbols}
            context={context}
            components={components}
            computeItemKey={(_i, at) => at}
            increaseViewportBy={200}
            {...(scroll === 'window' ? { useWindowScroll: true } : { style: FILL })}
            fixedHeaderContent={() => head}
            itemContent={noCells}
          />
        )}
      </div>
    </div>
  );
}
