// Packing a directory for the authoring commands: a missing directory is invalid input (exit 2)
// and an invalid package becomes the list of its problems.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidPackageError, type PackResult, packDirectory } from '@pkg/shared';
import { CliError, EXIT } from '../../exit.js';
import { invalidPackageError } from '../output.js';

export async function packDir(dir: string): Promise<PackResult> {
  const absolute = resolve(dir);
  const stats = await stat(absolute).catch(() => undefined);
  if (!stats?.isDirectory()) {
    throw new CliError('BAD_REQUEST', `${dir} is not a directory.`, {
      exitCode: EXIT.invalidInput,
      hint: 'Give the directory of a skill package (pkg init creates one).',
    });
  }
  try {
    return await packDirectory(absolute);
  } catch (error) {
    if (error instanceof InvalidPackageError) throw invalidPackageError(error.problems, dir);
    throw error;
  }
}
