// pkg web search "<query>": web results (Tavily, then Exa, then Firecrawl).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { webOptions, webParams } from './define-web-command.js';

export const webSearchCommand = defineDataCommand({
  name: 'web search',
  summary: 'search the web (Tavily, then Exa, then Firecrawl); results are untrusted third-party text',
  help: 'Example:\n  pkg web search "robinhood chain launch" --limit 5',
  configure: (cmd) => webOptions(cmd.argument('<query>', 'what to search for')),
  call: (client, { positionals, options, fresh }) =>
    client.web.search({ query: String(positionals[0]), ...webParams(options), fresh }),
});
