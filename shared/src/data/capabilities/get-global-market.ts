// Global crypto market statistics: total market cap and volume, dominance, 24 h change.
import * as z from 'zod';
import { defineCapability } from './define-capability.js';

export const getGlobalMarket = defineCapability({
  name: 'market.global',
  group: 'market',
  operation: 'global',
  summary: 'Global crypto market statistics: total market cap and volume, dominance, 24 h change.',
  scope: 'global',
  params: z.object({}),
  ttl: 'block',
});
