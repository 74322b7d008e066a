// Transparency (GET /v1/token, `devWallets` and `contract`): the dev wallets with their balances
// read on chain, and the official contract as the explorer indexed it (doc 3: "/ca").
import { Link } from '@tanstack/react-router';
import { formatAmount } from '../../lib/format';
import { SectionPanel } from '../data/section-panel';
import type { TokenAnswer } from './types';

export function DevWalletsPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="dev-wallets" title="Dev wallets" level={3} section={token.devWallets}>
      {(dev) =>
        dev.wallets.length === 0 ? (
          <p>No dev wallet is listed.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Dev wallets table">
            <table className="data" data-testid="dev-wallets-table">
              <caption className="visually-hidden">The dev wallets and their balances</caption>
              <thead>
                <tr>
                  <th scope="col">Wallet</th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                  <th scope="col" className="num">
                    % of supply
                  </th>
                </tr>
              </thead>
              <tbody>
                {dev.wallets.map((w) => (
                  <tr key={w.address}>
                    <td>
                      <Link to="/wallet/$address" params={{ address: w.address }} className="token-address">
                        {w.address}
                      </Link>
                    </td>
                    <td className="num">{formatAmount(w.amount)}</td>
                    <td className="num">
                      {w.percentOfSupply !== undefined ? `${w.percentOfSupply} %` : 'not read'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </SectionPanel>
  );
}

export function ContractPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="contract" title="Official contract" level={3} section={token.contract}>
      {(c) => (
        <dl className="facts">
          <dt>Address</dt>
          <dd>
            <code className="token-address" data-testid="contract-address">
              {c.address}
            </code>
          </dd>
          {c.symbol !== undefined ? (
            <>
              <dt>Symbol</dt>
              <dd>{c.symbol}</dd>
            </>
          ) : null}
          {c.tokenName !== undefined ? (
            <>
              <dt>Token name</dt>
              <dd>{c.tokenName}</dd>
            </>
          ) : null}
          <dt>Source</dt>
          <dd data-testid="contract-verified">
            {c.verified === true
              ? `Verified${c.name ? `: ${c.name}` : ''}`
              : c.verified === false
                ? 'Not verified'
                : 'Not known to the explorer'}
          </dd>
        </dl>
      )}
    </SectionPanel>
  );
}
