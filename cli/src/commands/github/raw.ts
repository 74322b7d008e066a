// pkg github raw <https url>: a public raw file from raw.githubusercontent.com (never sent the token).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const githubRawCommand = defineDataCommand({
  name: 'github raw',
  summary: 'a public raw file (https://raw.githubusercontent.com/…); binary files are reported, not printed',
  help: [
    'Only https://raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>: no other host or port, no',
    'credentials, query, fragment, .. segment or encoded separator. 1 MiB by default, 5 MiB at most.',
    'Example:',
    '  pkg github raw https://raw.githubusercontent.com/octocat/hello-world/main/README.md',
  ].join('\n'),
  configure: (cmd) =>
    cmd
      .argument('<url>', 'raw file URL')
      .option('--max-bytes <n>', 'size cap in bytes (default 1048576, at most 5242880)'),
  call: (client, { positionals, options, fresh }) =>
    client.github.raw({
      url: String(positionals[0]),
      ...(options.maxBytes !== undefined ? { maxBytes: Number(options.maxBytes) } : {}),
      fresh,
    }),
});
