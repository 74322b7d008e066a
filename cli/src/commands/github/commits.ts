// pkg github commits <owner>/<repo> [--sha --path --since --until]: commits, newest first.
import { defineRepoCommand, pageParams, stringOption } from './define-github-command.js';

export const githubCommitsCommand = defineRepoCommand({
  name: 'commits',
  summary: 'commits of a repository, newest first',
  example: 'pkg github commits octocat/hello-world --path README.md --per-page 10',
  paged: true,
  configure: (cmd) =>
    cmd
      .option('--sha <ref>', 'branch, tag or sha to start from')
      .option('--path <path>', 'only commits touching this path')
      .option('--since <iso>', 'only commits after this time (ISO 8601)')
      .option('--until <iso>', 'only commits before this time (ISO 8601)'),
  call: (client, { ref, options, fresh }) =>
    client.github.commits({
      ...ref,
      ...stringOption(options, 'sha'),
      ...stringOption(options, 'path'),
      ...stringOption(options, 'since'),
      ...stringOption(options, 'until'),
      ...pageParams(options),
      fresh,
    }),
});
