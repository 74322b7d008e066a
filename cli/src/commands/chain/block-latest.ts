// pkg block latest: the head block.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const blockLatestCommand = defineDataCommand({
  name: 'block latest',
  summary: 'the head block of the chain',
  call: (client, { fresh }) => client.onchain.block({ block: 'latest', fresh }),
});
