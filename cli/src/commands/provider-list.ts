// pkg provider list: the same report as `pkg providers`.
import { defineCommand } from '../lib/command.js';
import { printProviders } from '../lib/data-providers.js';

export const providerListCommand = defineCommand({
  name: 'provider list',
  summary: 'list the chain data providers with a live health check (same as pkg providers)',
  run: ({ globals }) => printProviders(globals.json),
});
