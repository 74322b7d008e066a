// Transparency (GET /v1/token, `devWallets` and `contract`): the dev wallets with their balances
// read on chain, and the official contract as the explorer indexed it (`/ca` in docs/bots.md,
// "Commands").
import { Link } from '@tanstack/react-router';
import { SectionPanel } from '../data/section-panel';
import { SupplyShareTable } from './supply-share-table';
import type { TokenAnswer } from './types';

export function DevWalletsPanel({ token }: { token: TokenAnswer }) {
  return (
    <SectionPanel id="dev-wallets" title="Dev wallets" level={3} section={token.devWallets}>
      {(dev) =>
        dev.wallets.length === 0 ? (
          <p>No dev wallet is listed.</p>
        ) : (
          <SupplyShareTable
            label="Dev wallets table"
            testId="dev-wallets-table"
            caption="The dev wallets and their balances"
            addressHeading="Wallet"
            amountHeading="Balance"
            rows={dev.wallets}
            address={(address) => (
              <Link to="/wallet/$address" params={{ address }} className="token-address">
                {address}
              </Link>
            )}
          />
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
