// The seven ranking commands (pkg market gainers|losers|volume|volume-drop|volume-up|liquidity|txns):
// the same options, one rule each (docs/data-layer.md, "Rankings").
import type { CommandDefinition } from '../../lib/command.js';
import { defineDataCommand } from '../../lib/data/data-command.js';
import { networkOptions, networkPage } from './define-market-command.js';

type Ranking = 'gainers' | 'losers' | 'volume' | 'volume-drop' | 'volume-up' | 'liquidity' | 'txns';

export function defineRankingCommand(ranking: Ranking, summary: string): CommandDefinition {
  return defineDataCommand({
    name: `market ${ranking}`,
    summary: `pools ranked by ${summary}, computed from per-pool fields`,
    help: 'The result states the rule, the minimum liquidity, what was left out and every input source.',
    configure: (cmd) =>
      networkOptions(cmd, false)
        .option('--limit <n>', 'pools to show (default 20)', '20')
        .option('--min-liquidity <usd>', 'leave out pools with less liquidity (default 10000)', '10000'),
    call: (client, { options, fresh }) =>
      client.market.rankings({
        ranking,
        network: networkPage(options).network,
        limit: Number(options.limit),
        minLiquidityUsd: Number(options.minLiquidity),
        fresh,
      }),
  });
}
