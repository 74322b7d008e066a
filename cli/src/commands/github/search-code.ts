// pkg github search-code "<query>": code search (needs GITHUB_TOKEN).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { pageOptions, pageParams } from './define-github-command.js';

export const githubSearchCodeCommand = defineDataCommand({
  name: 'github search-code',
  summary: 'search code on GitHub (needs GITHUB_TOKEN; 10 searches a minute)',
  help: 'Example:\n  pkg github search-code "createDataClient repo:octocat/hello-world"',
  configure: (cmd) => pageOptions(cmd.argument('<query>', 'search query')),
  call: (client, { positionals, options, fresh }) =>
    client.github.searchCode({ query: String(positionals[0]), ...pageParams(options), fresh }),
});
