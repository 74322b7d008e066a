// The shapes the github commands share: an `<owner>/<repo>` argument and --page / --per-page.
import type { DataClient, Result } from '@pkg/shared/data';
import type { Command } from 'commander';
import type { CommandDefinition } from '../../lib/command.js';
import { defineDataCommand } from '../../lib/data/data-command.js';
import { CliError, EXIT } from '../../exit.js';

export interface RepoRef {
  owner: string;
  repo: string;
}

export function repoRef(value: unknown): RepoRef {
  const parts = String(value).split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1])
    throw new CliError('INVALID_INPUT', `expected <owner>/<repo>, got ${String(value)}`, {
      exitCode: EXIT.invalidInput,
      hint: 'for example: pkg github repo octocat/hello-world',
    });
  return { owner: parts[0], repo: parts[1] };
}

export function pageOptions(cmd: Command): Command {
  return cmd
    .option('--page <n>', 'page, from 1 (default 1)')
    .option('--per-page <n>', 'items a page (default 30, at most 100)');
}

export function pageParams(options: Record<string, unknown>) {
  return {
    ...(options.page !== undefined ? { page: Number(options.page) } : {}),
    ...(options.perPage !== undefined ? { perPage: Number(options.perPage) } : {}),
  };
}

const opt = (options: Record<string, unknown>, name: string) =>
  typeof options[name] === 'string' ? { [name]: options[name] } : {};
export { opt as stringOption };

/** A command over one repository: `pkg github <name> <owner>/<repo> …`, paged when `paged`. */
export function defineRepoCommand(input: {
  name: string;
  summary: string;
  example: string;
  paged?: boolean;
  configure?: (cmd: Command) => Command;
  call: (
    client: DataClient,
    args: { ref: RepoRef; positionals: unknown[]; options: Record<string, unknown>; fresh: boolean },
  ) => Promise<Result>;
}): CommandDefinition {
  return defineDataCommand({
    name: `github ${input.name}`,
    summary: input.summary,
    help: `Example:\n  ${input.example}`,
    configure: (cmd) => {
      const withRepo = cmd.argument('<owner/repo>', 'repository, e.g. octocat/hello-world');
      const configured = input.configure ? input.configure(withRepo) : withRepo;
      return input.paged ? pageOptions(configured) : configured;
    },
    call: (client, { positionals, options, fresh }) =>
      input.call(client, { ref: repoRef(positionals[0]), positionals, options, fresh }),
  });
}
