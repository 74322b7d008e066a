// The user's tokens (tokens.list), a form to create a publish token, and revoke with a confirm.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreatedToken, TokenInfo } from '@pkg/shared/contract';
import { accountErrorMessage, accountQueryKey, type AccountClient } from '../../lib/account-client';
import { formatDate } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
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

/** The columns; the last one revokes a publish token through `client`. */
function tokenColumns(client: AccountClient): Column<TokenInfo>[] {
  return [
    {
      key: 'token',
      header: 'Token',
      rowHeader: true,
      cell: (token) => (
        <>
          <code>{token.id}</code>
          {token.label ? ` (${token.label})` : ''}
        </>
      ),
    },
    { key: 'kind', header: 'Kind', cell: (token) => (token.kind === 'manage' ? 'managing' : 'publish') },
    {
      key: 'namespaces',
      header: 'Namespaces',
      cell: (token) => (token.namespaces ? token.namespaces.map((n) => `@${n}`).join(', ') : 'all'),
    },
    { key: 'created', header: 'Created', cell: (token) => formatDate(token.createdAt) },
    {
      key: 'expires',
      header: 'Expires',
      cell: (token) => (token.expiresAt ? formatDate(token.expiresAt) : 'never'),
    },
    {
      key: 'last-used',
      header: 'Last used',
      cell: (token) => (token.lastUsedAt ? formatDate(token.lastUsedAt) : 'never'),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (token) => <RevokeToken client={client} token={token} />,
    },
  ];
}

function TokenTable({ client, tokens }: { client: AccountClient; tokens: TokenInfo[] }) {
  return (
    <DataTable
      columns={tokenColumns(client)}
      rows={tokens}
      rowKey={(token) => token.id}
      rowTestId={(token) => `token-${token.id}`}
      testId="tokens"
      label="Your tokens"
      empty={<p>No active tokens.</p>}
    />
  );
}

/** Revoke a publish token, after a confirm; a managing token has no button here. */
function RevokeToken({ client, token }: { client: AccountClient; token: TokenInfo }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => client.tokens.revoke.mutate({ id: token.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountQueryKey, 'tokens'] }),
  });
  return (
    <>
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
    </>
  );
}
