// pkg github contents <owner>/<repo> [path] [--ref]: a file (decoded) or a directory listing.
import { defineRepoCommand, stringOption } from './define-github-command.js';

export const githubContentsCommand = defineRepoCommand({
  name: 'contents',
  summary: 'a file of a repository, decoded (sha, size, ref, download URL), or a directory listing',
  example: 'pkg github contents octocat/hello-world README.md --ref main',
  configure: (cmd) =>
    cmd
      .argument('[path]', 'path in the repository (default: the root)')
      .option('--ref <ref>', 'branch, tag or sha'),
  call: (client, { ref, positionals, options, fresh }) =>
    client.github.contents({
      ...ref,
      ...(typeof positionals[1] === 'string' ? { path: positionals[1] } : {}),
      ...stringOption(options, 'ref'),
      fresh,
    }),
});
