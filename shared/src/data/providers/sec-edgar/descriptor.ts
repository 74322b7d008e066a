// SEC EDGAR, the regulator-filings source (docs/website.md, "Filings"): the registrant behind a
// ticker and its recent filings. Keyless, but SEC_USER_AGENT (a name and a contact email) is
// required by the SEC's fair-access rules; at most 10 requests a second across the process, for
// both hosts together ("no more than 10 requests per second, regardless of the number of
// machines").
import { LIMITS } from '../../limits.js';
import { NO_RETRY } from '../../routing/retry-policy.js';
import type { ProviderDescriptor } from '../provider-types.js';
import { SEC_BASE_URL, SEC_DATA_BASE_URL, secEdgarEndpoint } from './endpoints.js';
import { PROVIDER_NAMES } from '../../../contract/provider-names.js';

export const secEdgarDescriptor: ProviderDescriptor = {
  id: 'sec-edgar',
  name: PROVIDER_NAMES['sec-edgar'],
  role: 'regulator filings',
  kind: 'source',
  capabilities: { global: ['filings.cik', 'filings.submissions'] },
  verifiesChainId: false,
  retry: NO_RETRY,
  timeoutMs: LIMITS.requestTimeoutMs,
  throttle: { requests: 10, windowMs: 1_000 },
  defaultUrls: [SEC_BASE_URL, SEC_DATA_BASE_URL],
  configure: secEdgarEndpoint,
  configuredUrls: (env) =>
    [env.SEC_BASE_URL, env.SEC_DATA_BASE_URL].filter((url): url is string => url !== undefined && url !== ''),
  load: async () => (await import('./index.js')).createSecEdgarProvider,
};
