// pkg market price <network> 0x<token>: a token's USD price (aggregator, then pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketPriceCommand = defineDataCommand({
  name: 'market price',
  summary: "a token's USD price (aggregator, then pool provider)",
  help: 'Example:\n  pkg market price robinhood 0x…',
  configure: (cmd) =>
    cmd
      .argument(
        '<network>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
      )
      .argument('<token>', 'token address'),
  call: (client, { positionals, fresh }) =>
    client.market.tokenPrice({ network: String(positionals[0]), address: String(positionals[1]), fresh }),
});
