// pkg github releases <owner>/<repo> [--latest | --tag <tag> | --id <id>]: releases, or one.
import { CliError, EXIT } from '../../exit.js';
import { defineRepoCommand, pageParams } from './define-github-command.js';

export const githubReleasesCommand = defineRepoCommand({
  name: 'releases',
  summary: 'releases of a repository, newest first; or one: the latest, by tag or by id',
  example: 'pkg github releases octocat/hello-world --latest',
  paged: true,
  configure: (cmd) =>
    cmd
      .option('--latest', 'only the latest published release')
      .option('--tag <tag>', 'only the release of this tag')
      .option('--id <id>', 'only the release with this id'),
  call: (client, { ref, options, fresh }) => {
    const one = [options.latest === true, options.tag !== undefined, options.id !== undefined].filter(
      Boolean,
    );
    if (one.length > 1)
      throw new CliError('INVALID_INPUT', 'give one of --latest, --tag and --id', {
        exitCode: EXIT.invalidInput,
      });
    if (options.latest === true) return client.github.release({ ...ref, fresh });
    if (typeof options.tag === 'string') return client.github.release({ ...ref, tag: options.tag, fresh });
    if (options.id !== undefined) return client.github.release({ ...ref, id: Number(options.id), fresh });
    return client.github.releases({ ...ref, ...pageParams(options), fresh });
  },
});
