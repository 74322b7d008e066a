// pkg market ohlcv <network> 0x<pool> --timeframe --aggregate --limit: candles, oldest first.
import { defineDataCommand } from '../../lib/data/data-command.js';
import { NETWORK_HELP } from './define-market-command.js';

export const marketOhlcvCommand = defineDataCommand({
  name: 'market ohlcv',
  summary: 'candles of a pool, oldest first (pool provider)',
  help: [
    'Timeframes and aggregates: day 1; hour 1, 4, 12; minute 1, 5, 15. At most 1000 candles.',
    'Example:',
    '  pkg market ohlcv robinhood 0x… --timeframe hour --aggregate 4 --limit 48',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<network>', NETWORK_HELP)
      .argument('<pool>', 'pool address (v4: pool id)')
      .requiredOption('--timeframe <day|hour|minute>', 'candle timeframe')
      .option('--aggregate <n>', 'candle size (default 1)', '1')
      .option('--limit <n>', 'candles, at most 1000 (default 100)', '100')
      .option('--currency <usd|token>', 'prices in USD or in the quote token', 'usd'),
  call: (client, { positionals, options, fresh }) =>
    client.market.ohlcv({
      network: String(positionals[0]),
      pool: String(positionals[1]),
      timeframe: String(options.timeframe) as 'day',
      aggregate: Number(options.aggregate),
      limit: Number(options.limit),
      currency: String(options.currency) as 'usd',
      fresh,
    }),
});
