#!/usr/bin/env node
// pkg-admin: the operator's tool. `db serve` runs the embedded store standalone;
// `status` reports the store kind, its URI (credentials redacted) and collection counts,
// whether or not the server is running.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { dbServeCommand } from './admin/db-serve.js';
import { statusCommand } from './admin/status.js';

const program = new Command('pkg-admin')
  .description('Operator tool of the pkg registry (store, users, tokens).')
  .exitOverride();
const db = program.command('db').description('the database store');
dbServeCommand(db);
statusCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`pkg-admin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
