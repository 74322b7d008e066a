// pkg trust add <pkg> --github <owner/repo> --workflow <file> | --gitlab <group/project>: trust a CI
// workflow to publish the package with `pkg publish --oidc` (docs/publishing.md). Needs a managing
// token of an owner of the package's namespace.
import { addPublisherInputSchema, type OidcPlatform } from '@pkg/shared';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';
import {
  invalidArguments,
  packageArgument,
  parseArguments,
  publisherLines,
  PUBLISHERS_HELP,
} from '../lib/registry/trusted-publishers.js';

const USAGE =
  'pkg trust add <@ns/name> --github <owner/repo> --workflow <file> [--environment <name>]\n' +
  '       pkg trust add <@ns/name> --gitlab <group/project> [--workflow <path>] [--environment <name>]';
const GITLAB_DEFAULT_WORKFLOW = '.gitlab-ci.yml';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The platform and repository from --github or --gitlab (exactly one), and the workflow. */
function publisherOf(options: Record<string, unknown>): {
  platform: OidcPlatform;
  repository: string | undefined;
  workflow: string | undefined;
} {
  const github = text(options.github);
  const gitlab = text(options.gitlab);
  if ((github === undefined) === (gitlab === undefined))
    throw invalidArguments(
      'trust add',
      [
        {
          path: '--github/--gitlab',
          code: 'platform',
          message:
            'name the repository with exactly one of --github <owner/repo> or --gitlab <group/project>',
        },
      ],
      USAGE,
    );
  const workflow = text(options.workflow);
  if (gitlab !== undefined)
    return { platform: 'gitlab', repository: gitlab, workflow: workflow ?? GITLAB_DEFAULT_WORKFLOW };
  if (workflow === undefined)
    throw invalidArguments(
      'trust add',
      [
        {
          path: '--workflow',
          code: 'required',
          message: 'a GitHub publisher names its workflow file, e.g. --workflow release.yml',
        },
      ],
      USAGE,
    );
  return { platform: 'github', repository: github, workflow };
}

export const trustAddCommand = defineCommand({
  name: 'trust add',
  summary: 'trust a CI workflow (GitHub Actions, GitLab CI) to publish a package with pkg publish --oidc',
  help: [
    PUBLISHERS_HELP,
    '',
    "Needs a login with a managing token of an owner of the package's namespace.",
    'A GitHub workflow given as a bare file name is .github/workflows/<name>.',
    '',
    'Examples:',
    '  pkg trust add @acme/clock --github acme/clock --workflow release.yml --environment release',
    '  pkg trust add @acme/clock --gitlab acme/tools/clock',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<package>', 'the package, @<namespace>/<name>')
      .option('--github <owner/repo>', 'the GitHub repository whose workflow may publish')
      .option('--gitlab <group/project>', 'the GitLab project whose pipeline may publish')
      .option('--workflow <file>', 'the workflow file (GitHub: required; GitLab: default .gitlab-ci.yml)')
      .option('--environment <name>', 'only jobs running in this deployment environment may publish'),
  async run({ positionals, options, globals }) {
    const ref = packageArgument(positionals[0], 'trust add', USAGE);
    const input = parseArguments(
      addPublisherInputSchema,
      { ...ref, ...publisherOf(options), environment: text(options.environment) },
      {
        command: 'trust add',
        usage: USAGE,
        flags: {
          repository: options.github === undefined ? '--gitlab' : '--github',
          workflow: '--workflow',
          environment: '--environment',
        },
      },
    );
    const { client, registry } = openSession(globals, { requireToken: true });
    const publisher = await callRegistry(registry.url, () => client.publishers.add.mutate(input));
    if (globals.json) return printJson(publisher);
    printLines([
      `added trusted publisher ${publisher.id} to @${ref.namespace}/${ref.name}`,
      ...publisherLines(publisher),
      `Publish from that workflow with pkg publish --oidc${publisher.platform === 'github' ? ' (the job needs `permissions: id-token: write`)' : ''}.`,
    ]);
  },
});
