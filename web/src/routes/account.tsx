// The account page: a pasted managing token (this tab's sessionStorage only) drives whoami,
// tokens.list/create/revoke, the maintainers of the user's namespaces and the trusted publishers of
// a package (publishers.*), through a tRPC client that sends it as `Authorization: Bearer` to the
// registry and nowhere else.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { MaintainersSection } from '../components/account/maintainers-section';
import { PublishersSection } from '../components/account/publishers-section';
import { TokenForm } from '../components/account/token-form';
import { TokensSection } from '../components/account/tokens-section';
import { WhoamiFacts } from '../components/account/whoami-facts';
import {
  accountErrorMessage,
  accountQueryKey,
  createAccountClient,
  type AccountClient,
} from '../lib/account-client';
import { forgetAccountToken, readAccountToken, saveAccountToken } from '../lib/account-token';

export const Route = createFileRoute('/account')({
  head: () => ({ meta: [{ title: 'Account · pkg' }] }),
  component: AccountPage,
});

function AccountPage() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readAccountToken());
  const client = useMemo(() => (token ? createAccountClient(token) : null), [token]);
  function use(next: string | null) {
    queryClient.removeQueries({ queryKey: accountQueryKey });
    if (next) saveAccountToken(next);
    else forgetAccountToken();
    setToken(next);
  }
  return (
    <section className="account">
      <h1>Account</h1>
      {client ? (
        <>
          <button type="button" onClick={() => use(null)}>
            Forget token
          </button>
          <Account client={client} />
        </>
      ) : (
        <TokenForm onSave={use} />
      )}
    </section>
  );
}

function Account({ client }: { client: AccountClient }) {
  const whoami = useQuery({
    queryKey: [...accountQueryKey, 'whoami'],
    queryFn: () => client.auth.whoami.query(),
    retry: false,
  });
  if (whoami.isPending) return <p role="status">Checking the token…</p>;
  if (whoami.isError) {
    return (
      <p role="alert" className="error" data-testid="whoami-error">
        The registry refused the token: {accountErrorMessage(whoami.error)}
      </p>
    );
  }
  return (
    <>
      <WhoamiFacts whoami={whoami.data} />
      <TokensSection client={client} namespaces={whoami.data.namespaces} />
      {whoami.data.token.kind === 'manage' ? (
        <>
          <MaintainersSection client={client} owns={whoami.data.owns} />
          <PublishersSection client={client} owns={whoami.data.owns} />
        </>
      ) : null}
    </>
  );
}
