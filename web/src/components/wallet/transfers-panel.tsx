// A wallet's recent token transfers (docs/public-api.md, GET /v1/wallet/:address): time,
// direction seen from the wallet, token, amount, the other side and the transaction.
import type { Section, WalletTransfer } from '@pkg/shared/contract';
import { formatAmount, formatDate, shortAddress } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';

const DIRECTION: Record<NonNullable<WalletTransfer['direction']>, string> = {
  in: 'in',
  out: 'out',
  self: 'self',
};

function Counterparty({ t }: { t: WalletTransfer }) {
  const addr = (a: string | undefined) =>
    a ? (
      <code title={a} className="addr">
        {shortAddress(a)}
      </code>
    ) : (
      '—'
    );
  if (t.direction === 'in') return <>from {addr(t.from)}</>;
  if (t.direction === 'out') return <>to {addr(t.to)}</>;
  if (t.direction === 'self') return <>this wallet</>;
  return (
    <>
      {addr(t.from)} → {addr(t.to)}
    </>
  );
}

function amountText(t: WalletTransfer): string {
  if (t.tokenId !== undefined) return `#${t.tokenId}`;
  if (t.amount !== undefined) return formatAmount(t.amount);
  if (t.value !== undefined) return `${t.value} (raw units)`;
  return '—';
}

export function TransfersPanel({
  section,
}: {
  section: Section<{ transfers: WalletTransfer[]; more?: boolean | undefined }>;
}) {
  return (
    <SectionPanel id="transfers" title="Recent transfers" section={section}>
      {(data) =>
        data.transfers.length === 0 ? (
          <p>No token transfer is listed for this wallet.</p>
        ) : (
          <>
            <TableWrap label="Transfers">
              <table className="data wallet-table">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Direction</th>
                    <th scope="col">Token</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col">Counterparty</th>
                    <th scope="col">Transaction</th>
                  </tr>
                </thead>
                <tbody>
                  {data.transfers.map((t, i) => (
                    <tr key={`${t.hash}:${i}`} data-testid="transfer">
                      <td>
                        {t.timestamp
                          ? formatDate(t.timestamp)
                          : t.blockNumber
                            ? `block ${t.blockNumber}`
                            : '—'}
                      </td>
                      <td>{t.direction ? DIRECTION[t.direction] : '—'}</td>
                      <td>{t.symbol ?? (t.token ? shortAddress(t.token) : '—')}</td>
                      <td className="num">{amountText(t)}</td>
                      <td>
                        <Counterparty t={t} />
                      </td>
                      <td>
                        <code title={t.hash}>{shortAddress(t.hash)}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            {data.more ? <p className="muted">More transfers exist; the newest are shown.</p> : null}
          </>
        )
      }
    </SectionPanel>
  );
}
