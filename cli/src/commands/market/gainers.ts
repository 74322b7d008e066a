// pkg market gainers: pools ranked by largest 24 h price rises (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketGainersCommand = defineRankingCommand('gainers', 'largest 24 h price rises');
