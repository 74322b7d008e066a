// pkg price <symbol>: a USD price by symbol on the chain (ETH, a stock token, or a symbol that
// the market search resolves to exactly one token; an ambiguous symbol lists its candidates).
import { defineDataCommand } from '../lib/data/data-command.js';

export const priceCommand = defineDataCommand({
  name: 'price',
  summary: 'a USD price by symbol on the chain: ETH, a stock token, or an unambiguous token symbol',
  help: [
    'Examples:',
    '  pkg price ETH',
    '  pkg price AAPL --fresh',
    'An ambiguous symbol exits 2 and lists the candidates; ask by address with pkg market price.',
  ].join('\n'),
  configure: (cmd) => cmd.argument('<symbol>', 'ETH, a stock ticker or a token symbol'),
  call: (client, { positionals, fresh }) => client.market.price({ symbol: String(positionals[0]), fresh }),
});
