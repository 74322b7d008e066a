// pkg market volume-drop: pools ranked by 6 h volume pace below its 24 h average, slowest first (docs/data-layer.md, "Rankings").
import { defineRankingCommand } from './define-ranking-command.js';

export const marketVolumeDropCommand = defineRankingCommand(
  'volume-drop',
  '6 h volume pace below its 24 h average, slowest first',
);
