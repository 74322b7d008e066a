// Every command of the CLI, sorted by name: its name, the other names it answers to, and how to
// load it. Commands load lazily, so `pkg <command>` evaluates only that command's code (and
// `pkg --version` none); a test checks that each loaded definition carries the name listed here.
import type { CommandDefinition } from '../lib/command.js';

export interface CommandEntry {
  name: string;
  /** Other command paths that run the same command (listed in the help beside it). */
  aliases?: readonly string[];
  load: () => Promise<CommandDefinition>;
}

export const commands: CommandEntry[] = [
  { name: 'block latest', load: async () => (await import('./block-latest.js')).blockLatestCommand },
  { name: 'chain info', load: async () => (await import('./chain-info.js')).chainInfoCommand },
  { name: 'config get', load: async () => (await import('./config-get.js')).configGetCommand },
  { name: 'config set', load: async () => (await import('./config-set.js')).configSetCommand },
  {
    name: 'contract inspect',
    load: async () => (await import('./contract-inspect.js')).contractInspectCommand,
  },
  { name: 'info', load: async () => (await import('./info.js')).infoCommand },
  { name: 'init', load: async () => (await import('./init.js')).initCommand },
  { name: 'install', load: async () => (await import('./install.js')).installCommand },
  { name: 'list', load: async () => (await import('./list.js')).listCommand },
  { name: 'login', load: async () => (await import('./login.js')).loginCommand },
  { name: 'logout', load: async () => (await import('./logout.js')).logoutCommand },
  { name: 'logs query', load: async () => (await import('./logs-query.js')).logsQueryCommand },
  { name: 'mcp', load: async () => (await import('./mcp.js')).mcpCommand },
  { name: 'pack', load: async () => (await import('./pack.js')).packCommand },
  {
    name: 'providers',
    aliases: ['provider list'],
    load: async () => (await import('./providers.js')).providersCommand,
  },
  { name: 'publish', load: async () => (await import('./publish.js')).publishCommand },
  { name: 'remove', load: async () => (await import('./remove.js')).removeCommand },
  { name: 'run', load: async () => (await import('./run.js')).runCommand },
  { name: 'search', load: async () => (await import('./search.js')).searchCommand },
  { name: 'setup init', load: async () => (await import('./setup-init.js')).setupInitCommand },
  { name: 'token create', load: async () => (await import('./token-create.js')).tokenCreateCommand },
  { name: 'token inspect', load: async () => (await import('./token-inspect.js')).tokenInspectCommand },
  { name: 'token list', load: async () => (await import('./token-list.js')).tokenListCommand },
  { name: 'token revoke', load: async () => (await import('./token-revoke.js')).tokenRevokeCommand },
  { name: 'tx inspect', load: async () => (await import('./tx-inspect.js')).txInspectCommand },
  { name: 'validate', load: async () => (await import('./validate.js')).validateCommand },
  { name: 'verify', load: async () => (await import('./verify.js')).verifyCommand },
  { name: 'wallet inspect', load: async () => (await import('./wallet-inspect.js')).walletInspectCommand },
  { name: 'whoami', load: async () => (await import('./whoami.js')).whoamiCommand },
];
