// pkg web similar <url>: pages similar to a public URL (Exa).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { webOptions, webParams } from './define-web-command.js';

export const webSimilarCommand = defineDataCommand({
  name: 'web similar',
  summary: 'pages similar to a public URL (Exa); untrusted third-party text',
  help: 'Example:\n  pkg web similar https://example.com/post --limit 5',
  configure: (cmd) => webOptions(cmd.argument('<url>', 'page URL')),
  call: (client, { positionals, options, fresh }) =>
    client.web.similar({ url: String(positionals[0]), ...webParams(options), fresh }),
});
