// The plain-language explanation of a verified contract on /explain (docs/website.md, "The contract
// explanation on /explain"; docs/public-api.md, "Contract explainer"): written by an AI model from
// the verified interface and the automated security flags, kept one day by the server, always shown
// with its notice (not a source review or an audit), the model that wrote it and when. A contract
// without verified source cannot be explained, and no model is asked.
import { useQuery } from '@tanstack/react-query';
import type { ContractExplanation, ContractInterface, Section } from '@pkg/shared/contract';
import { providerName, type V1Explanation } from '@pkg/shared/contract';
import { formatDate } from '../../lib/format';
import { type Column, DataTable } from '../data/data-table';
import { useTRPC } from '../../lib/use-trpc';
import { aiError } from '../ask/ai-error';
import { isNotVerified } from './not-verified';

const HOUR_MS = 60 * 60_000;

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section
      className="panel explanation"
      aria-labelledby="explanation-heading"
      data-testid="panel-explanation"
    >
      <h2 id="explanation-heading">Explanation</h2>
      {children}
    </section>
  );
}

function CannotExplain({ reason }: { reason: string }) {
  return (
    <Frame>
      <p className="reason" data-testid="explanation-unavailable">
        This contract cannot be explained: {reason}
      </p>
    </Frame>
  );
}

const FUNCTION_COLUMNS: Column<ContractExplanation['functions'][number]>[] = [
  { key: 'function', header: 'Function', rowHeader: true, cell: (f) => <code>{f.signature}</code> },
  { key: 'meaning', header: 'What it does', cell: (f) => f.meaning },
];

function ExplanationBody({ answer }: { answer: V1Explanation }) {
  const { explanation, model } = answer;
  return (
    <>
      <p className="note" data-testid="explanation-notice">
        {answer.notice}
      </p>
      <p className="source" data-testid="explanation-model">
        Written by {model.actualModel} ({providerName(model.actualProvider)}) on{' '}
        <time dateTime={answer.createdAt}>{formatDate(answer.createdAt)}</time>
        {model.fallback ? ' · fallback' : null}
      </p>
      <h3>Summary</h3>
      <p className="explanation-summary" data-testid="explanation-summary">
        {explanation.summary}
      </p>
      <h3>Functions</h3>
      {explanation.functions.length > 0 ? (
        <DataTable
          columns={FUNCTION_COLUMNS}
          rows={explanation.functions}
          rowKey={(f, i) => `${f.signature}-${i}`}
          className="data"
          testId="explanation-functions"
          label="The contract's functions"
        />
      ) : (
        <p>The explanation names no function.</p>
      )}
      <h3>Flags</h3>
      {explanation.flags.length > 0 ? (
        <ul className="explanation-flags" data-testid="explanation-flags">
          {explanation.flags.map((f, i) => (
            <li key={`${f.flag}-${i}`}>
              <strong>{f.flag}</strong>: {f.meaning}
            </li>
          ))}
        </ul>
      ) : (
        <p data-testid="explanation-flags">No security flag to explain.</p>
      )}
    </>
  );
}

function ModelExplanation({ address }: { address: string }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.explanations.get.queryOptions({ address }, { staleTime: HOUR_MS, retry: false }),
  );
  if (query.isPending)
    return (
      <Frame>
        <p role="status" data-testid="explanation-loading">
          Loading the explanation: a model is reading the interface and writing it…
        </p>
      </Frame>
    );
  if (query.isError) {
    const { code, message } = aiError(query.error);
    if (code === 'NOT_VERIFIED') return <CannotExplain reason={message} />;
    return (
      <Frame>
        <p role="alert" className="reason reason-error" data-testid="explanation-error">
          The explanation could not be written{code ? ` (${code})` : ''}: {message}
        </p>
      </Frame>
    );
  }
  return (
    <Frame>
      <ExplanationBody answer={query.data} />
    </Frame>
  );
}

/**
 * Under the contract's facts: the explanation when its source is verified, "cannot be explained"
 * when it is not, nothing when the explorer could not be read (the interface panel says why).
 */
export function ExplanationPanel({
  address,
  verified,
}: {
  address: string;
  verified: Section<ContractInterface>;
}) {
  if (verified.status === 'LIVE' || verified.status === 'CACHED')
    return <ModelExplanation address={address} />;
  const notVerified = isNotVerified(verified);
  return notVerified ? <CannotExplain reason="it has no verified source, so no model was asked." /> : null;
}
