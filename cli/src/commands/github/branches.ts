// pkg github branches <owner>/<repo>: branches.
import { defineRepoCommand, pageParams } from './define-github-command.js';

export const githubBranchesCommand = defineRepoCommand({
  name: 'branches',
  summary: 'branches of a repository',
  example: 'pkg github branches octocat/hello-world',
  paged: true,
  call: (client, { ref, options, fresh }) =>
    client.github.branches({ ...ref, ...pageParams(options), fresh }),
});
