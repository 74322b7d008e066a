#!/usr/bin/env node
// pkg-admin: the operator's tool. Works whether or not the server is running (see
// admin/open-admin-deps.ts). Every command prints readable lines, or JSON with --json;
// errors print a message (and the error body with --json) and exit 2 for bad input, 1 else.
import { Command, CommanderError } from 'commander';
import { botDiscordCommand } from './admin/bot-discord.js';
import { botTelegramCommand } from './admin/bot-telegram.js';
import { dbBackupCommand } from './admin/db-backup.js';
import { dbCopyCommand } from './admin/db-copy.js';
import { dbRestoreCommand } from './admin/db-restore.js';
import { dbServeCommand } from './admin/db-serve.js';
import { importLegacyCommand } from './admin/import-legacy.js';
import { keysCommands } from './admin/keys.js';
import { migrateCommand } from './admin/migrate.js';
import { namespaceReserveCommand } from './admin/namespace-reserve.js';
import { reportError } from './admin/output.js';
import { statusCommand } from './admin/status.js';
import { tokenIssueCommand } from './admin/token-issue.js';
import { tokenListCommand } from './admin/token-list.js';
import { tokenRevokeCommand } from './admin/token-revoke.js';
import { tokenRotateCommand } from './admin/token-rotate.js';
import { logCommands, trustCommands } from './admin/trust-log.js';
import { userCreateCommand } from './admin/user-create.js';
import { userListCommand } from './admin/user-list.js';

const program = new Command('pkg-admin')
  .description(
    'Operator tool of the pkg registry (store, users, tokens, namespaces, signing keys, the log, bots, migrations).',
  )
  .exitOverride();

const db = program.command('db').description('the database store');
dbServeCommand(db);
dbCopyCommand(db);
dbBackupCommand(db);
dbRestoreCommand(db);
statusCommand(program);

const user = program.command('user').description('users (each starts with a managing token)');
userCreateCommand(user);
userListCommand(user);

const token = program.command('token').description('tokens of any user');
tokenIssueCommand(token);
tokenListCommand(token);
tokenRevokeCommand(token);
tokenRotateCommand(token);

const namespace = program.command('namespace').description('namespaces');
namespaceReserveCommand(namespace);

const bot = program.command('bot').description('the Telegram and Discord bots (docs/bots.md)');
botTelegramCommand(bot);
botDiscordCommand(bot);

keysCommands(program);
logCommands(program);
trustCommands(program);

migrateCommand(program);
importLegacyCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  process.exit(reportError(error, process.argv.includes('--json')));
}
