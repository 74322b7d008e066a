// The project token page (live pool price, candles, trades, holders, burns, transparency):
// GET /v1/token, /v1/token/live (refreshed every 5 s) and /v1/token/candles with the candle size
// kept in the URL (`?tf=`). Every panel is a section with its own source and age, or the reason
// it has none (docs/website.md). The chart library loads with this route's chunk only.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnswerState } from '../components/data/answer-state';
import { NotAdvice } from '../components/data/not-advice';
import { CandlesPanel, TimeframeSelect } from '../components/token/candles-panel';
import { HoldersPanel, TopHoldersPanel } from '../components/token/holders-panels';
import { MarketPanel } from '../components/token/market-panel';
import {
  BurnedPanel,
  MarketCapPanel,
  PoolPricePanel,
  PriceUsdPanel,
  SupplyPanel,
} from '../components/token/price-panels';
import {
  DEFAULT_TIMEFRAME,
  TIMEFRAME_KEYS,
  candleParams,
  type TimeframeKey,
} from '../components/token/timeframes';
import { TradesPanel } from '../components/token/trades-panel';
import { ContractPanel, DevWalletsPanel } from '../components/token/transparency-panels';
import { oneOfParam } from '../lib/url-params';
import { v1Queries } from '../lib/v1-queries';

const timeframe = oneOfParam(TIMEFRAME_KEYS);
/** The chart's timeframe (a missing or unknown one is the default). */
const validateTokenSearch = (raw: { tf?: TimeframeKey | undefined }): { tf: TimeframeKey } => ({
  tf: timeframe(raw.tf) ?? DEFAULT_TIMEFRAME,
});

export const Route = createFileRoute('/token')({
  validateSearch: validateTokenSearch,
  loaderDeps: ({ search }) => ({ tf: search.tf }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    Promise.all([
      queryClient.prefetchQuery(v1Queries.token(trpc)),
      queryClient.prefetchQuery(v1Queries.tokenLive(trpc)),
      queryClient.prefetchQuery(v1Queries.tokenCandles(trpc, candleParams(deps.tf))),
    ]),
  component: TokenPage,
});

function TokenPage() {
  const { trpc } = Route.useRouteContext();
  const { tf } = Route.useSearch();
  const navigate = Route.useNavigate();
  const token = useQuery(v1Queries.token(trpc));
  const live = useQuery(v1Queries.tokenLive(trpc));
  // The previous candles stay shown while another size loads (the same query key as the loader's).
  const candles = useQuery({
    ...v1Queries.tokenCandles(trpc, candleParams(tf)),
    placeholderData: keepPreviousData,
  });
  const setTimeframe = (next: TimeframeKey) =>
    void navigate({ search: (prev) => ({ ...prev, tf: next }), replace: true });
  return (
    <div className="token-page">
      <h1>Project token</h1>
      <NotAdvice />
      <div className="panels">
        <AnswerState query={live} what="the live pool price">
          {(answer) => <PoolPricePanel live={answer} />}
        </AnswerState>
        <AnswerState query={token} what="the token summary">
          {(answer) => (
            <>
              <PriceUsdPanel token={answer} />
              <MarketCapPanel token={answer} />
            </>
          )}
        </AnswerState>
      </div>
      <div className="token-candles">
        <TimeframeSelect value={tf} onChange={setTimeframe} />
        <AnswerState query={candles} what="the candles">
          {(answer) => <CandlesPanel answer={answer} timeframe={tf} />}
        </AnswerState>
      </div>
      <AnswerState query={live} what="the recent trades">
        {(answer) => <TradesPanel live={answer} />}
      </AnswerState>
      <AnswerState query={token} what="the token summary">
        {(answer) => (
          <>
            <div className="panels">
              <MarketPanel token={answer} />
              <SupplyPanel token={answer} />
              <BurnedPanel token={answer} />
              <HoldersPanel token={answer} />
            </div>
            <TopHoldersPanel token={answer} />
            <section className="token-group" aria-labelledby="transparency-heading">
              <h2 id="transparency-heading">Transparency</h2>
              <div className="panels">
                <DevWalletsPanel token={answer} />
                <ContractPanel token={answer} />
              </div>
            </section>
          </>
        )}
      </AnswerState>
    </div>
  );
}
