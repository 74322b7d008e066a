// pkg providers: every chain provider with a live health check (eth_chainId for RPC providers).
import { defineCommand } from '../lib/command.js';
import { printProviders } from '../lib/data-providers.js';

export const providersCommand = defineCommand({
  name: 'providers',
  summary: 'chain data providers: configuration, eligibility and a live health check',
  run: ({ globals }) => printProviders(globals.json),
});
