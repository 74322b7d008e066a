// pkg github issues <owner>/<repo> [--state --labels]: issues (pull requests removed and counted).
import { defineRepoCommand, pageParams, stringOption } from './define-github-command.js';

export const githubIssuesCommand = defineRepoCommand({
  name: 'issues',
  summary: 'issues of a repository; pull requests are removed and counted',
  example: 'pkg github issues octocat/hello-world --state all --labels bug',
  paged: true,
  configure: (cmd) =>
    cmd
      .option('--state <state>', 'open (default), closed or all')
      .option('--labels <names>', 'comma-separated label names'),
  call: (client, { ref, options, fresh }) =>
    client.github.issues({
      ...ref,
      ...(stringOption(options, 'state') as { state?: 'open' }),
      ...stringOption(options, 'labels'),
      ...pageParams(options),
      fresh,
    }),
});
