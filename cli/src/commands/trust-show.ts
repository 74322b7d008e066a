// pkg trust show: what this machine trusts of the registry in use (docs/trust.md, "What the CLI
// checks"): the pinned keys, how each came to be pinned, and the last checkpoint seen.
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, readProjectManifest } from '../lib/project/project.js';
import { chooseRegistry } from '../lib/registry/choose-registry.js';
import { readTrustState, trustStateFile } from '../trust/state.js';

export const trustShowCommand = defineCommand({
  name: 'trust show',
  summary: "show the registry's pinned keys and the last checkpoint of its log seen here",
  run({ globals }) {
    const registry = chooseRegistry(globals.registry, readProjectManifest(findProject())?.registry).url;
    const state = readTrustState(registry);
    const file = trustStateFile(registry);
    if (globals.json) return printJson({ registry, file, state: state ?? null });
    if (!state)
      return printLines([`No key of ${registry} is pinned yet: the first install from it pins its keys.`]);
    const checkpoint = state.checkpoint;
    printLines([
      `registry: ${registry}`,
      `log:      ${state.origin}`,
      `file:     ${file}`,
      'pinned keys:',
      ...state.keys.map((k) => `  ${k.keyid}  (${k.how}, ${k.pinnedAt})`),
      checkpoint
        ? `last checkpoint: size ${checkpoint.size}, root ${checkpoint.rootHash} (seen ${checkpoint.seenAt})`
        : 'last checkpoint: none seen yet',
    ]);
  },
});
