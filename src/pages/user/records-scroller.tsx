// The scrolling view of the asset records: one virtualised table over every matching record (`total` rows), rows
// drawn from the pages read so far and a quiet placeholder for the ones still on their way. Only the rows in view
// are in the DOM, so 100,000 records scroll like 100.
import { memo } from 'react';
import { useLingui } from '@lingui/react';
import { TableVirtuoso, type TableComponents } from 'react-virtuoso';
import type { AssetRecordItem } from '../../contract.ts';
import type { Column } from '../../ui/DataTable.tsx';
import * as t from '../../ui/table.css.ts';
import * as v from '../../ui/virtual-table.css.ts';
import type { RecordWindow } from './records-window.ts';
import * as s from './records.css.ts';

interface Context {
  list: RecordWindow;
  version: number;
}

/** Column widths: a fixed table layout never measures the rows (cheaper per frame, and no column jumps as rows with
 *  longer text scroll in). The reference takes what is left. */
const WIDTHS: Readonly<Record<string, string>> = { time: '150px', account: '150px', coin: '72px', market: '110px', type: '190px', amount: '150px', frozen: '150px' };

const components: TableComponents<unknown, Context> = {
  Table: ({ style, ...props }) => <table {...props} style={{ ...style, tableLayout: 'fixed' }} className={t.table} />,
  TableHead: ({ style, ...props }) => <thead {...props} style={style} className={v.head} />,
  TableRow: ({ context, ...props }) => {
    const index = props['data-index'];
    const row = context.list.rowAt(index);
    return <tr {...props} className={v.row} data-testid={row ? 'record-row' : 'record-placeholder'} data-key={row ? String(row.id) : undefined} />;
  },
};

/** One row's cells; a row already drawn is not drawn again while the list scrolls around it. */
const Cells = memo(function Cells({ row, columns }: { row: AssetRecordItem | undefined; columns: readonly Column<AssetRecordItem>[] }) {
  return (
    <>
      {columns.map((c) => (
        <td key={c.key} className={`${t.td} ${s.cell} ${c.align === 'right' ? t.right : ''}`}>
          {row ? (c.render ? c.render(row) : null) : <span className={s.placeholder}>…</span>}
        </td>
      ))}
    </>
  );
});

export function RecordsScroller({ columns, list }: { columns: readonly Column<AssetRecordItem>[]; list: RecordWindow }) {
  const { _ } = useLingui();
  return (
    <div className={s.scroller} data-testid="records-scroller">
      <TableVirtuoso<unknown, Context>
        totalCount={list.total ?? 0}
        context={{ list, version: list.version }}
        components={components}
        defaultItemHeight={34}
        increaseViewportBy={400}
        rangeChanged={list.onRange}
        style={{ position: 'absolute', inset: 0 }}
        computeItemKey={(index, _item, context) => {
          const row = context.list.rowAt(index);
          return row ? `r${row.id}` : `p${index}`;
        }}
        fixedHeaderContent={() => (
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${t.th} ${c.align === 'right' ? t.right : ''}`} style={{ width: WIDTHS[c.key] }}>
                {_(c.labelId)}
              </th>
            ))}
          </tr>
        )}
        itemContent={(index, _item, context) => <Cells row={context.list.rowAt(index)} columns={columns} />}
      />
    </div>
  );
}
