// The provider report of `pkg providers`: the list (endpoint templates, configuration,
// eligibility) and a health section per provider. Its outcome: exit 0 when one is healthy.
import type { ExitCode } from '../../exit.js';
import { withDataClient } from './data-client.js';
import { exitCodeOf, resultLines } from './data-output.js';
import { printJson, printLines } from '../output.js';

export async function printProviders(json: boolean): Promise<ExitCode> {
  const { providers, health } = await withDataClient(async (client) => ({
    health: await client.providers.health(),
    providers: client.providers.list(),
  }));
  if (json) {
    printJson({ status: health.status, providers, health: health.sections });
    return exitCodeOf(health);
  }
  const lines: string[] = [];
  for (const p of providers) {
    lines.push(`${p.id} (${p.role}): ${p.configured ? p.endpoint : p.reason}`);
    lines.push(`  state: ${p.state.status}${p.state.reason ? ` (${p.state.reason})` : ''}`);
    const section = health.sections[p.id];
    if (section && p.configured) lines.push(...resultLines(section, '  '));
  }
  printLines(lines);
  return exitCodeOf(health);
}
