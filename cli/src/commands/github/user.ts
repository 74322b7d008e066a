// pkg github user <login>: a user or organization.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const githubUserCommand = defineDataCommand({
  name: 'github user',
  summary: 'a GitHub user or organization',
  help: 'Example:\n  pkg github user octocat',
  configure: (cmd) => cmd.argument('<login>', 'user or organization name'),
  call: (client, { positionals, fresh }) => client.github.user({ username: String(positionals[0]), fresh }),
});
