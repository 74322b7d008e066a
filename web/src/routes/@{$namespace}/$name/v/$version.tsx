// /@<namespace>/<name>/v/<version>: the package page at one version.
import { createFileRoute } from '@tanstack/react-router';
import { PackageView } from '../../../../components/package/package-view';
import { ErrorMessage, Loading } from '../../../../components/query-state';
import { NotFound } from '../../../../components/not-found';
import { loadPackage } from '../../../../lib/package-loader';

export const Route = createFileRoute('/@{$namespace}/$name/v/$version')({
  loader: ({ context, params }) => loadPackage(context, params),
  pendingComponent: () => <Loading what="the package" />,
  errorComponent: ({ error }) => <ErrorMessage what="the package" error={error} />,
  notFoundComponent: NotFound,
  component: VersionPage,
});

function VersionPage() {
  const { namespace, name, version } = Route.useParams();
  return <PackageView namespace={namespace} name={name} version={version} pinned />;
}
