// pkg-admin log verify | trust backfill (docs/trust.md): check the whole transparency log against
// its entries and the listed keys (a non-zero exit names the first problem), and sign and log the
// versions published before signing existed (what the server does at start).
import type { Command } from 'commander';
import { backfillTrust } from '../../services/registry/trust/backfill.js';
import { verifyLog } from '../../services/registry/trust/log-verify.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

export function logCommands(program: Command): void {
  const log = program.command('log').description('the transparency log (docs/trust.md)');
  log
    .command('verify')
    .description(
      'recompute every stored hash and root from the entries; check every checkpoint and signature',
    )
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions) => {
      const checked = await withAdminDeps(({ deps }) => verifyLog(deps.registry));
      const line = `log ok: ${checked.entries} entries, ${checked.hashes} stored hashes, ${checked.checkpoints} checkpoints`;
      print(options, line, { ok: true, ...checked });
    });
}

export function trustCommands(program: Command): void {
  const trust = program.command('trust').description('signatures of versions (docs/trust.md)');
  trust
    .command('backfill')
    .description('sign the versions without a signature and log the versions without a log index')
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions) => {
      const done = await withAdminDeps(({ deps }) => backfillTrust(deps.registry));
      print(options, `signed ${done.signed} version(s), logged ${done.logged}`, done);
    });
}
