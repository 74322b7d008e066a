// pkg trust require <pkg> on|off: whether the package may be published only by its trusted
// publishers (`pkg publish --oidc`), refusing classic tokens (docs/publishing.md). Needs a
// managing token of an owner of the package's namespace.
import { publishingPolicyInputSchema } from '@pkg/shared';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';
import {
  invalidArguments,
  packageArgument,
  parseArguments,
  publishersTable,
  PUBLISHERS_HELP,
} from '../lib/registry/trusted-publishers.js';

const USAGE = 'pkg trust require <@ns/name> on|off';

export const trustRequireCommand = defineCommand({
  name: 'trust require',
  summary: 'on: only trusted publishers may publish a package (classic tokens are refused); off: both may',
  help: `${PUBLISHERS_HELP}\n\nExamples:\n  pkg trust require @acme/clock on\n  pkg trust require @acme/clock off`,
  configure: (cmd) =>
    cmd
      .argument('<package>', 'the package, @<namespace>/<name>')
      .argument('<on|off>', 'on: require trusted publishing; off: classic tokens may publish too'),
  async run({ positionals, globals }) {
    const ref = packageArgument(positionals[0], 'trust require', USAGE);
    const word = String(positionals[1]);
    const setting = word === 'on' ? true : word === 'off' ? false : undefined;
    if (setting === undefined)
      throw invalidArguments(
        'trust require',
        [{ path: '<on|off>', code: 'invalid_value', message: `"${word}" is neither on nor off` }],
        USAGE,
      );
    const input = parseArguments(
      publishingPolicyInputSchema,
      { ...ref, requireTrustedPublishing: setting },
      { command: 'trust require', usage: USAGE, flags: {} },
    );
    const { client, registry } = openSession(globals, { requireToken: true });
    const list = await callRegistry(registry.url, () => client.publishers.setPolicy.mutate(input));
    if (globals.json) return printJson(list);
    printLines([
      setting
        ? `${list.package} now requires trusted publishing: classic tokens can no longer publish it.`
        : `${list.package} no longer requires trusted publishing: classic tokens can publish it again.`,
      ...publishersTable(list),
    ]);
  },
});
