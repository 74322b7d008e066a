// pkg market volume: pools ranked by largest 24 h volume (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketVolumeCommand = defineRankingCommand('volume', 'largest 24 h volume');
