// pkg login: store a registry token (from the operator, or `pkg token create`) for one
// registry, after checking it with whoami. The file is credentials.json, mode 0600.
import { TOKEN_PATTERN } from '@pkg/shared';
import * as z from 'zod';
import { CliError, EXIT } from '../exit.js';
import { defineCommand } from '../lib/command.js';
import { saveToken } from '../lib/registry/credentials.js';
import { printJson, printLines } from '../lib/output.js';
import { credentialsFile } from '../lib/paths.js';
import { promptHidden, readStdin } from '../lib/read-secret.js';
import { chooseRegistry } from '../lib/registry/choose-registry.js';
import { findProject, readProjectManifest } from '../lib/project/project.js';
import { callRegistry, createRegistryClient } from '../lib/registry/trpc-client.js';

const optionsSchema = z.object({ tokenStdin: z.boolean().optional() });

export const loginCommand = defineCommand({
  name: 'login',
  summary: 'store a registry token for the current registry (checked with whoami)',
  help: 'Examples:\n  pkg login --registry http://127.0.0.1:8787\n  echo "$TOKEN" | pkg login --token-stdin',
  configure: (cmd) => cmd.option('--token-stdin', 'read the token from standard input instead of prompting'),
  async run({ options, globals }) {
    const { tokenStdin } = optionsSchema.parse(options);
    const registry = chooseRegistry(globals.registry, readProjectManifest(findProject())?.registry).url;
    let token: string;
    if (tokenStdin) token = await readStdin();
    else if (process.stdin.isTTY) token = await promptHidden(`Token for ${registry}: `);
    else {
      throw new CliError('BAD_REQUEST', 'No terminal to prompt for the token.', {
        exitCode: EXIT.invalidInput,
        hint: 'Pipe it in: echo "$TOKEN" | pkg login --token-stdin',
      });
    }
    if (!TOKEN_PATTERN.test(token)) {
      throw new CliError(
        'BAD_REQUEST',
        'That is not a registry token: tokens start with pkg_ followed by 40 or more letters and digits.',
        {
          exitCode: EXIT.invalidInput,
          hint: 'Ask the registry operator for a token, or create one with pkg token create.',
        },
      );
    }
    const me = await callRegistry(registry, () => createRegistryClient(registry, token).auth.whoami.query());
    saveToken(registry, token, me.user);
    if (globals.json)
      return printJson({ registry, user: me.user, token: { id: me.token.id, kind: me.token.kind } });
    printLines([
      `logged in to ${registry} as ${me.user} (token ${me.token.id}, ${me.token.kind})`,
      `saved in ${credentialsFile()}`,
    ]);
  },
});
