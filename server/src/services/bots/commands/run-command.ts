// STUB (part A replaces it): runs one command and formats its reply (docs/bots.md, "Commands").
import type { BotDeps } from '../bot-deps.js';
import type { BotReply, CommandInput } from '../types.js';

/** The reply to a command; a bad argument gets the command's usage line and nothing else runs. */
export async function runCommand(_deps: BotDeps, _input: CommandInput): Promise<BotReply> {
  return Promise.reject(new Error('not implemented'));
}
