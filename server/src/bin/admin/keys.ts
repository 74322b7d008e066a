// pkg-admin keys list | rotate (docs/trust.md, "Keys"): the registry's signing keys (public halves
// only: no private key is ever printed), and the rotation to a new key, endorsed by the old one.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { rotateSigningKey } from '../../services/registry/trust/key-rotation.js';
import { listKeys } from '../../services/registry/trust/log-reads.js';
import { withAdminDeps } from './open-admin-deps.js';
import { badInput, print, type OutputOptions } from './output.js';

function keysListCommand(keys: Command): void {
  keys
    .command('list')
    .description("list the registry's signing keys (key id, status, validity, endorsement)")
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions) => {
      const listed = await withAdminDeps(({ deps }) => listKeys(deps.registry));
      const lines = listed.keys.map(
        (k) =>
          `${k.keyid}  ${k.status}  from ${k.validFrom}${k.expires ? ` to ${k.expires}` : ''}` +
          `  note ${k.noteName}+${k.noteKeyId}${k.endorsedBy ? `  endorsed by ${k.endorsedBy.keyid}` : ''}`,
      );
      print(options, [`origin ${listed.origin}`, ...lines], listed);
    });
}

async function readNewKey(file: string | undefined): Promise<string | undefined> {
  if (file === undefined) return undefined;
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw badInput(`Cannot read the new key file ${file}.`);
  }
}

function keysRotateCommand(keys: Command): void {
  keys
    .command('rotate')
    .description('make a new signing key current; the old one is retired and endorses it (a log entry)')
    .option('--new-key-file <pem>', 'the new key (PKCS#8 PEM); required when PKG_SIGNING_KEY is set')
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions & { newKeyFile?: string }) => {
      const pem = await readNewKey(options.newKeyFile);
      const rotated = await withAdminDeps(({ deps }) => rotateSigningKey(deps.registry, pem));
      const lines = [
        `current key ${rotated.keyid} (log entry ${rotated.logIndex})`,
        `retired ${rotated.retired}`,
        rotated.keyFile
          ? 'the new key is in the data directory: running servers load it before they sign again'
          : 'set PKG_SIGNING_KEY of every server to the new key; until then they refuse to publish',
      ];
      print(options, lines, rotated);
    });
}

export function keysCommands(program: Command): void {
  const keys = program.command('keys').description("the registry's signing keys (docs/trust.md)");
  keysListCommand(keys);
  keysRotateCommand(keys);
}
