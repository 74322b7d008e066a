// /embed/token (docs/website.md, "Pages"): the project token's card for other sites' iframes.
// Loader and component read v1.tokenLive with the embed's 15 s refresh; the card sets no cookie
// and loads nothing from another origin.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../../components/data/answer-state';
import { embedQueries } from '../../components/embed/embed-queries';
import { TokenCard } from '../../components/embed/token-card';

export const Route = createFileRoute('/embed/token')({
  head: () => ({ meta: [{ title: 'Project token card · pkg' }] }),
  loader: ({ context: { queryClient, trpc } }) => queryClient.prefetchQuery(embedQueries.tokenLive(trpc)),
  component: TokenEmbed,
});

function TokenEmbed() {
  const { trpc } = Route.useRouteContext();
  const query = useQuery(embedQueries.tokenLive(trpc));
  return (
    <div className="embed">
      <AnswerState query={query} what="the token price">
        {(answer) => <TokenCard answer={answer} />}
      </AnswerState>
    </div>
  );
}
