// /@<namespace>: the namespace's owner, maintainers and packages (namespaces.get).
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { parsePackageId } from '@pkg/shared/contract';
import { ErrorMessage, Loading } from '../../components/query-state';
import { NotFound } from '../../components/not-found';
import { rethrowNotFound } from '../../lib/trpc-error';
import { isNamespace } from '../../lib/url-params';

export const Route = createFileRoute('/@{$namespace}/')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's notFound() is thrown
    if (!isNamespace(params.namespace)) throw notFound();
    await queryClient
      .ensureQueryData(trpc.namespaces.get.queryOptions({ namespace: params.namespace }))
      .catch(rethrowNotFound);
  },
  pendingComponent: () => <Loading what="the namespace" />,
  errorComponent: ({ error }) => <ErrorMessage what="the namespace" error={error} />,
  notFoundComponent: NotFound,
  component: NamespacePage,
});

function NamespacePage() {
  const { namespace } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const ns = useQuery(trpc.namespaces.get.queryOptions({ namespace }));
  if (ns.isPending) return <Loading what="the namespace" />;
  if (ns.isError) return <ErrorMessage what="the namespace" error={ns.error} />;
  const data = ns.data;
  return (
    <section>
      <h1>@{namespace}</h1>
      {data.reserved ? <p>This namespace is reserved by the registry operator.</p> : null}
      <dl className="facts">
        <dt>Owner</dt>
        <dd>{data.owner ?? 'Nobody'}</dd>
        <dt>Maintainers</dt>
        <dd>{data.maintainers.length ? data.maintainers.join(', ') : 'None'}</dd>
      </dl>
      <h2>Packages</h2>
      {data.packages.length === 0 ? (
        <p>No package is published in this namespace yet.</p>
      ) : (
        <ul data-testid="namespace-packages">
          {data.packages.map((id) => {
            const ref = parsePackageId(id);
            return (
              <li key={id}>
                {ref ? (
                  <Link to="/@{$namespace}/$name" params={ref}>
                    {id}
                  </Link>
                ) : (
                  id
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
