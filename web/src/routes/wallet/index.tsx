// /wallet (docs/website.md, "Pages"): enter a wallet address; a valid one opens /wallet/$address.
import { createFileRoute } from '@tanstack/react-router';
import { AddressForm } from '../../components/wallet/address-form';

export const Route = createFileRoute('/wallet/')({
  head: () => ({ meta: [{ title: 'Wallet · pkg' }] }),
  component: WalletIndex,
});

function WalletIndex() {
  const navigate = Route.useNavigate();
  return (
    <section>
      <h1>Wallet</h1>
      <p>
        A wallet&apos;s token holdings, valued only where a price source lists the token, and its recent
        transfers.
      </p>
      <AddressForm
        label="Wallet address"
        submitLabel="Show wallet"
        onAddress={(address) => void navigate({ to: '/wallet/$address', params: { address } })}
      />
    </section>
  );
}
