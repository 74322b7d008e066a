// pkg-admin migrate: build every index, then apply the data migrations not yet recorded in
// the `migrations` collection. Idempotent: a second run changes nothing and says so.
import type { Command } from 'commander';
import { migrate } from '../../db/migrations.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

export function migrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('sync indexes and apply pending data migrations (safe to run again)')
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions) => {
      const report = await withAdminDeps(({ deps }) => migrate(deps));
      const lines = ['indexes: in sync'];
      for (const m of report.applied) lines.push(`applied ${m.id}: ${m.details}`);
      if (report.applied.length === 0) {
        lines.push(
          `nothing to migrate: all ${report.alreadyApplied.length} migration(s) were applied before`,
        );
      } else if (report.alreadyApplied.length > 0) {
        lines.push(`${report.alreadyApplied.length} migration(s) were applied before`);
      }
      print(options, lines, report);
    });
}
