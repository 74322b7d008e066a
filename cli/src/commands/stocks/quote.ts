// pkg stocks quote <SYMBOL>: the underlying bid and ask, as the issuer returns them.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const stocksQuoteCommand = defineDataCommand({
  name: 'stocks quote',
  summary: 'the underlying bid and ask of a stock token (raw, not multiplier-adjusted), as returned',
  help: 'Example:\n  pkg stocks quote AAPL',
  configure: (cmd) => cmd.argument('<symbol>', 'ticker, e.g. AAPL or BRK.B'),
  call: (client, { positionals, fresh }) =>
    client.stocks.quote({ symbol: String(positionals[0]).toUpperCase(), fresh }),
});
