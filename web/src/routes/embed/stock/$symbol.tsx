// /embed/stock/<SYMBOL> (docs/website.md, "Pages"): one stock token's premium card for other
// sites' iframes. Loader and component read v1.stocks with the embed's 15 s refresh; a symbol
// that is not a ticker gets a message and no request.
import { v1SymbolSchema } from '@pkg/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../../../components/data/answer-state';
import { EmbedCard } from '../../../components/embed/embed-card';
import { embedQueries } from '../../../components/embed/embed-queries';
import { isTicker } from '../../../lib/url-params';
import { StockCard } from '../../../components/embed/stock-card';

export const Route = createFileRoute('/embed/stock/$symbol')({
  head: ({ params }) => ({ meta: [{ title: `${params.symbol} stock token card · pkg` }] }),
  loader: ({ context: { queryClient, trpc }, params }) =>
    isTicker(params.symbol) ? queryClient.prefetchQuery(embedQueries.stocks(trpc)) : undefined,
  component: StockEmbed,
});

function StockEmbed() {
  const { symbol } = Route.useParams();
  const parsed = v1SymbolSchema.safeParse(symbol);
  return (
    <div className="embed">
      {parsed.success ? (
        <StockAnswer symbol={parsed.data} />
      ) : (
        <EmbedCard title="Stock token card" fullPage="/stocks">
          <p role="alert" className="error" data-testid="embed-bad-params">
            “{symbol}” is not a ticker: {parsed.error.issues[0]?.message}.
          </p>
        </EmbedCard>
      )}
    </div>
  );
}

function StockAnswer({ symbol }: { symbol: string }) {
  const { trpc } = Route.useRouteContext();
  const query = useQuery(embedQueries.stocks(trpc));
  return (
    <AnswerState query={query} what="the stock tokens">
      {(answer) => <StockCard symbol={symbol} answer={answer} />}
    </AnswerState>
  );
}
