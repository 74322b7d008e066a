// /wallet/$address (docs/website.md, "Pages"): a wallet's holdings (a USD value only where a price
// source lists the token) and its recent token transfers, each a panel with its own source and age.
// An address that is not one gets a message, and no request.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnswerState } from '../../components/data/answer-state';
import { NotAdvice } from '../../components/data/not-advice';
import { AddressForm } from '../../components/wallet/address-form';
import { HoldingsPanel } from '../../components/wallet/holdings-panel';
import { TransfersPanel } from '../../components/wallet/transfers-panel';
import { shortAddress } from '../../lib/format';
import { isAddress } from '../../lib/url-params';
import { v1Queries } from '../../lib/v1-queries';

export const Route = createFileRoute('/wallet/$address')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    isAddress(params.address) ? queryClient.prefetchQuery(v1Queries.wallet(trpc, params.address)) : undefined,
  head: ({ params }) => ({ meta: [{ title: `Wallet ${shortAddress(params.address)} · pkg` }] }),
  component: WalletPage,
});

function WalletPage() {
  const { address } = Route.useParams();
  const navigate = Route.useNavigate();
  const form = (
    <AddressForm
      key={address}
      label="Another wallet address"
      submitLabel="Show wallet"
      onAddress={(next) => void navigate({ to: '/wallet/$address', params: { address: next } })}
    />
  );
  if (!isAddress(address))
    return (
      <section>
        <h1>Wallet</h1>
        <p role="alert" className="reason" data-testid="invalid-address">
          “{address}” is not a wallet address: an address is 0x followed by 40 hex digits.
        </p>
        {form}
      </section>
    );
  return <WalletAnswer address={address} form={form} />;
}

function WalletAnswer({ address, form }: { address: string; form: ReactNode }) {
  const { trpc } = Route.useRouteContext();
  const query = useQuery(v1Queries.wallet(trpc, address));
  return (
    <section>
      <h1>
        Wallet <code className="wallet-address">{address}</code>
      </h1>
      {form}
      <AnswerState query={query} what="the wallet">
        {(answer) => (
          <div className="wallet-panels">
            <HoldingsPanel section={answer.holdings} />
            <TransfersPanel section={answer.transfers} />
          </div>
        )}
      </AnswerState>
      <NotAdvice />
    </section>
  );
}
