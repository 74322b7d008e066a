// Every command of the CLI, sorted by name. A new command is one file plus one line here.
import type { CommandDefinition } from '../lib/command.js';
import { initCommand } from './init.js';
import { packCommand } from './pack.js';
import { publishCommand } from './publish.js';
import { validateCommand } from './validate.js';

export const commands: CommandDefinition[] = [initCommand, packCommand, publishCommand, validateCommand];
