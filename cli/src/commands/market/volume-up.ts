// pkg market volume-up: pools ranked by 6 h volume pace above its 24 h average, fastest first (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketVolumeUpCommand = defineRankingCommand(
  'volume-up',
  '6 h volume pace above its 24 h average, fastest first',
);
