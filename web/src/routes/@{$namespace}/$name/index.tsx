// /@<namespace>/<name>: the package page at its latest version.
import { createFileRoute } from '@tanstack/react-router';
import { PackageView } from '../../../components/package/package-view';
import { ErrorMessage, Loading } from '../../../components/query-state';
import { NotFound } from '../../../components/not-found';
import { loadPackage } from '../../../lib/package-loader';

export const Route = createFileRoute('/@{$namespace}/$name/')({
  loader: ({ context, params }) => loadPackage(context, params),
  pendingComponent: () => <Loading what="the package" />,
  errorComponent: ({ error }) => <ErrorMessage what="the package" error={error} />,
  notFoundComponent: NotFound,
  component: PackagePage,
});

function PackagePage() {
  const { namespace, name } = Route.useParams();
  const { version } = Route.useLoaderData();
  return <PackageView namespace={namespace} name={name} version={version} pinned={false} />;
}
