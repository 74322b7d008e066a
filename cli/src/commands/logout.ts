// pkg logout: forget the token stored for the current registry.
import { defineCommand } from '../lib/command.js';
import { removeToken } from '../lib/registry/credentials.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, readProjectManifest } from '../lib/project/project.js';
import { chooseRegistry } from '../lib/registry/choose-registry.js';

export const logoutCommand = defineCommand({
  name: 'logout',
  summary: 'remove the stored token for the current registry',
  run({ globals }) {
    const registry = chooseRegistry(globals.registry, readProjectManifest(findProject())?.registry).url;
    const removed = removeToken(registry);
    if (globals.json) return printJson({ registry, removed });
    printLines([removed ? `logged out of ${registry}` : `no token was stored for ${registry}`]);
  },
});
