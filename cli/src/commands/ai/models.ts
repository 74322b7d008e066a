// pkg ai models [--search <text>] [--provider <id>]: an AI provider's models with context length,
// pricing and features.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const aiModelsCommand = defineDataCommand({
  name: 'ai models',
  summary: "an AI provider's models: context length, pricing and features",
  help: [
    'The provider is --provider, else AI_PROVIDER, else openrouter. The list is cached 10 minutes.',
    'Examples:',
    '  pkg ai models --search gemini',
    '  pkg ai models --provider gemini --json',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .option('--search <text>', 'only models whose id, name or description contains this text')
      .option('--provider <id>', 'openrouter or gemini'),
  call: (client, { options, fresh }) =>
    client.ai.models({
      ...(typeof options.provider === 'string' ? { provider: options.provider } : {}),
      ...(typeof options.search === 'string' ? { search: options.search } : {}),
      fresh,
    }),
});
