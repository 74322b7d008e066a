// /search?q=: packages.search, prefetched by the loader with the component's query options.
// An empty query lists packages; a yanked or deprecated latest version is marked in words.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { parsePackageId } from '@pkg/shared/contract';
import * as z from 'zod/mini';
import { QueryState } from '../components/query-state';

const searchParamsSchema = z.object({
  q: z.catch(z._default(z.string().check(z.maxLength(200)), ''), ''),
});

export const Route = createFileRoute('/search')({
  validateSearch: searchParamsSchema,
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.packages.search.queryOptions({ q: deps.q })),
  head: () => ({ meta: [{ title: 'Search packages · pkg' }] }),
  component: SearchPage,
});

function SearchPage() {
  const { q } = Route.useSearch();
  const { trpc } = Route.useRouteContext();
  const search = useQuery(trpc.packages.search.queryOptions({ q }));
  return (
    <section>
      <h1>{q ? `Packages matching “${q}”` : 'All packages'}</h1>
      <QueryState query={search} what="search results">
        {(data) =>
          data.results.length === 0 ? (
            <p data-testid="no-results">No package matches “{data.query}”.</p>
          ) : (
            <ul className="results" data-testid="search-results">
              {data.results.map((item) => {
                const ref = parsePackageId(item.name);
                return (
                  <li key={item.name}>
                    <h2>
                      {ref ? (
                        <Link to="/@{$namespace}/$name" params={ref}>
                          {item.name}
                        </Link>
                      ) : (
                        item.name
                      )}
                    </h2>
                    <p>{item.description}</p>
                    <p className="muted">
                      Latest version {item.latest}
                      {item.yanked ? (
                        <>
                          {' '}
                          <span className="badge badge-yanked">yanked</span>
                        </>
                      ) : null}
                    </p>
                    {item.deprecated ? (
                      <p className="badge-line">
                        <span className="badge badge-deprecated">deprecated</span> {item.deprecated}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
