// /screener (docs/website.md, "Pages"): the newest pools on the chain with their tokens' automated
// security flags, filterable by liquidity, age and flags. The filters live in the URL (a filtered
// view is a link); an invalid one is dropped and named, so a bad link still renders the list.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../components/data/answer-state';
import { NotAdvice } from '../components/data/not-advice';
import { ScreenerForm } from '../components/screener/screener-form';
import { ScreenerResults } from '../components/screener/screener-results';
import {
  screenerParams,
  validateScreenerSearch,
  type FilterKey,
  type ScreenerSearch,
} from '../components/screener/search';
import { v1Queries } from '../lib/v1-queries';

const FILTER_LABELS: Record<FilterKey, string> = {
  minLiquidityUsd: 'minimum liquidity (a USD amount, 0 or more)',
  maxAgeHours: 'maximum age (above 0, at most 48 hours)',
  exclude: 'flags that must be clear (unknown flag names)',
  require: 'flags that must be raised (unknown flag names)',
};

export const Route = createFileRoute('/screener')({
  validateSearch: validateScreenerSearch,
  loaderDeps: ({ search }) => ({ params: screenerParams(search) }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.prefetchQuery(v1Queries.screener(trpc, deps.params)),
  head: () => ({ meta: [{ title: 'Screener · pkg' }] }),
  component: ScreenerPage,
});

function ScreenerPage() {
  const search = Route.useSearch();
  const { trpc } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const params = screenerParams(search);
  const query = useQuery(v1Queries.screener(trpc, params));
  const ignored = search.ignored ?? [];
  const apply = (next: ScreenerSearch) => void navigate({ search: next });

  return (
    <section className="screener-page">
      <h1>Screener</h1>
      <p>
        The newest pools on the chain, each with the automated security flags of its token. A flag that could
        not be read is named as such: no pool is shown as safe by default.
      </p>
      {ignored.length > 0 ? (
        <p role="alert" className="reason" data-testid="ignored-filters">
          Ignored from the link, as not valid: {ignored.map((k) => FILTER_LABELS[k]).join('; ')}.
        </p>
      ) : null}
      <ScreenerForm key={JSON.stringify(params)} search={params} onApply={apply} />
      <AnswerState query={query} what="the screener">
        {(answer) => <ScreenerResults answer={answer} />}
      </AnswerState>
      <NotAdvice />
    </section>
  );
}
