// pkg wallet inspect 0x<address>: balance, nonce, token balances, transfers and counters.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const walletInspectCommand = defineDataCommand({
  name: 'wallet inspect',
  summary: 'a wallet: ETH balance, nonce, token balances, transfers and counters, as sections',
  configure: (cmd) => cmd.argument('<address>', '0x-prefixed address'),
  call: (client, { positionals, fresh }) => client.inspect.wallet({ address: String(positionals[0]), fresh }),
});
