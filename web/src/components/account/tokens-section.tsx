// The user's tokens (tokens.list), a form to create a publish token, and revoke with a confirm.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreatedToken, TokenInfo } from '@pkg/shared/contract';
import { accountErrorMessage, accountQueryKey, type AccountClient } from '../../lib/account-client';
import { formatDate } from '../../lib/format';
import { CreateTokenForm } from './create-token-form';
import { CreatedTokenNotice } from './created-token';

export function TokensSection({ client, namespaces }: { client: AccountClient; namespaces: string[] }) {
  const tokens = useQuery({
    queryKey: [...accountQueryKey, 'tokens'],
    queryFn: () => client.tokens.list.query(),
    retry: false,
  });
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Tokens</h2>
      {tokens.isPending ? <p role="status">Loading tokens…</p> : null}
      {tokens.isError ? (
        <p role="alert" className="error" data-testid="tokens-error">
          Could not list tokens: {accountErrorMessage(tokens.error)}
        </p>
      ) : null}
      {tokens.data ? (
        <>
          {created ? <CreatedTokenNotice created={created} onDone={() => setCreated(null)} /> : null}
          <TokenTable client={client} tokens={tokens.data.tokens} />
          <CreateTokenForm client={client} namespaces={namespaces} onCreated={setCreated} />
        </>
      ) : null}
    </section>
  );
}

function TokenTable({ client, tokens }: { client: AccountClient; tokens: TokenInfo[] }) {
  if (!tokens.length) return <p>No active tokens.</p>;
  return (
    <table data-testid="tokens">
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Kind</th>
          <th scope="col">Namespaces</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <TokenRow key={token.id} client={client} token={token} />
        ))}
      </tbody>
    </table>
  );
}

function TokenRow({ client, token }: { client: AccountClient; token: TokenInfo }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => client.tokens.revoke.mutate({ id: token.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountQueryKey, 'tokens'] }),
  });
  return (
    <tr data-testid={`token-${token.id}`}>
      <th scope="row">
        <code>{token.id}</code>
        {token.label ? ` (${token.label})` : ''}
      </th>
      <td>{token.kind === 'manage' ? 'managing' : 'publish'}</td>
      <td>{token.namespaces ? token.namespaces.map((n) => `@${n}`).join(', ') : 'all'}</td>
      <td>{formatDate(token.createdAt)}</td>
      <td>{token.expiresAt ? formatDate(token.expiresAt) : 'never'}</td>
      <td>{token.lastUsedAt ? formatDate(token.lastUsedAt) : 'never'}</td>
      <td>
        {token.kind !== 'publish' ? null : confirming ? (
          <>
            <button type="button" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Confirm revoke {token.id}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.id}`}>
            Revoke
          </button>
        )}
        {revoke.isError ? (
          <span role="alert" className="error">
            {accountErrorMessage(revoke.error)}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
