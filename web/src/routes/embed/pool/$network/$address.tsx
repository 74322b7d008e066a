// /embed/pool/<network>/<address> (docs/website.md, "Pages"): one pool's card for other sites'
// iframes. Loader and component read v1.pool with the embed's 15 s refresh; a network or address
// the API would refuse gets a message and no request.
import { poolCardParamsSchema } from '@pkg/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../../../../components/data/answer-state';
import { EmbedCard } from '../../../../components/embed/embed-card';
import { embedQueries } from '../../../../components/embed/embed-queries';
import { isPoolRef } from '../../../../lib/url-params';
import { PoolCard } from '../../../../components/embed/pool-card';

export const Route = createFileRoute('/embed/pool/$network/$address')({
  head: () => ({ meta: [{ title: 'Pool card · pkg' }] }),
  loader: ({ context: { queryClient, trpc }, params }) =>
    isPoolRef(params.network, params.address)
      ? queryClient.prefetchQuery(embedQueries.pool(trpc, params.network, params.address))
      : undefined,
  component: PoolEmbed,
});

function PoolEmbed() {
  const params = Route.useParams();
  const parsed = poolCardParamsSchema.safeParse(params);
  return (
    <div className="embed">
      {parsed.success ? (
        <PoolAnswer network={parsed.data.network} address={parsed.data.address} />
      ) : (
        <EmbedCard title="Pool card" fullPage="/screener">
          <p role="alert" className="error" data-testid="embed-bad-params">
            Not a pool: {parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ')}.
          </p>
        </EmbedCard>
      )}
    </div>
  );
}

function PoolAnswer({ network, address }: { network: string; address: string }) {
  const { trpc } = Route.useRouteContext();
  const query = useQuery(embedQueries.pool(trpc, network, address));
  return (
    <AnswerState query={query} what="the pool">
      {(answer) => <PoolCard answer={answer} />}
    </AnswerState>
  );
}
