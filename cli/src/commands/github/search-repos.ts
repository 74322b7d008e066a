// pkg github search-repos "<query>" [--sort --order]: repository search.
import { defineDataCommand } from '../../lib/data/data-command.js';
import { pageOptions, pageParams, stringOption } from './define-github-command.js';

export const githubSearchReposCommand = defineDataCommand({
  name: 'github search-repos',
  summary: 'search GitHub repositories (GitHub search syntax)',
  help: 'Example:\n  pkg github search-repos "mcp server language:typescript" --sort stars',
  configure: (cmd) =>
    pageOptions(
      cmd
        .argument('<query>', 'search query')
        .option('--sort <field>', 'stars, forks, help-wanted-issues or updated')
        .option('--order <order>', 'asc or desc'),
    ),
  call: (client, { positionals, options, fresh }) =>
    client.github.searchRepos({
      query: String(positionals[0]),
      ...(stringOption(options, 'sort') as { sort?: 'stars' }),
      ...(stringOption(options, 'order') as { order?: 'asc' }),
      ...pageParams(options),
      fresh,
    }),
});
