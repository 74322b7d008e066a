// pkg trust remove <pkg> <id>: stop trusting a publisher of the package (docs/publishing.md).
// Needs a managing token of an owner of the package's namespace.
import { removePublisherInputSchema } from '@pkg/shared';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';
import { packageArgument, parseArguments, PUBLISHERS_HELP } from '../lib/registry/trusted-publishers.js';

const USAGE = 'pkg trust remove <@ns/name> <publisher id>';

export const trustRemoveCommand = defineCommand({
  name: 'trust remove',
  summary: 'remove a trusted publisher of a package (its id from pkg trust list)',
  help: `${PUBLISHERS_HELP}\n\nExample:\n  pkg trust remove @acme/clock tp_0123456789abcdef`,
  configure: (cmd) =>
    cmd
      .argument('<package>', 'the package, @<namespace>/<name>')
      .argument('<id>', 'the publisher id (tp_…), from pkg trust list'),
  async run({ positionals, globals }) {
    const ref = packageArgument(positionals[0], 'trust remove', USAGE);
    const input = parseArguments(
      removePublisherInputSchema,
      { ...ref, id: String(positionals[1]) },
      { command: 'trust remove', usage: USAGE, flags: { id: '<id>' } },
    );
    const { client, registry } = openSession(globals, { requireToken: true });
    const result = await callRegistry(registry.url, () => client.publishers.remove.mutate(input));
    if (globals.json) return printJson(result);
    printLines([`removed trusted publisher ${result.id} from @${ref.namespace}/${ref.name}`]);
  },
});
