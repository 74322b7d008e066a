// /live (docs/website.md, "Pages"): the chain overview from GET /v1/chain (docs/public-api.md):
// TVL, DeFi protocols, perpetuals, newest pools, stock tokens and prediction-market odds, each
// panel with its own source and age, or the reason it has none.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../components/data/answer-state';
import { NotAdvice } from '../components/data/not-advice';
import { NewPoolsPanel } from '../components/live/new-pools-panel';
import { OddsPanels } from '../components/live/odds-panels';
import { PerpsPanel } from '../components/live/perps-panel';
import { ProtocolsPanel } from '../components/live/protocols-panel';
import { StocksSummaryPanel } from '../components/live/stocks-summary-panel';
import { TvlPanel } from '../components/live/tvl-panel';
import { v1Queries } from '../lib/v1-queries';

export const Route = createFileRoute('/live')({
  loader: ({ context: { queryClient, trpc } }) => queryClient.prefetchQuery(v1Queries.chain(trpc)),
  head: () => ({ meta: [{ title: 'Live chain overview · pkg' }] }),
  component: LivePage,
});

function LivePage() {
  const { trpc } = Route.useRouteContext();
  const chain = useQuery(v1Queries.chain(trpc));
  return (
    <section className="live">
      <h1>Chain overview</h1>
      <NotAdvice />
      <AnswerState query={chain} what="the chain overview">
        {(data) => (
          <>
            <p className="muted">
              Network <code>{data.network}</code> (chain id {data.chainId}).
            </p>
            <TvlPanel section={data.tvl} />
            <StocksSummaryPanel stocks={data.stocks} />
            <ProtocolsPanel section={data.protocols} />
            <PerpsPanel section={data.perps} />
            <NewPoolsPanel section={data.newPools} />
            <OddsPanels odds={data.odds} />
          </>
        )}
      </AnswerState>
    </section>
  );
}
