// pkg market txns: pools ranked by most transactions in 24 h (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketTxnsCommand = defineRankingCommand('txns', 'most transactions in 24 h');
