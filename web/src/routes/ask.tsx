// /ask (docs/website.md, "Ask"): questions about the project token, the chain, stock tokens,
// filings, odds, wallets and contracts, answered by a model from live data, with the sources it
// read and the model that answered. Visitors ask 10 questions a day, holders 50 with a holder pass
// (components/ask/connect-wallet.tsx). The conversation lives in this page's state only.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { aiError } from '../components/ask/ai-error';
import { AskForm } from '../components/ask/ask-form';
import { ConnectWallet } from '../components/ask/connect-wallet';
import { Conversation, type Turn } from '../components/ask/conversation';
import { QuotaLine } from '../components/ask/quota-line';
import { NotAdvice } from '../components/data/not-advice';
import { onPassChange, usePass } from '../lib/holder-pass';
import { trpcClient } from '../lib/trpc';

export const Route = createFileRoute('/ask')({
  loader: ({ context: { queryClient, trpc } }) => queryClient.prefetchQuery(trpc.ask.quota.queryOptions()),
  head: () => ({ meta: [{ title: 'Ask · pkg' }] }),
  component: AskPage,
});

function AskPage() {
  const { trpc } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const quota = useQuery(trpc.ask.quota.queryOptions());
  const { pass } = usePass();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const [exceeded, setExceeded] = useState<string | undefined>(undefined);
  const nextId = useRef(1);

  // A pass stored, forgotten or refused changes whose counter the questions come from.
  useEffect(
    () =>
      onPassChange(() => {
        setExceeded(undefined);
        void queryClient.invalidateQueries({ queryKey: trpc.ask.quota.queryKey() });
      }),
    [queryClient, trpc],
  );

  async function ask(question: string): Promise<boolean> {
    const id = nextId.current++;
    setTurns((t) => [...t, { id, question }]);
    setBusy(true);
    const settle = (patch: Partial<Turn>) =>
      setTurns((t) => t.map((turn) => (turn.id === id ? { ...turn, ...patch } : turn)));
    try {
      const answer = await trpcClient.ask.ask.mutate({ question });
      settle({ answer });
      queryClient.setQueryData(trpc.ask.quota.queryKey(), {
        kind: answer.kind,
        holder: answer.holder,
        limit: answer.limit,
        remaining: answer.remaining,
        resetsAt: answer.resetsAt,
      });
      return true;
    } catch (error) {
      const { code, message } = aiError(error);
      if (code === 'QUOTA_EXCEEDED') {
        setTurns((t) => t.filter((turn) => turn.id !== id));
        setExceeded(message);
        return false;
      }
      settle({ error: code ? `${message} (${code})` : message });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const noneLeft = quota.data?.remaining === 0;
  return (
    <section className="ask-page">
      <h1>Ask</h1>
      <p>
        Questions about the project token, the chain, stock tokens, filings, odds, wallets and contracts,
        answered by an AI model from live data, with the sources it read.
      </p>
      <NotAdvice />
      {quota.data ? (
        <QuotaLine quota={quota.data} threshold={pass?.threshold} />
      ) : quota.isError ? (
        <p role="alert" className="reason reason-error" data-testid="quota-line">
          The questions left today could not be read: {aiError(quota.error).message}
        </p>
      ) : (
        <p role="status" data-testid="quota-line">
          Loading the questions left today…
        </p>
      )}
      {exceeded ? (
        <p role="alert" className="reason reason-error" data-testid="quota-exceeded">
          {exceeded}
        </p>
      ) : null}
      <AskForm busy={busy} disabled={exceeded !== undefined || noneLeft} onAsk={ask} />
      <Conversation turns={turns} />
      <ConnectWallet />
    </section>
  );
}
