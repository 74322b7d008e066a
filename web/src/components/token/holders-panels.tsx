// Holders from the explorer (GET /v1/token, `holders` and `topHolders`): the count, and the top
// holders with the project's own addresses marked (dev wallet, burn address, the pool).
import { Link } from '@tanstack/react-router';
import { formatAmount, shortAddress } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { SectionPanel } from '../data/section-panel';
import { percentOfSupply } from './percent-of-supply';
import type { DataOf, TokenAnswer } from './types';

type TopHolder = DataOf<TokenAnswer['topHolders']>['holders'][number];

const ROLE_LABEL = { dev: 'Dev wallet', burn: 'Burn address', pool: 'Pool' } as const;

const TOP_HOLDER_COLUMNS: Column<TopHolder>[] = [
  { key: 'rank', header: 'Rank', align: 'end', cell: (h) => h.rank },
  {
    key: 'address',
    header: 'Address',
    cell: (h) => (
      <Link to="/wallet/$address" params={{ address: h.address }} title={h.address}>
        {shortAddress(h.address)}
      </Link>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (h) => (h.amount !== undefined ? formatAmount(h.amount) : 'not read'),
  },
  { key: 'share', header: '% of supply', align: 'end', cell: (h) => percentOfSupply(h.percentOfSupply) },
  {
    key: 'role',
    header: 'Role',
    cell: (h) =>
      h.role ? (
        <span className={`flag token-role token-role-${h.role}`} data-testid="holder-role">
          {ROLE_LABEL[h.role]}
        </span>
      ) : null,
  },
  { key: 'name', header: 'Name', cell: (h) => h.name ?? (h.isContract ? 'contract' : '') },
];

export function HoldersPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="holders" title="Holders" section={token.holders}>
      {(h) => (
        <p className="big-number" data-testid="holders-count">
          {h.count.toLocaleString('en-US')}
        </p>
      )}
    </SectionPanel>
  );
}

export function TopHoldersPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="top-holders" title="Top holders" section={token.topHolders}>
      {(top) => (
        <>
          <DataTable
            columns={TOP_HOLDER_COLUMNS}
            rows={top.holders}
            rowKey={(h) => h.address}
            className="data"
            testId="top-holders-table"
            caption="The largest holders of the token"
            label="Top holders table"
          />
          {top.more ? <p className="muted">The explorer lists more holders than these.</p> : null}
        </>
      )}
    </SectionPanel>
  );
}
