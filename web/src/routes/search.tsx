// /search?q=: packages.search, prefetched by the loader with the component's query options, ranked
// as `pkg search` and the MCP tool rank (docs/browsing.md, "Search"). The filters (namespace, what
// latest may touch, a verified build) and the page live in the URL, so a result list can be
// linked to and the back button walks through pages. An empty query lists packages; a yanked or
// deprecated latest version is marked in words.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { SEARCH_LIMIT, type SearchPackagesInput, type SearchPackagesOutput } from '@pkg/shared/contract';
import { useId, useState } from 'react';
import { DeprecatedLine, PackageLink } from '../components/home/listed-packages';
import { PermissionBadges } from '../components/package/permission-badges';
import { downloadsThisWeek } from '../lib/format';
import { QueryState } from '../components/query-state';
import { booleanParam, numberParam, parseSearch, stringParam } from '../lib/url-params';

const searchParams = {
  q: stringParam(200),
  page: numberParam({ integer: true, min: 1, max: 1000 }),
  namespace: stringParam(39, /^[a-z0-9][a-z0-9-]{0,38}$/),
  noNetwork: booleanParam,
  noFileWrites: booleanParam,
  noEnv: booleanParam,
  verified: booleanParam,
};
type SearchParams = ReturnType<typeof parseSearch<typeof searchParams>> & { q: string };

/** The URL's search params (a missing or invalid query is the empty one; other bad values are dropped). */
function validateSearchParams(raw: Partial<SearchParams>): SearchParams {
  const parsed = parseSearch(raw, searchParams);
  return { ...parsed, q: parsed.q ?? '' };
}

/** What the URL asks for, as the procedure's input (absent flags are off). */
function searchInput(params: SearchParams): SearchPackagesInput {
  return {
    q: params.q,
    page: params.page ?? 1,
    limit: SEARCH_LIMIT.default,
    ...(params.namespace ? { namespace: params.namespace } : {}),
    noNetwork: params.noNetwork === true,
    noFileWrites: params.noFileWrites === true,
    noEnv: params.noEnv === true,
    verified: params.verified === true,
  };
}

export const Route = createFileRoute('/search')({
  validateSearch: validateSearchParams,
  loaderDeps: ({ search }) => searchInput(search),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(trpc.packages.search.queryOptions(deps)),
  head: () => ({ meta: [{ title: 'Search packages · pkg' }] }),
  component: SearchPage,
});

const FILTERS = [
  ['noNetwork', 'No network'],
  ['noFileWrites', 'No file writes'],
  ['noEnv', 'No environment variables'],
  ['verified', 'Built by trusted publishing'],
] as const;

const MATCHED: Record<string, string> = {
  name: 'name',
  tool: 'a tool',
  schema: 'a tool’s input or output',
  description: 'the description',
  skill: 'SKILL.md',
};

function SearchPage() {
  const params = Route.useSearch();
  const { trpc } = Route.useRouteContext();
  const input = searchInput(params);
  const search = useQuery(trpc.packages.search.queryOptions(input));
  const filtered = Boolean(params.namespace) || FILTERS.some(([key]) => params[key]);
  return (
    <section>
      <h1>{params.q ? `Packages matching “${params.q}”` : 'All packages'}</h1>
      <SearchFilters params={params} />
      <QueryState query={search} what="search results">
        {(data) =>
          data.results.length === 0 ? (
            <p data-testid="no-results">
              No package matches “{data.query}”{filtered ? ' with these filters' : ''}
              {(data.page ?? 1) > 1 ? ` on page ${data.page}` : ''}.
            </p>
          ) : (
            <>
              <p className="muted" data-testid="search-total">
                {data.total === undefined
                  ? `${data.results.length} shown`
                  : `${data.total} ${data.total === 1 ? 'package' : 'packages'}`}
              </p>
              <ul className="results" data-testid="search-results">
                {data.results.map((item) => (
                  <ResultItem key={item.name} item={item} />
                ))}
              </ul>
              <Pages params={params} page={data.page ?? 1} limit={data.limit} total={data.total} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

type Result = SearchPackagesOutput['results'][number];

function ResultItem({ item }: { item: Result }) {
  return (
    <li>
      <h2>
        <PackageLink name={item.name} />
      </h2>
      <p>{item.description}</p>
      <p className="muted">
        Latest version {item.latest}
        {item.weeklyDownloads === undefined ? null : ` · ${downloadsThisWeek(item.weeklyDownloads)}`}
        {item.verified ? ' · built by trusted publishing' : null}
        {item.yanked ? (
          <>
            {' '}
            <span className="badge badge-yanked">yanked</span>
          </>
        ) : null}
      </p>
      {item.matched?.length ? (
        <p className="muted" data-testid="matched">
          Matched in {item.matched.map((m) => MATCHED[m] ?? m).join(', ')}
        </p>
      ) : null}
      {item.permissions ? <PermissionBadges permissions={item.permissions} /> : null}
      {item.deprecated ? <DeprecatedLine message={item.deprecated} /> : null}
    </li>
  );
}

/** The filters, as a form that navigates: checkboxes apply at once, the namespace on submit. */
function SearchFilters({ params }: { params: SearchParams }) {
  const navigate = useNavigate({ from: '/search' });
  const [namespace, setNamespace] = useState(params.namespace ?? '');
  const id = useId();
  const go = (next: Partial<SearchParams>) =>
    void navigate({ search: (prev: SearchParams) => ({ ...prev, ...next, page: undefined }) });
  return (
    <form
      className="search-filters"
      aria-label="Filters"
      data-testid="search-filters"
      onSubmit={(event) => {
        event.preventDefault();
        go({ namespace: namespace.trim() || undefined });
      }}
    >
      <fieldset>
        <legend>What latest may touch</legend>
        {FILTERS.map(([key, label]) => (
          <label key={key}>
            <input
              type="checkbox"
              name={key}
              checked={params[key] === true}
              onChange={(event) => go({ [key]: event.target.checked || undefined })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-namespace`}>Namespace</label>{' '}
      <input
        id={`${id}-namespace`}
        name="namespace"
        value={namespace}
        placeholder="any"
        pattern="[a-z0-9][a-z0-9\-]{0,38}"
        onChange={(event) => setNamespace(event.target.value)}
      />{' '}
      <button type="submit">Apply</button>
    </form>
  );
}

function Pages({
  params,
  page,
  limit,
  total,
}: {
  params: SearchParams;
  page: number;
  limit: number | undefined;
  total: number | undefined;
}) {
  if (total === undefined || limit === undefined) return null;
  const last = Math.max(1, Math.ceil(total / limit));
  if (last === 1) return null;
  return (
    <nav aria-label="Pages of results" className="pages" data-testid="search-pages">
      {page > 1 ? (
        <Link to="/search" search={{ ...params, page: page - 1 === 1 ? undefined : page - 1 }} rel="prev">
          Previous
        </Link>
      ) : null}{' '}
      <span>
        Page {page} of {last}
      </span>{' '}
      {page < last ? (
        <Link to="/search" search={{ ...params, page: page + 1 }} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
