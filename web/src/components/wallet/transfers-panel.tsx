// A wallet's recent token transfers (docs/public-api.md, GET /v1/wallet/:address): time,
// direction seen from the wallet, token, amount, the other side and the transaction.
import type { Section, WalletTransfer } from '@pkg/shared/contract';
import { formatAmount, formatDate, shortAddress } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';

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

function timeText(t: WalletTransfer): string {
  if (t.timestamp) return formatDate(t.timestamp);
  return t.blockNumber ? `block ${t.blockNumber}` : '—';
}

const TRANSFER_COLUMNS: Column<WalletTransfer>[] = [
  { key: 'time', header: 'Time', cell: timeText },
  { key: 'direction', header: 'Direction', cell: (t) => (t.direction ? DIRECTION[t.direction] : '—') },
  { key: 'token', header: 'Token', cell: (t) => t.symbol ?? (t.token ? shortAddress(t.token) : '—') },
  { key: 'amount', header: 'Amount', align: 'end', cell: amountText },
  { key: 'counterparty', header: 'Counterparty', cell: (t) => <Counterparty t={t} /> },
  {
    key: 'transaction',
    header: 'Transaction',
    cell: (t) => <code title={t.hash}>{shortAddress(t.hash)}</code>,
  },
];

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
            <DataTable
              columns={TRANSFER_COLUMNS}
              rows={data.transfers}
              rowKey={(t, i) => `${t.hash}:${i}`}
              rowTestId="transfer"
              className="data wallet-table"
              label="Transfers"
            />
            {data.more ? <p className="muted">More transfers exist; the newest are shown.</p> : null}
          </>
        )
      }
    </SectionPanel>
  );
}
