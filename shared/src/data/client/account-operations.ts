// Operations about accounts and what they hold: `security.*` (token, address and approval
// checks), `wallet.*` (portfolio, positions, transactions) and `stocks.*` (the issuer's stock
// tokens).
import { CAPABILITIES as c } from '../capabilities/index.js';
import type { OperationBinders } from './operation-binders.js';

export function accountOperations({ op, freshOnly }: OperationBinders) {
  return {
    security: {
      token: op(c.getTokenSecurity),
      address: op(c.getAddressSecurity),
      approvals: op(c.getApprovalSecurity),
    },
    wallet: {
      portfolio: op(c.getWalletPortfolio),
      positions: op(c.getWalletPositions),
      transactions: op(c.getWalletTransactions),
    },
    stocks: {
      list: freshOnly(c.getStockTokens.name),
      quote: op(c.getStockQuote),
    },
  };
}
