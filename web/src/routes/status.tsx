// The status page: reads health.get through the tRPC client (prefetched by the loader).
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/status')({
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.health.get.queryOptions()),
  component: StatusPage,
});

function StatusPage() {
  const { trpc } = Route.useRouteContext();
  const health = useQuery({ ...trpc.health.get.queryOptions(), refetchInterval: 15_000 });
  return (
    <section>
      <h1>Service status</h1>
      {health.isPending ? <p role="status">Checking the registry…</p> : null}
      {health.isError ? (
        <p role="alert" data-testid="health-error">
          The registry did not answer: {health.error.message}
        </p>
      ) : null}
      {health.data ? (
        <dl className="facts" data-testid="health">
          <dt>Registry</dt>
          <dd data-testid="health-status">
            {health.data.status === 'ok' ? 'Operational' : health.data.status}
          </dd>
          <dt>API version</dt>
          <dd data-testid="health-api-version">{health.data.apiVersion}</dd>
          <dt>Checked at</dt>
          <dd>{new Date(health.dataUpdatedAt).toISOString()}</dd>
        </dl>
      ) : null}
    </section>
  );
}
