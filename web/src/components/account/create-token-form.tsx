// Creates a publish token: optional label, namespaces (none ticked = all of the user's), expiry.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CreatedToken } from '@pkg/shared/contract';
import { accountErrorMessage, accountQueryKey, type AccountClient } from '../../lib/account-client';

export function CreateTokenForm({
  client,
  namespaces,
  onCreated,
}: {
  client: AccountClient;
  namespaces: string[];
  onCreated: (created: CreatedToken) => void;
}) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [days, setDays] = useState('90');
  const create = useMutation({
    mutationFn: () =>
      client.tokens.create.mutate({
        label: label.trim() || undefined,
        namespaces: picked.length ? picked : undefined,
        expiresInDays: days ? Number(days) : undefined,
      }),
    onSuccess: async (created) => {
      setLabel('');
      setPicked([]);
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: [...accountQueryKey, 'tokens'] });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  function toggle(ns: string, on: boolean) {
    setPicked((current) => (on ? [...current, ns] : current.filter((n) => n !== ns)));
  }
  return (
    <form onSubmit={submit} aria-labelledby="create-token-heading">
      <h3 id="create-token-heading">Create a publish token</h3>
      <label htmlFor="token-label">Label (optional)</label>
      <input id="token-label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} />
      {namespaces.length ? (
        <fieldset>
          <legend>Namespaces (none ticked: every namespace you may publish to)</legend>
          {namespaces.map((ns) => (
            <label key={ns}>
              <input
                type="checkbox"
                checked={picked.includes(ns)}
                onChange={(e) => toggle(ns, e.target.checked)}
              />{' '}
              @{ns}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label htmlFor="token-days">Expires in (days, 1 to 365; empty: never)</label>
      <input
        id="token-days"
        type="number"
        min={1}
        max={365}
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
      <button type="submit" disabled={create.isPending}>
        Create token
      </button>
      {create.isError ? (
        <p role="alert" className="error">
          Could not create the token: {accountErrorMessage(create.error)}
        </p>
      ) : null}
    </form>
  );
}
