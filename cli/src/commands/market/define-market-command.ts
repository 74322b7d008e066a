// The two shapes most market commands share: `<network> <address>` arguments (pairs, price, pool,
// token, trades, quotes), and `--network` / `--page` options over a network's lists (trending,
// new, dexes, and the rankings' --network).
import type { CompositeResult, DataClient, Result } from '@pkg/shared/data';
import type { Command } from 'commander';
import type { CommandDefinition } from '../../lib/command.js';
import { defineDataCommand } from '../../lib/data/data-command.js';

export const NETWORK_HELP =
  'market network: robinhood (the chain) or a provider network id such as eth or base';

export function defineAddressCommand(input: {
  name: string;
  summary: string;
  /** The second argument: token or pool. */
  argument: 'token' | 'pool';
  quotes?: boolean;
  call: (
    client: DataClient,
    args: { network: string; address: string; fresh: boolean },
  ) => Promise<Result | CompositeResult>;
}): CommandDefinition {
  const what = input.argument === 'token' ? 'token address' : 'pair or pool address (v4: pool id)';
  return defineDataCommand({
    name: input.name,
    summary: input.summary,
    help: `Example:\n  pkg ${input.name} robinhood 0x…`,
    configure: (cmd) => cmd.argument('<network>', NETWORK_HELP).argument(`<${input.argument}>`, what),
    ...(input.quotes ? { quotes: true } : {}),
    call: (client, { positionals, fresh }) =>
      input.call(client, { network: String(positionals[0]), address: String(positionals[1]), fresh }),
  });
}

/** `--network` (default robinhood) and, with `pages`, `--page 1..10`. */
export function networkOptions(cmd: Command, pages = true): Command {
  const withNetwork = cmd.option('--network <id>', NETWORK_HELP, 'robinhood');
  return pages ? withNetwork.option('--page <n>', 'page, 1 to 10') : withNetwork;
}

/** The network and page a list command was given. */
export function networkPage(options: Record<string, unknown>): { network: string; page?: number } {
  return {
    network: typeof options.network === 'string' ? options.network : 'robinhood',
    ...(options.page !== undefined ? { page: Number(options.page) } : {}),
  };
}
