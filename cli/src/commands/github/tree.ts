// pkg github tree <owner>/<repo> [--ref]: the recursive file tree (default: the default branch).
import { defineRepoCommand } from './define-github-command.js';

export const githubTreeCommand = defineRepoCommand({
  name: 'tree',
  summary: 'the recursive file tree of a repository at a ref (default: its default branch)',
  example: 'pkg github tree octocat/hello-world --ref main',
  configure: (cmd) => cmd.option('--ref <ref>', 'branch, tag or tree sha (default: the default branch)'),
  call: async (client, { ref, options, fresh }) => {
    if (typeof options.ref === 'string') return client.github.tree({ ...ref, ref: options.ref, fresh });
    const repo = await client.github.repo({ ...ref, fresh });
    if (repo.status !== 'LIVE' && repo.status !== 'CACHED') return repo;
    const branch = (repo.data as { default_branch?: unknown }).default_branch;
    return client.github.tree({ ...ref, ref: typeof branch === 'string' ? branch : 'HEAD', fresh });
  },
});
