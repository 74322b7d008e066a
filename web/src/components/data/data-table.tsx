// The one data table of the SPA's panels (docs/website.md, "Pages"): a column is a row of
// `{ key, header, cell }`, so a panel says what its table shows and this file says how a table is
// written: `th scope="col"` headers, an optional caption for assistive technology, the rows' own
// headers as `th scope="row"`, right-aligned numbers (the stylesheet's `num` class), and, when the
// table is named, the focusable scroll box a keyboard user scrolls at 375 px (TableWrap).
import type { Key, ReactNode } from 'react';
import { TableWrap } from './table-wrap';

export type Column<Row> = {
  /** React's key of the column's header and cells. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** `end` right-aligns the header and the cells (amounts, prices, counts). */
  align?: 'start' | 'end';
  /** The column's cells head their rows (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Classes of the column's cells besides the alignment, fixed or by row. */
  className?: string | ((row: Row) => string | undefined);
  /** A cell's tooltip (the whole address behind a short one, say). */
  title?: (row: Row) => string | undefined;
  testId?: string;
};

export type DataTableProps<Row> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** The table's class (`data` for the panels' tables). */
  className?: string;
  testId?: string;
  /** A row's `data-testid`, fixed or by row. */
  rowTestId?: string | ((row: Row) => string);
  /** A caption for assistive technology (visually hidden). */
  caption?: ReactNode;
  /** Names the table's scroll box; without it the table stands alone. */
  label?: string;
  /** Shown instead of the table when there is no row; without it an empty table is drawn. */
  empty?: ReactNode;
};

const joinClasses = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

const alignClass = ({ align }: { align?: 'start' | 'end' | undefined }) =>
  align === 'end' ? 'num' : undefined;

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const extra = typeof column.className === 'function' ? column.className(row) : column.className;
  const props = {
    className: joinClasses(alignClass(column), extra),
    title: column.title?.(row),
    'data-testid': column.testId,
  };
  return column.rowHeader ? (
    <th scope="row" {...props}>
      {column.cell(row)}
    </th>
  ) : (
    <td {...props}>{column.cell(row)}</td>
  );
}

function Table<Row>({ columns, rows, rowKey, className, testId, rowTestId, caption }: DataTableProps<Row>) {
  return (
    <table className={className} data-testid={testId}>
      {caption !== undefined ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={alignClass(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={rowKey(row, index)}
            data-testid={typeof rowTestId === 'function' ? rowTestId(row) : rowTestId}
          >
            {columns.map((column) => (
              <Cell key={column.key} column={column} row={row} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  if (props.empty !== undefined && props.rows.length === 0) return <>{props.empty}</>;
  return props.label !== undefined ? (
    <TableWrap label={props.label}>
      <Table {...props} />
    </TableWrap>
  ) : (
    <Table {...props} />
  );
}
