// pkg whoami: who the stored token belongs to, on which registry, with which rights.
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

export const whoamiCommand = defineCommand({
  name: 'whoami',
  summary: 'show the user and token you are logged in with',
  async run({ globals }) {
    const { client, registry } = openSession(globals, { requireToken: true });
    const me = await callRegistry(registry.url, () => client.auth.whoami.query());
    if (globals.json) return printJson({ registry: registry.url, ...me });
    printLines([
      `${me.user} on ${registry.url}`,
      `  owns:       ${me.owns.join(', ') || '(none)'}`,
      `  maintains:  ${me.maintains.join(', ') || '(none)'}`,
      `  token:      ${me.token.id} (${me.token.kind}${me.token.label ? `, "${me.token.label}"` : ''})`,
      `  publishes:  ${me.token.namespaces ? me.token.namespaces.join(', ') : 'any namespace you own or maintain'}`,
      `  expires:    ${me.token.expiresAt ?? 'never'}`,
    ]);
  },
});
