// SEC EDGAR: keyless, but the SEC's fair-access rules require every automated client to declare
// itself in the User-Agent with a name and a contact email ("Sample Company Name
// AdminContact@<sample company domain>.com",
// https://www.sec.gov/search-filings/edgar-search-assistance/accessing-edgar-data); undeclared
// tools are answered 403. SEC_USER_AGENT is therefore required: without it, or with a value
// that has no email-like contact or no name, EDGAR is unconfigured and says why, and nothing is
// ever sent. Two hosts: www.sec.gov (company_tickers.json, the Archives) and data.sec.gov (the
// submissions API); SEC_BASE_URL and SEC_DATA_BASE_URL replace them (a mirror or a local double).
// The agent is not a secret (it is sent in the clear to the SEC), but it is not shown either:
// the display names the variable.
import type { DataEnv } from '../../config/env-vars.js';
import { displayUrl } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const SEC_BASE_URL = 'https://www.sec.gov';
export const SEC_DATA_BASE_URL = 'https://data.sec.gov';

/** The endpoint with what the runtime needs beyond `url` (the www base): the data base and the agent. */
export interface SecEdgarEndpoint extends ProviderEndpoint {
  dataUrl: string;
  userAgent: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** Why a User-Agent value does not declare a name and a contact email, or undefined when it does. */
export function userAgentProblem(value: string): string | undefined {
  // A header value: printable ASCII only (no line breaks that could split the header).
  if (!/^[\x20-\x7e]+$/.test(value)) return 'has characters other than printable ASCII';
  const email = EMAIL.exec(value);
  if (!email) return 'has no contact email';
  const rest = value.replace(email[0], '').replace(/[\s<>()[\],;:]+/g, '');
  if (!/[A-Za-z]/.test(rest)) return 'has no name besides the email';
  return undefined;
}

export function secEdgarEndpoint(env: DataEnv): SecEdgarEndpoint | { unconfigured: string } {
  const agent = env.SEC_USER_AGENT?.trim();
  if (!agent) return { unconfigured: 'not configured (SEC_USER_AGENT: a name and a contact email)' };
  const problem = userAgentProblem(agent);
  if (problem)
    return {
      unconfigured: `not configured (SEC_USER_AGENT ${problem}: a name and a contact email, e.g. "Example Co admin@example.com")`,
    };
  const base = (env.SEC_BASE_URL ?? SEC_BASE_URL).replace(/\/+$/, '');
  const data = (env.SEC_DATA_BASE_URL ?? SEC_DATA_BASE_URL).replace(/\/+$/, '');
  return {
    url: base,
    dataUrl: data,
    userAgent: agent,
    display: `${displayUrl(base)}/files/company_tickers.json, ${displayUrl(data)}/submissions/... (User-Agent from SEC_USER_AGENT)`,
    secrets: [],
  };
}

/** The SEC endpoint the descriptor configured (its extra members travel on the same object). */
export function secEdgarEndpointOf(endpoint: ProviderEndpoint): SecEdgarEndpoint {
  const { dataUrl, userAgent } = endpoint as Partial<SecEdgarEndpoint>;
  if (typeof dataUrl !== 'string' || typeof userAgent !== 'string' || userAgentProblem(userAgent))
    throw new Error('sec-edgar: the endpoint was not configured by secEdgarEndpoint()');
  return { ...endpoint, dataUrl, userAgent };
}
