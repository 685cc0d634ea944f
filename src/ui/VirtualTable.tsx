// The one virtualised table (react-virtuoso): the columns of DataTable, only the rows in view in the DOM, so a
// 200-row page or a long panel list stays cheap. `scroll="window"` for a page (rows scroll with it), `"fill"` for a
// terminal panel (fills the body's height, whatever the layout gives it, and scrolls inside).
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { TableVirtuoso, type TableComponents } from 'react-virtuoso';
import { DataTable, type Column } from './DataTable.tsx';
import { EmptyState } from './EmptyState.tsx';
import * as t from './table.css.ts';
import * as s from './virtual-table.css.ts';

interface Context {
  rowTestId: string | undefined;
  rowKey(row: unknown): string;
}

const components: TableComponents<unknown, Context> = {
  Table: ({ style, ...props }) => <table {...props} style={style} className={t.table} />,
  TableHead: ({ style, ...props }) => <thead {...props} style={style} className={s.head} />,
  TableRow: ({ item, context, ...props }) => <tr {...props} className={s.row} data-testid={context.rowTestId} data-key={context.rowKey(item)} />,
};

interface Props<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The empty state's text; "No data" when left out. */
  empty?: ReactNode;
  scroll?: 'window' | 'fill';
  /** data-testid of every row. */
  rowTestId?: string;
}

export function VirtualTable<Row>({ columns, rows, rowKey, empty, scroll = 'fill', rowTestId }: Props<Row>) {
  const { _ } = useLingui();
  if (rows.length === 0) {
    return (
      <div className={scroll === 'fill' ? undefined : s.page}>
        <DataTable columns={columns} rows={[]} empty={<EmptyState>{empty}</EmptyState>} />
      </div>
    );
  }
  const table = (
    <TableVirtuoso<Row, Context>
      data={rows}
      context={{ rowTestId, rowKey: rowKey as (row: unknown) => string }}
      components={components as TableComponents<Row, Context>}
      computeItemKey={(_i, row) => rowKey(row)}
      increaseViewportBy={200}
      {...(scroll === 'window' ? { useWindowScroll: true } : { style: { position: 'absolute', inset: 0 } })}
      fixedHeaderContent={() => (
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={`${t.th} ${c.align === 'right' ? t.right : ''}`}>
              {_(c.labelId)}
            </th>
          ))}
        </tr>
      )}
      itemContent={(_i, row) =>
        columns.map((c) => (
          <td key={c.key} className={`${t.td} ${c.align === 'right' ? t.right : ''}`}>
            {c.render ? c.render(row) : null}
          </td>
        ))
      }
    />
  );
  return <div className={scroll === 'window' ? s.page : s.fill}>{table}</div>;
}
