// pkg search <query>: case-insensitive search over names and descriptions; a result whose latest
// version is yanked or deprecated is marked so (docs/trust.md, "Yank and deprecate").
import { z } from 'zod';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

const optionsSchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const searchCommand = defineCommand({
  name: 'search',
  summary: 'search packages by name and description',
  configure: (cmd) =>
    cmd
      .argument('[query]', 'text to look for (empty lists packages)')
      .option('--limit <n>', 'at most this many results (1-100)', '20'),
  async run({ positionals, options, globals }) {
    const q = typeof positionals[0] === 'string' ? positionals[0] : '';
    const { limit } = optionsSchema.parse(options);
    const session = openSession(globals);
    const result = await callRegistry(session.registry.url, () =>
      session.client.packages.search.query({ q, limit }),
    );
    if (globals.json) return printJson(result);
    if (result.results.length === 0) return printLines([`no packages match "${q}"`]);
    const width = Math.max(...result.results.map((r) => `${r.name}@${r.latest}`.length));
    const marks = (r: (typeof result.results)[number]) =>
      `${r.yanked ? ' [yanked]' : ''}${r.deprecated ? ` [deprecated: ${r.deprecated}]` : ''}`;
    printLines(
      result.results.map((r) => `${`${r.name}@${r.latest}`.padEnd(width)}  ${r.description}${marks(r)}`),
    );
  },
});
