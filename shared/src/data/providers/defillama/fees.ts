// `defi.fees`: the chain's fees overview and, as a second view of the same overview, its revenue
// (none listed leaves it absent); each protocol with its fees and revenue, largest fees first.
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type { DefiFees, DefiFeesProtocol } from '../../sources/defillama-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { DefillamaApi } from './defillama-api.js';
import { byLargest, identityOf, isEmpty, text, totalsOf } from './normalize.js';
import type { DefillamaOverview, DefillamaOverviewProtocol } from './payloads.js';

/** The protocols of both views, joined by DefiLlama's id (else name). */
function joinProtocols(fees: DefillamaOverview, revenue: DefillamaOverview | undefined): DefiFeesProtocol[] {
  const byKey = new Map<string, DefiFeesProtocol>();
  const keyOf = (p: DefillamaOverviewProtocol) => text(p.defillamaId) ?? p.name;
  for (const p of fees.protocols ?? []) {
    const t = totalsOf(p);
    byKey.set(keyOf(p), { ...identityOf(p), ...(isEmpty(t) ? {} : { fees: t }) });
  }
  for (const p of revenue?.protocols ?? []) {
    const t = totalsOf(p);
    if (isEmpty(t)) continue;
    const entry = byKey.get(keyOf(p)) ?? identityOf(p);
    byKey.set(keyOf(p), { ...entry, revenue: t });
  }
  return [...byKey.values()];
}

export function fees({ chainName, overview, options }: DefillamaApi): CapabilityHandler {
  return async () => {
    const name = await chainName();
    const nothing = `DefiLlama lists no fees on ${name}`;
    const [feesView, revenue] = await Promise.all([
      overview('fees', name, 'dailyFees', nothing),
      overview('fees', name, 'dailyRevenue', `DefiLlama lists no revenue on ${name}`).catch(
        (error: unknown) => {
          if (error instanceof NoDataError) return undefined;
          throw error;
        },
      ),
    ]);
    const feeTotals = totalsOf(feesView);
    const revenueTotals = revenue ? totalsOf(revenue) : {};
    const protocols = joinProtocols(feesView, revenue);
    if (isEmpty(feeTotals) && isEmpty(revenueTotals) && protocols.length === 0)
      throw new NoDataError(nothing, options);
    protocols.sort(
      byLargest(
        (p) => p.fees?.total24hUsd,
        (p) => p.name,
      ),
    );
    const data: DefiFees = compact({
      chain: name,
      fees: isEmpty(feeTotals) ? undefined : feeTotals,
      revenue: isEmpty(revenueTotals) ? undefined : revenueTotals,
      protocols,
    }) as DefiFees;
    return { data };
  };
}
