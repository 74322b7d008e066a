// pkg stocks list: the issuer's stock-token list, as the issuer returns it.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const stocksListCommand = defineDataCommand({
  name: 'stocks list',
  summary: "the issuer's stock tokens on the chain (symbols, contracts, multipliers), as returned",
  call: (client, { fresh }) => client.stocks.list({ fresh }),
});
