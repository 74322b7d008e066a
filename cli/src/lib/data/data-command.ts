// Builds the data commands: `--fresh` on every one, the SDK opened lazily, the envelope printed.
import type { CompositeResult, DataClient, Result } from '@pkg/shared/data';
import type { Command } from 'commander';
import { defineCommand, type CommandDefinition } from '../command.js';
import { withDataClient } from './data-client.js';
import { printResult } from './data-output.js';

export interface DataCommandInput {
  positionals: unknown[];
  options: Record<string, unknown>;
  fresh: boolean;
}

export function defineDataCommand(input: {
  name: string;
  summary: string;
  help?: string;
  configure?: (cmd: Command) => Command;
  call: (client: DataClient, args: DataCommandInput) => Promise<Result | CompositeResult>;
  /** Print a composite as the per-source quote table. */
  quotes?: boolean;
  /** False for answers that are never cached (AI completions): no --fresh option. */
  cached?: boolean;
}): CommandDefinition {
  const cached = input.cached !== false;
  return defineCommand({
    name: input.name,
    summary: input.summary,
    ...(input.help ? { help: input.help } : {}),
    configure: (cmd) => {
      const configured = input.configure ? input.configure(cmd) : cmd;
      return cached ? configured.option('--fresh', 'bypass the cache and fetch again', false) : configured;
    },
    async run({ positionals, options, globals }) {
      const result = await withDataClient((client) =>
        input.call(client, { positionals, options, fresh: options.fresh === true }),
      );
      return printResult(result, globals.json, { quotes: input.quotes === true });
    },
  });
}
