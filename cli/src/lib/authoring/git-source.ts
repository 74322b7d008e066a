// `source` for provenance: the repository and commit when the CLI packs inside a git work
// tree (as reported by the client; docs/registry-api.md). Credentials in the remote URL are removed.
import { execFileSync } from 'node:child_process';

function git(cwd: string, args: string[]): string | undefined {
  try {
    return (
      execFileSync('git', args, {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5_000,
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

export function gitSource(dir: string): { repository: string; commit: string } | undefined {
  const commit = git(dir, ['rev-parse', 'HEAD']);
  const remote = git(dir, ['config', '--get', 'remote.origin.url']);
  if (!commit || !remote || !/^[0-9a-f]{40,64}$/.test(commit)) return undefined;
  const repository = remote.replace(/^(https?:\/\/)[^@/]+@/, '$1');
  return /^[\x21-\x7e]{1,500}$/.test(repository) ? { repository, commit } : undefined;
}
