// `equities.profile`: GET /stock/profile2; an unknown symbol answers `{}`: no data.
import type { z } from 'zod';
import type { equitiesProfile } from '../../capabilities/finnhub.js';
import { compact } from '../../compact.js';
import type { EquityProfile } from '../../sources/finnhub-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import type { FinnhubGet } from './http.js';
import { profileSchema } from './payloads.js';
import { noData, positive, text } from './values.js';

type ProfileParams = z.output<typeof equitiesProfile.params>;

export function profile(get: FinnhubGet): CapabilityHandler {
  return async (params) => {
    const { symbol } = params as ProfileParams;
    const p = await get('/stock/profile2', { symbol }, profileSchema);
    const fields = compact({
      ticker: text(p.ticker),
      name: text(p.name),
      exchange: text(p.exchange),
      country: text(p.country),
      currency: text(p.currency),
      industry: text(p.finnhubIndustry),
      ipoDate: text(p.ipo),
      marketCapMillions: positive(p.marketCapitalization),
      sharesOutstandingMillions: positive(p.shareOutstanding),
      website: text(p.weburl),
      logo: text(p.logo),
      phone: text(p.phone),
    }) as Omit<EquityProfile, 'symbol'>;
    if (Object.keys(fields).length === 0) throw noData(`Finnhub has no profile for ${symbol}`);
    const data: EquityProfile = { symbol, ...fields };
    return { data };
  };
}
