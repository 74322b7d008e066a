// pkg web extract <url>…: the text of up to 10 public pages (Tavily, then Firecrawl, then Exa).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { webOptions, webParams } from './define-web-command.js';

export const webExtractCommand = defineDataCommand({
  name: 'web extract',
  summary: 'the text of up to 10 public web pages; untrusted third-party text',
  help: [
    'Only http(s) URLs of public hosts: no localhost, private, link-local or metadata addresses,',
    'no .local or .internal names, no credentials.',
    'Example:',
    '  pkg web extract https://docs.robinhood.com/chain --max-chars 2000',
  ].join('\n'),
  configure: (cmd) => webOptions(cmd.argument('<url...>', 'page URLs (at most 10)'), { limit: false }),
  call: (client, { positionals, options, fresh }) =>
    client.web.extract({ urls: (positionals[0] as string[]).map(String), ...webParams(options), fresh }),
});
