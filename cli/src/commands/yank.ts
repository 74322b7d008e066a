// pkg yank, pkg unyank and pkg deprecate (docs/trust.md, "Yank and deprecate"): owners and
// maintainers of the namespace mark a version yanked (never chosen for a range again, still
// installed by a lock pin), lift that, or deprecate the versions a range matches. Each is a log
// entry; the answer names the versions changed and the entry's index.
import { parsePackageId } from '@pkg/shared';
import semver from 'semver';
import * as z from 'zod';
import { CliError, EXIT } from '../exit.js';
import { defineCommand, type GlobalOptions } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

interface Target {
  id: string;
  namespace: string;
  name: string;
  /** The version (yank, unyank) or the range (deprecate). */
  selector: string;
}

/** `@ns/name@<version>`, or with `range`, `@ns/name@<range>`. */
function parseTarget(text: string, kind: 'version' | 'range'): Target {
  const at = text.indexOf('@', 1);
  const id = at === -1 ? text : text.slice(0, at);
  const selector = at === -1 ? '' : text.slice(at + 1);
  const ref = parsePackageId(id);
  const valid = kind === 'version' ? semver.valid(selector) !== null : semver.validRange(selector) !== null;
  if (!ref || !valid)
    throw new CliError('BAD_REQUEST', `"${text}" is not @<namespace>/<name>@<${kind}>.`, {
      exitCode: EXIT.invalidInput,
      hint:
        kind === 'version'
          ? 'Name one exact version, for example @acme/weather@1.2.0.'
          : 'Name a version or a range, for example @acme/weather@"<1.3.0".',
    });
  return { id, ...ref, selector };
}

interface ChangeAnswer {
  name: string;
  versions: string[];
  logIndex: number;
}

function report(globals: GlobalOptions, verb: string, answer: ChangeAnswer, extra = ''): void {
  if (globals.json) return printJson(answer);
  const versions = answer.versions.length > 0 ? answer.versions.join(', ') : 'no version';
  printLines([`${verb} ${answer.name} ${versions}${extra} (log entry ${answer.logIndex})`]);
}

const yankOptions = z.object({ reason: z.string().optional() });

export const yankCommand = defineCommand({
  name: 'yank',
  summary: 'yank a version: never chosen for a range again (lock pins still install it)',
  help: [
    'Owners and maintainers of the namespace only; the yank is an entry of the registry log.',
    '',
    'Example:',
    '  pkg yank @acme/weather@1.2.0 --reason "sends the wrong units"',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<package>', 'the version, as @<namespace>/<name>@<version>')
      .requiredOption('--reason <why>', 'why the version is yanked (shown by install and info)'),
  async run({ positionals, options, globals }) {
    const target = parseTarget(String(positionals[0]), 'version');
    const { reason = '' } = yankOptions.parse(options);
    const { client, registry } = openSession(globals, { requireToken: true });
    const { namespace, name, selector: version } = target;
    const answer = await callRegistry(registry.url, () =>
      client.packages.yank.mutate({ namespace, name, version, reason }),
    );
    report(globals, 'yanked', answer, `: ${reason}`);
  },
});

export const unyankCommand = defineCommand({
  name: 'unyank',
  summary: 'lift the yank of a version',
  help: ['Example:', '  pkg unyank @acme/weather@1.2.0'].join('\n'),
  configure: (cmd) => cmd.argument('<package>', 'the version, as @<namespace>/<name>@<version>'),
  async run({ positionals, globals }) {
    const { namespace, name, selector: version } = parseTarget(String(positionals[0]), 'version');
    const { client, registry } = openSession(globals, { requireToken: true });
    const answer = await callRegistry(registry.url, () =>
      client.packages.unyank.mutate({ namespace, name, version }),
    );
    report(globals, 'unyanked', answer);
  },
});

export const deprecateCommand = defineCommand({
  name: 'deprecate',
  summary: 'deprecate the versions a range matches, with a message (an empty one lifts it)',
  help: [
    'The message is shown by pkg install and pkg info; it applies to the versions the range',
    'matches now. Owners and maintainers of the namespace only.',
    '',
    'Examples:',
    '  pkg deprecate @acme/weather@"<2" "use 2.x: 1.x reads a retired API"',
    '  pkg deprecate @acme/weather@"<2" ""',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<package>', 'the versions, as @<namespace>/<name>@<range>')
      .argument('<message>', 'the deprecation message; "" lifts the deprecation'),
  async run({ positionals, globals }) {
    const { namespace, name, selector: range } = parseTarget(String(positionals[0]), 'range');
    const message = typeof positionals[1] === 'string' ? positionals[1] : '';
    const { client, registry } = openSession(globals, { requireToken: true });
    const answer = await callRegistry(registry.url, () =>
      client.packages.deprecate.mutate({ namespace, name, range, message }),
    );
    report(
      globals,
      message ? 'deprecated' : 'lifted the deprecation of',
      answer,
      message ? `: ${message}` : '',
    );
  },
});
