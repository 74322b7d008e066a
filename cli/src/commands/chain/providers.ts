// pkg providers (also pkg provider list): every data provider with its configuration and a live
// health check (eth_chainId for RPC providers). Exit 0 when one is healthy.
import { defineCommand } from '../../lib/command.js';
import { printProviders } from '../../lib/data/providers-report.js';

export const providersCommand = defineCommand({
  name: 'providers',
  summary: 'data providers: configuration, eligibility and a live health check',
  run: ({ globals }) => printProviders(globals.json),
});
