// pkg market liquidity: pools ranked by largest liquidity (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketLiquidityCommand = defineRankingCommand('liquidity', 'largest liquidity');
