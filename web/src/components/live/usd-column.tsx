// A table column of USD amounts, right-aligned: a cell shows its amount, or "—" saying the source
// did not report it (docs/website.md, "Pages": a panel never invents a value).
import { formatUsd } from '../../lib/format';
import type { Column } from '../data/data-table';
import { Missing } from './missing';

export function usdColumn<Row>({
  key,
  header,
  what = header,
  source,
  value,
}: {
  key: string;
  header: string;
  /** Names the amount in "not reported" (the header unless given). */
  what?: string;
  /** Who sent the amounts, for the whole table or by row. */
  source: string | ((row: Row) => string);
  value: (row: Row) => number | string | undefined;
}): Column<Row> {
  return {
    key,
    header,
    align: 'end',
    cell: (row) => {
      const amount = value(row);
      if (amount !== undefined) return formatUsd(amount);
      return <Missing what={what} source={typeof source === 'function' ? source(row) : source} />;
    },
  };
}
