// pkg github pulls <owner>/<repo> [--state]: pull requests.
import { defineRepoCommand, pageParams, stringOption } from './define-github-command.js';

export const githubPullsCommand = defineRepoCommand({
  name: 'pulls',
  summary: 'pull requests of a repository',
  example: 'pkg github pulls octocat/hello-world --state closed',
  paged: true,
  configure: (cmd) => cmd.option('--state <state>', 'open (default), closed or all'),
  call: (client, { ref, options, fresh }) =>
    client.github.pulls({
      ...ref,
      ...(stringOption(options, 'state') as { state?: 'open' }),
      ...pageParams(options),
      fresh,
    }),
});
