// Maintainers of each namespace the user owns: namespaces.get, addMaintainer, removeMaintainer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountErrorMessage, accountQueryKey, type AccountClient } from '../../lib/account-client';

export function MaintainersSection({ client, owns }: { client: AccountClient; owns: string[] }) {
  return (
    <section aria-labelledby="maintainers-heading">
      <h2 id="maintainers-heading">Maintainers</h2>
      {owns.length ? (
        owns.map((ns) => <NamespaceMaintainers key={ns} client={client} namespace={ns} />)
      ) : (
        <p>You own no namespace, so there are no maintainers to manage.</p>
      )}
    </section>
  );
}

function NamespaceMaintainers({ client, namespace }: { client: AccountClient; namespace: string }) {
  const queryClient = useQueryClient();
  const queryKey = [...accountQueryKey, 'namespace', namespace];
  const info = useQuery({
    queryKey,
    queryFn: () => client.namespaces.get.query({ namespace }),
    retry: false,
  });
  const [user, setUser] = useState('');
  const change = useMutation({
    mutationFn: ({ add, who }: { add: boolean; who: string }) =>
      add
        ? client.namespaces.addMaintainer.mutate({ namespace, user: who })
        : client.namespaces.removeMaintainer.mutate({ namespace, user: who }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      setUser('');
    },
  });
  function add(event: FormEvent) {
    event.preventDefault();
    if (user.trim()) change.mutate({ add: true, who: user.trim() });
  }
  const inputId = `add-maintainer-${namespace}`;
  return (
    <div data-testid={`maintainers-${namespace}`}>
      <h3>@{namespace}</h3>
      {info.isPending ? <p role="status">Loading maintainers…</p> : null}
      {info.isError ? (
        <p role="alert" className="error">
          Could not load @{namespace}: {accountErrorMessage(info.error)}
        </p>
      ) : null}
      {info.data ? (
        info.data.maintainers.length ? (
          <ul>
            {info.data.maintainers.map((m) => (
              <li key={m}>
                {m}{' '}
                <button
                  type="button"
                  onClick={() => change.mutate({ add: false, who: m })}
                  disabled={change.isPending}
                  aria-label={`Remove ${m} from @${namespace}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No maintainers besides you.</p>
        )
      ) : null}
      <form onSubmit={add}>
        <label htmlFor={inputId}>Add a maintainer to @{namespace} (user name)</label>
        <input id={inputId} value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" />
        <button type="submit" disabled={change.isPending}>
          Add maintainer
        </button>
      </form>
      {change.isError ? (
        <p role="alert" className="error">
          {accountErrorMessage(change.error)}
        </p>
      ) : null}
    </div>
  );
}
