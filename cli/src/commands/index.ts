// Every command of the CLI, sorted by name. A new command is one file plus one line here.
import type { CommandDefinition } from '../lib/command.js';
import { blockLatestCommand } from './block-latest.js';
import { chainInfoCommand } from './chain-info.js';
import { configGetCommand, configSetCommand } from './config.js';
import { contractInspectCommand } from './contract-inspect.js';
import { infoCommand } from './info.js';
import { initCommand } from './init.js';
import { installCommand } from './install.js';
import { listCommand } from './list.js';
import { loginCommand } from './login.js';
import { logoutCommand } from './logout.js';
import { logsQueryCommand } from './logs-query.js';
import { mcpCommand } from './mcp.js';
import { packCommand } from './pack.js';
import { providerListCommand } from './provider-list.js';
import { providersCommand } from './providers.js';
import { publishCommand } from './publish.js';
import { removeCommand } from './remove.js';
import { runCommand } from './run.js';
import { searchCommand } from './search.js';
import { setupInitCommand } from './setup-init.js';
import { tokenCreateCommand, tokenListCommand, tokenRevokeCommand } from './token.js';
import { tokenInspectCommand } from './token-inspect.js';
import { txInspectCommand } from './tx-inspect.js';
import { validateCommand } from './validate.js';
import { verifyCommand } from './verify.js';
import { walletInspectCommand } from './wallet-inspect.js';
import { whoamiCommand } from './whoami.js';

export const commands: CommandDefinition[] = [
  blockLatestCommand,
  chainInfoCommand,
  configGetCommand,
  configSetCommand,
  contractInspectCommand,
  infoCommand,
  initCommand,
  installCommand,
  listCommand,
  loginCommand,
  logoutCommand,
  logsQueryCommand,
  mcpCommand,
  packCommand,
  providerListCommand,
  providersCommand,
  publishCommand,
  removeCommand,
  runCommand,
  searchCommand,
  setupInitCommand,
  tokenCreateCommand,
  tokenInspectCommand,
  tokenListCommand,
  tokenRevokeCommand,
  txInspectCommand,
  validateCommand,
  verifyCommand,
  walletInspectCommand,
  whoamiCommand,
];
