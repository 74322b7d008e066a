// Every command of the CLI, sorted by name. A new command is one file plus one line here.
import type { CommandDefinition } from '../lib/command.js';

export const commands: CommandDefinition[] = [];
