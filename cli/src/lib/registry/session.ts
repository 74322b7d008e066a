// The registry a command talks to (with the precedence of choose-registry.ts) and, when it needs
// one, the token stored for that registry by `pkg login` (or PKG_TOKEN).
import { CliError } from '../../exit.js';
import type { GlobalOptions } from '../command.js';
import { tokenFor } from './credentials.js';
import { findProject, readProjectManifest } from '../project/project.js';
import { chooseRegistry, type ResolvedRegistry } from './choose-registry.js';
import { createRegistryClient, type RegistryClient } from './trpc-client.js';

export interface Session {
  registry: ResolvedRegistry;
  token: string | undefined;
  client: RegistryClient;
}

export function openSession(globals: GlobalOptions, { requireToken = false } = {}): Session {
  const project = findProject();
  const registry = chooseRegistry(globals.registry, readProjectManifest(project)?.registry);
  const token = tokenFor(registry.url);
  if (requireToken && !token) {
    throw new CliError('UNAUTHENTICATED', `You are not logged in to ${registry.url}.`, {
      hint: `Run pkg login --registry ${registry.url} with a token from the registry operator (or set PKG_TOKEN).`,
    });
  }
  return { registry, token, client: createRegistryClient(registry.url, token) };
}
