// Holders from the explorer (GET /v1/token, `holders` and `topHolders`): the count, and the top
// holders with the project's own addresses marked (dev wallet, burn address, the pool).
import { Link } from '@tanstack/react-router';
import { formatAmount, shortAddress } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import { TableWrap } from '../data/table-wrap';
import { percentOfSupply } from './percent-of-supply';
import type { TokenAnswer } from './types';

const ROLE_LABEL = { dev: 'Dev wallet', burn: 'Burn address', pool: 'Pool' } as const;

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
          <TableWrap label="Top holders table">
            <table className="data" data-testid="top-holders-table">
              <caption className="visually-hidden">The largest holders of the token</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Rank
                  </th>
                  <th scope="col">Address</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    % of supply
                  </th>
                  <th scope="col">Role</th>
                  <th scope="col">Name</th>
                </tr>
              </thead>
              <tbody>
                {top.holders.map((h) => (
                  <tr key={h.address}>
                    <td className="num">{h.rank}</td>
                    <td>
                      <Link to="/wallet/$address" params={{ address: h.address }} title={h.address}>
                        {shortAddress(h.address)}
                      </Link>
                    </td>
                    <td className="num">{h.amount !== undefined ? formatAmount(h.amount) : 'not read'}</td>
                    <td className="num">{percentOfSupply(h.percentOfSupply)}</td>
                    <td>
                      {h.role ? (
                        <span className={`flag token-role token-role-${h.role}`} data-testid="holder-role">
                          {ROLE_LABEL[h.role]}
                        </span>
                      ) : null}
                    </td>
                    <td>{h.name ?? (h.isContract ? 'contract' : '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {top.more ? <p className="muted">The explorer lists more holders than these.</p> : null}
        </>
      )}
    </SectionPanel>
  );
}
