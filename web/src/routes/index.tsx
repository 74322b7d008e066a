// /: what the registry holds (packages.overview: its counts, the packages published to most
// recently and the most downloaded this week; docs/browsing.md), the quick start with the `pkg`
// commands, and the data tools pages. The overview is prefetched by the loader with the
// component's query options.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { DataToolsList } from '../components/home/data-tools-list';
import { ListedPackages } from '../components/home/listed-packages';
import { QuickStart } from '../components/home/quick-start';
import { RegistryCounts } from '../components/home/registry-counts';
import { QueryState } from '../components/query-state';

export const Route = createFileRoute('/')({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.packages.overview.queryOptions());
  },
  component: Home,
});

function Home() {
  return (
    <div className="home">
      <section>
        <h1>Skill packages for AI agents</h1>
        <p>
          A registry of versioned, namespaced and verifiable skill packages, and a data layer for chain and
          market data. Publish and install with the <code>pkg</code> command.
        </p>
        <p>
          <Link to="/status">Check the service status</Link>
        </p>
      </section>
      <Overview />
      <QuickStart />
      <DataToolsList />
    </div>
  );
}

function Overview() {
  const { trpc } = Route.useRouteContext();
  const overview = useQuery(trpc.packages.overview.queryOptions());
  return (
    <>
      <section aria-labelledby="registry-heading">
        <h2 id="registry-heading">In the registry</h2>
        <QueryState query={overview} what="the registry’s counts">
          {(data) => <RegistryCounts counts={data.counts} />}
        </QueryState>
      </section>
      <div className="home-lists">
        <section aria-labelledby="recent-heading">
          <h2 id="recent-heading">Recently published</h2>
          <QueryState query={overview} what="the recently published packages">
            {(data) => (
              <ListedPackages items={data.recent} testId="recent" empty="Nothing has been published yet." />
            )}
          </QueryState>
        </section>
        <section aria-labelledby="popular-heading">
          <h2 id="popular-heading">Most downloaded this week</h2>
          <QueryState query={overview} what="the most downloaded packages">
            {(data) => (
              <ListedPackages
                items={data.popular}
                testId="popular"
                empty="No package has been downloaded in the last 7 days."
              />
            )}
          </QueryState>
        </section>
      </div>
    </>
  );
}
