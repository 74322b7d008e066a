// pkg market losers: pools ranked by largest 24 h price falls (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketLosersCommand = defineRankingCommand('losers', 'largest 24 h price falls');
