// One package's trusted publishers on the account page (publishers.list), the "Require trusted
// publishing" switch (publishers.setPolicy), remove with a confirm (publishers.remove) and the form
// to add one. Errors are the registry's code and message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPackageId, type PackageRef, type TrustedPublisher } from '@pkg/shared/contract';
import { accountErrorMessage, publishersQueryKey, type AccountClient } from '../../lib/account-client';
import { formatDate } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { AddPublisherForm } from './add-publisher-form';

interface Props {
  client: AccountClient;
  pkg: PackageRef;
}

export function PackagePublishers({ client, pkg }: Props) {
  const list = useQuery({
    queryKey: publishersQueryKey(pkg),
    queryFn: () => client.publishers.list.query(pkg),
    retry: false,
  });
  const id = formatPackageId(pkg.namespace, pkg.name);
  return (
    <div data-testid="package-publishers" aria-labelledby="package-publishers-heading" role="region">
      <h3 id="package-publishers-heading">{id}</h3>
      {list.isPending ? <p role="status">Loading the trusted publishers of {id}…</p> : null}
      {list.isError ? (
        <p role="alert" className="error" data-testid="publishers-error">
          Could not load the trusted publishers of {id}: {accountErrorMessage(list.error)}
        </p>
      ) : null}
      {list.data ? (
        <>
          <PolicySwitch client={client} pkg={pkg} required={list.data.requireTrustedPublishing} />
          <DataTable
            columns={publisherColumns(client, pkg)}
            rows={list.data.publishers}
            rowKey={(p) => p.id}
            rowTestId={(p) => `publisher-${p.id}`}
            testId="publishers"
            caption={`Trusted publishers of ${id}`}
            label={`Trusted publishers of ${id}`}
            empty={<p data-testid="publishers-empty">No trusted publisher: only tokens publish {id}.</p>}
          />
          <AddPublisherForm client={client} pkg={pkg} />
        </>
      ) : null}
    </div>
  );
}

/** The switch that refuses classic tokens for this package; the answer is the new list. */
function PolicySwitch({ client, pkg, required }: Props & { required: boolean }) {
  const queryClient = useQueryClient();
  const policy = useMutation({
    mutationFn: (requireTrustedPublishing: boolean) =>
      client.publishers.setPolicy.mutate({ ...pkg, requireTrustedPublishing }),
    onSuccess: (data) => queryClient.setQueryData(publishersQueryKey(pkg), data),
  });
  return (
    <div className="policy-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={required}
          aria-checked={required}
          disabled={policy.isPending}
          onChange={(e) => policy.mutate(e.target.checked)}
          aria-describedby="require-trusted-hint"
        />{' '}
        Require trusted publishing
      </label>
      <p id="require-trusted-hint" className="muted field-hint">
        When on, classic tokens may not publish this package: only its trusted publishers, through{' '}
        <code>pkg publish --oidc</code>.
      </p>
      {policy.isError ? (
        <p role="alert" className="error" data-testid="policy-error">
          {accountErrorMessage(policy.error)}
        </p>
      ) : null}
    </div>
  );
}

function publisherColumns(client: AccountClient, pkg: PackageRef): Column<TrustedPublisher>[] {
  return [
    {
      key: 'platform',
      header: 'Platform',
      cell: (p) => (p.platform === 'github' ? 'GitHub Actions' : 'GitLab CI/CD'),
    },
    { key: 'repository', header: 'Repository', rowHeader: true, cell: (p) => <code>{p.repository}</code> },
    { key: 'workflow', header: 'Workflow', cell: (p) => <code>{p.workflow}</code> },
    {
      key: 'environment',
      header: 'Environment',
      cell: (p) => (p.environment ? <code>{p.environment}</code> : <span className="muted">any</span>),
    },
    {
      key: 'added',
      header: 'Added',
      cell: (p) => (
        <>
          by {p.addedBy}, <time dateTime={p.addedAt}>{formatDate(p.addedAt)}</time>
        </>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (p) => <RemovePublisher client={client} pkg={pkg} publisher={p} />,
    },
  ];
}

/** Remove a trusted publisher, after a confirm. */
function RemovePublisher({ client, pkg, publisher }: Props & { publisher: TrustedPublisher }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => client.publishers.remove.mutate({ ...pkg, id: publisher.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersQueryKey(pkg) }),
  });
  const what = `${publisher.repository} ${publisher.workflow}`;
  return (
    <>
      {confirming ? (
        <>
          <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Confirm remove {what}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} aria-label={`Remove ${what}`}>
          Remove
        </button>
      )}
      {remove.isError ? (
        <span role="alert" className="error">
          {accountErrorMessage(remove.error)}
        </span>
      ) : null}
    </>
  );
}
