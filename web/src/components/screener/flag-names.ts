// The screener's flags in plain words (docs/public-api.md, "GET /v1/screener" names the report
// member behind each); the id stays in the URL and the API, the words are what a reader sees.
import type { ScreenerFlag } from '@pkg/shared/contract';

export const FLAG_NAMES: Readonly<Record<ScreenerFlag, string>> = {
  honeypot: 'honeypot (cannot be sold)',
  'cannot-buy': 'cannot be bought',
  'cannot-sell-all': 'cannot sell all at once',
  'high-tax': 'tax above 10 %',
  'modifiable-tax': 'tax can be changed',
  mintable: 'more can be minted',
  'owner-can-reclaim': 'owner can reclaim ownership',
  'owner-can-change-balance': 'owner can change balances',
  'hidden-owner': 'hidden owner',
  'self-destruct': 'can self-destruct',
  'external-call': 'calls external contracts',
  proxy: 'upgradeable proxy',
  pausable: 'transfers can be paused',
  blacklist: 'has a blacklist',
  'trading-cooldown': 'trading cooldown',
  'closed-source': 'source not verified',
  'airdrop-scam': 'airdrop scam',
  counterfeit: 'counterfeit of another token',
};

export const flagName = (flag: ScreenerFlag): string => FLAG_NAMES[flag];
