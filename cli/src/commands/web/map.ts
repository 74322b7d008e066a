// pkg web map <url>: the URLs of a public website (Firecrawl, then Tavily).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { webOptions, webParams } from './define-web-command.js';

export const webMapCommand = defineDataCommand({
  name: 'web map',
  summary: 'the URLs of a public website (Firecrawl, then Tavily)',
  help: 'Example:\n  pkg web map https://docs.robinhood.com --limit 200',
  configure: (cmd) =>
    webOptions(cmd.argument('<url>', 'site URL'), { limit: false, text: false }).option(
      '--limit <n>',
      'URLs (default 100, at most 5,000)',
    ),
  call: (client, { positionals, options, fresh }) =>
    client.web.map({ url: String(positionals[0]), ...webParams(options), fresh }),
});
