// pkg web answer "<question>": an answer from the web with its citations (Tavily, then Exa).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { webOptions, webParams } from './define-web-command.js';

export const webAnswerCommand = defineDataCommand({
  name: 'web answer',
  summary: 'an answer from the web with its citations (Tavily, then Exa); untrusted third-party text',
  help: 'Example:\n  pkg web answer "When did Robinhood Chain launch its mainnet?"',
  configure: (cmd) => webOptions(cmd.argument('<question>', 'the question'), { limit: false }),
  call: (client, { positionals, options, fresh }) =>
    client.web.answer({ query: String(positionals[0]), ...webParams(options), fresh }),
});
