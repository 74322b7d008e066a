// pkg logout: forget the token stored for the current registry.
import { defineCommand } from '../lib/command.js';
import { removeToken } from '../lib/credentials.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, readProjectManifest } from '../lib/project.js';
import { currentRegistry } from '../lib/registry.js';

export const logoutCommand = defineCommand({
  name: 'logout',
  summary: 'remove the stored token for the current registry',
  run({ globals }) {
    const registry = currentRegistry(globals.registry, readProjectManifest(findProject())?.registry).url;
    const removed = removeToken(registry);
    if (globals.json) return printJson({ registry, removed });
    printLines([removed ? `logged out of ${registry}` : `no token was stored for ${registry}`]);
  },
});
