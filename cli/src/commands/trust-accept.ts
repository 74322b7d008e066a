// pkg trust accept: pins the registry's new keys when a pinned key endorses them (a rotation,
// docs/trust.md, "Keys"). A key that no pinned key endorses is pinned only when named with
// --key, once its owner has confirmed it some other way.
import { checkKeyPins, checkListedKey, TrustError, type RegistryKey } from '@pkg/shared';
import { CliError } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { findProject, readProjectManifest } from '../lib/project/project.js';
import { chooseRegistry } from '../lib/registry/choose-registry.js';
import {
  pinnedKeysOf,
  readTrustState,
  withPinnedKeys,
  writeTrustState,
  type TrustState,
} from '../trust/state.js';
import { trustCliError } from '../trust/check-install.js';
import { createTrustClient } from '../trust/trust-client.js';

function keysToPin(
  state: TrustState,
  answer: { origin: string; keys: RegistryKey[] },
  named: string | undefined,
) {
  if (answer.origin !== state.origin)
    throw new CliError(
      'CHECKPOINT_INVALID',
      `The registry's log is now ${answer.origin}, not ${state.origin} as pinned.`,
      {
        hint: 'Ask the registry operator why its log changed; nothing was pinned.',
      },
    );
  const verdict = checkKeyPins(pinnedKeysOf(state), answer);
  if (verdict.status === 'endorsed')
    return verdict.keys.map((k) => ({ key: k.key, how: `pkg trust accept, endorsed by ${k.endorsedBy}` }));
  if (verdict.status === 'pinned') return [];
  const key = verdict.keys.find((k) => k.keyid === named);
  if (!key)
    throw new CliError(
      'SIGNATURE_KEY_NOT_PINNED',
      `The registry lists keys that no pinned key endorses: ${verdict.keys.map((k) => k.keyid).join(', ')}; nothing was pinned.`,
      {
        hint: 'Confirm the key id with the registry operator, then pin it with pkg trust accept --key <key id>.',
      },
    );
  return [{ key, how: 'pkg trust accept --key, not endorsed' }];
}

export const trustAcceptCommand = defineCommand({
  name: 'trust accept',
  summary: "pin the registry's new keys: those a pinned key endorses, or one named with --key",
  configure: (cmd) => cmd.option('--key <keyid>', 'pin this key although no pinned key endorses it'),
  async run({ options, globals }) {
    const registry = chooseRegistry(globals.registry, readProjectManifest(findProject())?.registry).url;
    const answer = await createTrustClient(registry).keys();
    try {
      for (const key of answer.keys) checkListedKey(key, answer.origin);
    } catch (error) {
      throw error instanceof TrustError ? trustCliError(error, registry) : error;
    }
    const known = readTrustState(registry);
    const state = known ?? { stateVersion: 1, registry, origin: answer.origin, keys: [], checkpoint: null };
    const named = typeof options.key === 'string' ? options.key : undefined;
    const pins = known
      ? keysToPin(state, answer, named)
      : answer.keys.map((key) => ({ key, how: 'first use' }));
    let next = state;
    for (const { key, how } of pins) next = withPinnedKeys(next, [key], how, new Date());
    if (pins.length > 0) writeTrustState(next);
    const pinned = pins.map((p) => p.key.keyid);
    if (globals.json) return printJson({ registry, pinned });
    printLines(
      pinned.length > 0
        ? pinned.map((id) => `pinned ${id} for ${registry}`)
        : [`Every key of ${registry} is pinned already.`],
    );
  },
});
