// pkg search [query]: the registry's ranked search (docs/browsing.md, "Search"), with its filters
// (namespace, what latest may touch, a verified build) and pages. Each result shows its weekly
// downloads, where the query matched, and whether latest is deprecated (docs/trust.md, "Yank and
// deprecate"); --json prints the registry's answer as it is.
import { namespaceSchema, SEARCH_LIMIT, type SearchPackagesOutput } from '@pkg/shared';
import * as z from 'zod';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

/** commander gives `--no-network` as `network: false` (and `network: true` when absent). */
const optionsSchema = z.object({
  limit: z.coerce.number().int().min(SEARCH_LIMIT.min).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  namespace: namespaceSchema.optional(),
  network: z.boolean().default(true),
  fileWrites: z.boolean().default(true),
  env: z.boolean().default(true),
  verified: z.boolean().default(false),
});

type Result = SearchPackagesOutput['results'][number];

function marks(r: Result): string {
  const parts = [
    r.verified ? ' [verified]' : '',
    r.yanked ? ' [yanked]' : '',
    r.deprecated ? ` [deprecated: ${r.deprecated}]` : '',
  ];
  return parts.join('');
}

function details(r: Result): string {
  const downloads = r.weeklyDownloads === undefined ? '' : `${r.weeklyDownloads} downloads this week`;
  const matched = r.matched?.length ? `matched: ${r.matched.join(', ')}` : '';
  return [downloads, matched].filter(Boolean).join('; ');
}

function lines(result: SearchPackagesOutput): string[] {
  const width = Math.max(...result.results.map((r) => `${r.name}@${r.latest}`.length));
  const out = result.results.flatMap((r) => {
    const detail = details(r);
    return [
      `${`${r.name}@${r.latest}`.padEnd(width)}  ${r.description}${marks(r)}`,
      ...(detail ? [`${' '.repeat(width)}  ${detail}`] : []),
    ];
  });
  if (result.total !== undefined && result.page !== undefined && result.limit !== undefined) {
    const first = (result.page - 1) * result.limit + 1;
    const last = first + result.results.length - 1;
    out.push(
      `${first}-${last} of ${result.total}${last < result.total ? `; more with --page ${result.page + 1}` : ''}`,
    );
  }
  return out;
}

export const searchCommand = defineCommand({
  name: 'search',
  summary: 'search packages, ranked by name, tools, schema properties, description and SKILL.md',
  configure: (cmd) =>
    cmd
      .argument('[query]', 'words to look for (empty lists packages)')
      .option('--namespace <ns>', 'only packages of this namespace')
      .option('--no-network', 'only packages whose latest version declares no network host')
      .option('--no-file-writes', 'only packages whose latest version declares no path to write')
      .option('--no-env', 'only packages whose latest version declares no environment variable')
      .option('--verified', 'only packages whose latest version comes from a verified build')
      .option('--page <n>', 'the page of results, from 1', '1')
      .option('--limit <n>', 'at most this many results a page (1-100)', '20'),
  async run({ positionals, options, globals }) {
    const q = typeof positionals[0] === 'string' ? positionals[0] : '';
    const o = optionsSchema.parse(options);
    const session = openSession(globals);
    const result = await callRegistry(session.registry.url, () =>
      session.client.packages.search.query({
        q,
        limit: o.limit,
        page: o.page,
        ...(o.namespace === undefined ? {} : { namespace: o.namespace }),
        noNetwork: !o.network,
        noFileWrites: !o.fileWrites,
        noEnv: !o.env,
        verified: o.verified,
      }),
    );
    if (globals.json) return printJson(result);
    if (result.results.length === 0) {
      const where = result.total ? ` on page ${o.page} (${result.total} in all)` : '';
      return printLines([`no packages match "${q}"${where}`]);
    }
    printLines(lines(result));
  },
});
