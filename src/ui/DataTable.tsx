// A dense table: translated column headers, rows when there are any, the empty state when there are none.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { EmptyState } from './EmptyState.tsx';
import * as s from './table.css.ts';

export interface Column<Row> {
  key: string;
  labelId: string;
  align?: 'left' | 'right';
  render?: (row: Row) => ReactNode;
}

interface Props<Row> {
  columns: readonly Column<Row>[];
  rows?: readonly Row[];
  rowKey?: (row: Row, index: number) => string;
  empty?: ReactNode;
}

export function DataTable<Row>({ columns, rows = [], rowKey, empty }: Props<Row>) {
  const { _ } = useLingui();
  return (
    <div className={s.scroller}>
      <table className={s.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${s.th} ${c.align === 'right' ? s.right : ''}`}>
                {_(c.labelId)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={s.emptyCell} colSpan={columns.length}>
                {empty ?? <EmptyState />}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey ? rowKey(row, i) : i}>
                {columns.map((c) => (
                  <td key={c.key} className={`${s.td} ${c.align === 'right' ? s.right : ''}`}>
                    {c.render ? c.render(row) : null}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
