// pkg logs query --address 0x<contract> --from-block <n> --to-block <n>: event logs.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const logsQueryCommand = defineDataCommand({
  name: 'logs query',
  summary: 'event logs of a contract over a block range (at most 10,000 blocks)',
  help: 'Example:\n  pkg logs query --address 0x5fc5...1168 --from-block 79282000 --to-block 79282100',
  configure: (cmd) =>
    cmd
      .requiredOption('--address <address>', 'contract address')
      .requiredOption('--from-block <n>', 'first block (decimal)')
      .requiredOption('--to-block <n>', 'last block (decimal)'),
  call: (client, { options, fresh }) =>
    client.onchain.logs({
      address: String(options.address),
      fromBlock: String(options.fromBlock),
      toBlock: String(options.toBlock),
      fresh,
    }),
});
