// pkg trust list <pkg>: the package's trusted publishers and whether it requires trusted
// publishing (docs/publishing.md). Public: no login needed.
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';
import { packageArgument, publishersTable, PUBLISHERS_HELP } from '../lib/registry/trusted-publishers.js';

export const trustListCommand = defineCommand({
  name: 'trust list',
  summary: "list a package's trusted publishers and whether it requires trusted publishing",
  help: `${PUBLISHERS_HELP}\n\nExample:\n  pkg trust list @acme/clock`,
  configure: (cmd) => cmd.argument('<package>', 'the package, @<namespace>/<name>'),
  async run({ positionals, globals }) {
    const ref = packageArgument(positionals[0], 'trust list', 'pkg trust list <@ns/name>');
    const { client, registry } = openSession(globals);
    const list = await callRegistry(registry.url, () => client.publishers.list.query(ref));
    if (globals.json) return printJson(list);
    printLines(publishersTable(list));
  },
});
