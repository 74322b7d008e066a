// Which package's trusted publishers to show: one of the packages of the namespaces the user owns
// (namespaces.get of each), or any `@namespace/name` typed in.
import { useQueries } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPackageId, packageRefSchema, parsePackageId, type PackageRef } from '@pkg/shared/contract';
import { accountQueryKey, type AccountClient } from '../../lib/account-client';

interface Props {
  client: AccountClient;
  namespaces: string[];
  picked: PackageRef | null;
  onPick: (pkg: PackageRef) => void;
}

/** The packages of these namespaces, sorted, as `@namespace/name`. */
function useUserPackages(client: AccountClient, namespaces: string[]): string[] {
  return useQueries({
    queries: namespaces.map((namespace) => ({
      queryKey: [...accountQueryKey, 'namespace', namespace],
      queryFn: () => client.namespaces.get.query({ namespace }),
      retry: false,
    })),
    combine: (results) => results.flatMap((r) => r.data?.packages ?? []).sort(),
  });
}

export function PackagePicker({ client, namespaces, picked, onPick }: Props) {
  const packages = useUserPackages(client, namespaces);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = picked ? formatPackageId(picked.namespace, picked.name) : '';
  function pick(id: string) {
    const ref = parsePackageId(id.trim());
    if (!ref || !packageRefSchema.safeParse(ref).success) {
      setError('A package is @namespace/name, like @acme/clock.');
      return;
    }
    setError(null);
    onPick(ref);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    pick(typed);
  }
  return (
    <div className="publisher-picker">
      {packages.length ? (
        <>
          <label htmlFor="publishers-package">Your packages</label>
          <select
            id="publishers-package"
            value={packages.includes(current) ? current : ''}
            onChange={(e) => (e.target.value ? pick(e.target.value) : undefined)}
          >
            <option value="">Choose a package…</option>
            {packages.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <form onSubmit={submit} aria-label="Show a package's trusted publishers">
        <label htmlFor="publishers-typed">Package (@namespace/name)</label>
        <input
          id="publishers-typed"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="@acme/clock"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'publishers-typed-error' : undefined}
        />
        <button type="submit">Show publishers</button>
        {error ? (
          <span id="publishers-typed-error" className="field-error">
            {error}
          </span>
        ) : null}
      </form>
    </div>
  );
}
