// pkg github repo <owner>/<repo>: a repository.
import { defineRepoCommand } from './define-github-command.js';

export const githubRepoCommand = defineRepoCommand({
  name: 'repo',
  summary: 'a GitHub repository: description, default branch, stars, license',
  example: 'pkg github repo octocat/hello-world',
  call: (client, { ref, fresh }) => client.github.repo({ ...ref, fresh }),
});
