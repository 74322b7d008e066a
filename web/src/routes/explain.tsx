// /explain (docs/website.md, "Pages"): a contract's verified interface (name, compiler, functions
// as reads and writes, events) and the automated security flags of its address. Contracts without
// verified source cannot be explained. Under the facts of a verified contract, an AI model's
// plain-language explanation (components/explain/explanation.tsx). The address lives in the URL
// (`?address=`); an invalid one is dropped and named, so a bad link still renders the form.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../components/data/answer-state';
import { ContractInterfacePanel } from '../components/explain/contract-interface';
import { ExplanationPanel } from '../components/explain/explanation';
import { SecurityFlags } from '../components/explain/security-flags';
import { AddressForm } from '../components/wallet/address-form';
import { addressParam, oneOfParam, parseSearch } from '../lib/url-params';
import { v1Queries } from '../lib/v1-queries';

const explainSearch = {
  address: addressParam,
  /** Set when the link's address was not one and so was dropped (the router rewrites the URL). */
  ignored: oneOfParam(['address']),
};
type ExplainSearch = ReturnType<typeof parseSearch<typeof explainSearch>>;

function validateExplainSearch(raw: ExplainSearch): ExplainSearch {
  const parsed = parseSearch(raw, explainSearch);
  if (parsed.address !== undefined) return { address: parsed.address };
  return raw.address !== undefined || parsed.ignored ? { ignored: 'address' } : {};
}

export const Route = createFileRoute('/explain')({
  validateSearch: validateExplainSearch,
  loaderDeps: ({ search }) => ({ address: search.address }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    deps.address ? queryClient.prefetchQuery(v1Queries.contract(trpc, deps.address)) : undefined,
  head: () => ({ meta: [{ title: 'Explain a contract · pkg' }] }),
  component: ExplainPage,
});

function ExplainPage() {
  const { address, ignored } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <section>
      <h1>Explain a contract</h1>
      <p>
        A contract&apos;s verified interface, read from the explorer, and the automated security flags of its
        address. Contracts without verified source cannot be explained.
      </p>
      {ignored ? (
        <p role="alert" className="reason" data-testid="ignored-address">
          The address in the link was ignored: an address is 0x followed by 40 hex digits.
        </p>
      ) : null}
      <AddressForm
        key={address ?? ''}
        label="Contract address"
        submitLabel="Explain"
        initial={address ?? ''}
        onAddress={(next) => void navigate({ search: { address: next } })}
      />
      {address ? <ContractAnswer address={address} /> : null}
    </section>
  );
}

function ContractAnswer({ address }: { address: string }) {
  const { trpc } = Route.useRouteContext();
  const query = useQuery(v1Queries.contract(trpc, address));
  return (
    <AnswerState query={query} what="the contract">
      {(answer) => (
        <>
          <p className="note" data-testid="not-audit">
            Not a source review or audit.
          </p>
          <ContractInterfacePanel section={answer.verified} />
          <SecurityFlags section={answer.security} />
          <ExplanationPanel address={address} verified={answer.verified} />
        </>
      )}
    </AnswerState>
  );
}
