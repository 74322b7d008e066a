// GoPlus Security, the security-flag provider: token security
// (GET /api/v1/token_security/{chain}?contract_addresses=) and address security
// (GET /api/v1/address_security/{address}?chain_id=) on the chain. Approval security does not
// cover this chain, so that capability is refused without a request.
import { NoDataError, ProviderError, UnsupportedMethodError } from '../../errors/data-errors.js';
import type { ProviderFactory } from '../provider-types.js';
import { createGoplusApi } from './http.js';
import {
  addressSecuritySchema,
  supportedChainsSchema,
  tokenSecurityResultSchema,
  tokenSecuritySchema,
} from './payloads.js';
import { addressReport, tokenReport } from './report.js';

export const createGoplusProvider: ProviderFactory = (endpoint, context) => {
  const api = createGoplusApi(endpoint, context);
  const chain = String(context.chainId);
  const noData = (message: string) => new NoDataError(message, { provider: 'goplus' });

  return {
    handlers: {
      'security.token': async (params) => {
        const address = String(params.address).toLowerCase();
        const result = await api.get(
          `/api/v1/token_security/${chain}`,
          { contract_addresses: address },
          tokenSecurityResultSchema,
        );
        const found = Object.entries(result ?? {}).find(([key]) => key.toLowerCase() === address);
        if (!found || found[1] === null || typeof found[1] !== 'object' || Object.keys(found[1]).length === 0)
          throw noData(`GoPlus has no token security report for ${address} on chain ${chain}`);
        const parsed = tokenSecuritySchema.safeParse(found[1]);
        if (!parsed.success)
          throw new ProviderError('failure', `token_security: unexpected report for ${address}`, {
            provider: 'goplus',
          });
        return { data: tokenReport(found[0], parsed.data) };
      },
      'security.address': async (params) => {
        const address = String(params.address);
        const result = await api.get(
          `/api/v1/address_security/${address}`,
          { chain_id: chain },
          addressSecuritySchema.nullable().optional(),
        );
        if (!result || Object.keys(result).length === 0)
          throw noData(`GoPlus has no address security report for ${address} on chain ${chain}`);
        return { data: addressReport(address, result) };
      },
      'security.approvals': () =>
        Promise.reject(
          new UnsupportedMethodError(`GoPlus approval security does not cover Robinhood Chain (${chain})`, {
            provider: 'goplus',
          }),
        ),
    },
    health: async () => {
      const chains = await api.get(
        '/api/v1/supported_chains',
        { name: 'token_security' },
        supportedChainsSchema,
      );
      return {
        chains: chains.length,
        chain4663Listed: chains.some((c) => String(c.id) === chain),
        authenticated: api.authenticated,
      };
    },
  };
};
