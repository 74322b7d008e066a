// /stocks (docs/website.md, "Pages"): stock tokens from GET /v1/stocks (docs/public-api.md): per
// token the premium table (DEX price, reference price, premium or discount, the `last close` flag)
// and the sections behind it, and the regulator filings card (GET /v1/filings/:symbol) opened per
// stock or for any ticker; the open card's symbol is the `filings` search parameter, so it can be
// linked.
import { v1SymbolSchema } from '@pkg/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AnswerState } from '../components/data/answer-state';
import { NotAdvice } from '../components/data/not-advice';
import { SectionPanel } from '../components/data/section-panel';
import { FilingsCard } from '../components/stocks/filings-card';
import { FilingsToggle } from '../components/stocks/filings-toggle';
import { StockSection } from '../components/stocks/stock-section';
import { parseSearch, tickerParam } from '../lib/url-params';
import { v1Queries } from '../lib/v1-queries';

const stocksSearch = {
  /** The ticker whose filings card is open. */
  filings: tickerParam,
};
type StocksSearch = ReturnType<typeof parseSearch<typeof stocksSearch>>;
const validateStocksSearch = (raw: StocksSearch): StocksSearch => parseSearch(raw, stocksSearch);

export const Route = createFileRoute('/stocks')({
  validateSearch: validateStocksSearch,
  loaderDeps: ({ search }) => ({ filings: search.filings }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(v1Queries.stocks(trpc)),
      deps.filings ? queryClient.prefetchQuery(v1Queries.filings(trpc, deps.filings)) : undefined,
    ]),
  head: () => ({ meta: [{ title: 'Stock tokens · pkg' }] }),
  component: StocksPage,
});

function StocksPage() {
  const { trpc } = Route.useRouteContext();
  const { filings: open } = Route.useSearch();
  const navigate = Route.useNavigate();
  const stocks = useQuery(v1Queries.stocks(trpc));
  const setOpen = (symbol: string | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, filings: symbol }), replace: true, resetScroll: false });
  return (
    <section className="stocks-page">
      <h1>Stock tokens</h1>
      <p>
        Each stock token's DEX price next to a reference price: premium = DEX price / reference − 1. The
        reference is the middle of the issuer's quote while it is tight, otherwise the stock's last close
        (marked <q>last close</q>); both are multiplied by the token's multiplier. Only pools of the contract
        the issuer lists count.
      </p>
      <NotAdvice />
      <OtherTicker open={open} onOpen={setOpen} />
      <AnswerState query={stocks} what="the stock tokens">
        {(data) => (
          <>
            {open && !data.stocks.some((s) => s.symbol === open) ? (
              <section className="panel" aria-labelledby="other-filings-heading">
                <h2 id="other-filings-heading">Filings of {open}</h2>
                <button type="button" onClick={() => setOpen(undefined)}>
                  Close<span className="visually-hidden"> the filings of {open}</span>
                </button>
                <FilingsCard trpc={trpc} symbol={open} id="filings-card-other" />
              </section>
            ) : null}
            <SectionPanel id="issuer" title="The issuer's list" section={data.issuer}>
              {(issuer) => (
                <p data-testid="issuer-counts">
                  Listed on the chain: {issuer.listed} · left out (not active, or not on the chain):{' '}
                  {issuer.leftOut}
                </p>
              )}
            </SectionPanel>
            {data.stocks.length === 0 ? <p>The issuer lists no stock token on the chain.</p> : null}
            {data.stocks.map((s) => (
              <StockSection
                key={s.symbol}
                stock={s}
                filings={
                  <FilingsToggle
                    trpc={trpc}
                    symbol={s.symbol}
                    open={open === s.symbol}
                    onToggle={() => setOpen(open === s.symbol ? undefined : s.symbol)}
                  />
                }
              />
            ))}
            <p className="muted">
              Look-alike pools are searched for the {data.lookalikeSearchLimit} tickers with the most DEX
              liquidity.
            </p>
          </>
        )}
      </AnswerState>
    </section>
  );
}

/** A form to open the filings card of any ticker (a company the issuer lists or not). */
function OtherTicker({ open, onOpen }: { open: string | undefined; onOpen: (symbol: string) => void }) {
  const [text, setText] = useState(open ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v1SymbolSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'not a ticker');
      return;
    }
    setError(undefined);
    onOpen(parsed.data);
  };
  return (
    <form className="inline" role="search" aria-label="Filings of a ticker" onSubmit={submit}>
      <label>
        Ticker
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ticker-error' : undefined}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <button type="submit">Show filings</button>
      {error ? (
        <p id="ticker-error" role="alert" className="error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
