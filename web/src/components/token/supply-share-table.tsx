// Addresses with their amount and share of the supply (GET /v1/token, `burned` and `devWallets`):
// the burn addresses and the dev wallets are the same table with their own headings.
import type { ReactNode } from 'react';
import { formatAmount } from '../../lib/format';
import { TableWrap } from '../data/table-wrap';
import { percentOfSupply } from './percent-of-supply';

type Row = { address: string; amount: string; percentOfSupply?: string | undefined };

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
    <TableWrap label={label}>
      <table className="data" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{addressHeading}</th>
            <th scope="col" className="num">
              {amountHeading}
            </th>
            <th scope="col" className="num">
              % of supply
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.address}>
              <td>{address(r.address)}</td>
              <td className="num">{formatAmount(r.amount)}</td>
              <td className="num">{percentOfSupply(r.percentOfSupply)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
