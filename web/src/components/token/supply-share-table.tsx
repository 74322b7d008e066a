// Addresses with their amount and share of the supply (GET /v1/token, `burned` and `devWallets`):
// the burn addresses and the dev wallets are the same table with their own headings.
import type { ReactNode } from 'react';
import { formatAmount } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { percentOfSupply } from './percent-of-supply';

type Row = { address: string; amount: string; percentOfSupply?: string | undefined };

function supplyShareColumns(
  addressHeading: string,
  amountHeading: string,
  address: (address: string) => ReactNode,
): Column<Row>[] {
  return [
    { key: 'address', header: addressHeading, cell: (r) => address(r.address) },
    { key: 'amount', header: amountHeading, align: 'end', cell: (r) => formatAmount(r.amount) },
    { key: 'share', header: '% of supply', align: 'end', cell: (r) => percentOfSupply(r.percentOfSupply) },
  ];
}

export function SupplyShareTable({
  label,
  testId,
  caption,
  addressHeading,
  amountHeading,
  rows,
  address,
}: {
  label: string;
  testId?: string;
  caption: string;
  addressHeading: string;
  amountHeading: string;
  rows: readonly Row[];
  address: (address: string) => ReactNode;
}) {
  return (
    <DataTable
      columns={supplyShareColumns(addressHeading, amountHeading, address)}
      rows={rows}
      rowKey={(r) => r.address}
      className="data"
      testId={testId}
      caption={caption}
      label={label}
    />
  );
}
