// pkg-admin import-legacy <file...> [--owner <user>]: import legacy JSON bundles
// (docs/legacy-bundles.md). Each file is reported on its own: imported, skipped (the version
// exists already) or failed; a failure does not stop the other files. The exit code is 0
// when none failed, else 2 when a failure was bad input, else 1.
import { readFile, stat } from 'node:fs/promises';
import { PACKAGE_LIMITS, type ErrorBody } from '@pkg/shared';
import type { Command } from 'commander';
import type { AppDeps } from '../../deps.js';
import { importLegacyBundle, type ImportOutcome } from '../../services/registry/legacy-import-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { badInput, print, toExit } from './output.js';

type FileResult = { file: string } & (
  ImportOutcome | { status: 'failed'; error: ErrorBody['error']; exitCode: 1 | 2 }
);

async function readBundle(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw badInput(`${file} is not a readable file.`);
  if (info.size > PACKAGE_LIMITS.maxCompressedBytes) {
    throw badInput(
      `${file} is ${info.size} bytes; a bundle is at most ${PACKAGE_LIMITS.maxCompressedBytes} bytes (5 MB).`,
    );
  }
  return readFile(file);
}

async function importOne(deps: AppDeps, file: string, owner: string | undefined): Promise<FileResult> {
  try {
    return { file, ...(await importLegacyBundle(deps.registry, await readBundle(file), { owner })) };
  } catch (error) {
    const { exitCode, body } = toExit(error);
    return { file, status: 'failed', error: body.error, exitCode };
  }
}

function describe(result: FileResult): string[] {
  switch (result.status) {
    case 'imported':
      return [
        `imported ${result.name}@${result.version} from ${result.file} (${result.size} bytes, ${result.integrity})`,
      ];
    case 'skipped':
      return [`skipped ${result.file}: ${result.reason}`];
    case 'failed':
      return [
        `failed ${result.file}: ${result.error.message}`,
        ...result.error.details.map((d) => `  - ${d.path ? `${d.path}: ` : ''}${d.message}`),
      ];
  }
}

export function importLegacyCommand(program: Command): void {
  program
    .command('import-legacy')
    .description('import legacy JSON bundles (stored verbatim, provenance recorded: false)')
    .argument('<file...>', 'bundle files (docs/legacy-bundles.md)')
    .option('--owner <user>', 'owner for a namespace nobody owns yet (required then)')
    .option('--json', 'print JSON')
    .action(async (files: string[], options: { owner?: string; json?: boolean }) => {
      const results = await withAdminDeps(async ({ deps }) => {
        const out: FileResult[] = [];
        for (const file of files) out.push(await importOne(deps, file, options.owner));
        return out;
      });
      const counts = { imported: 0, skipped: 0, failed: 0 };
      for (const r of results) counts[r.status]++;
      const summary = `${counts.imported} imported, ${counts.skipped} skipped, ${counts.failed} failed`;
      print(options, [...results.flatMap(describe), summary], { results, ...counts });
      const failures = results.flatMap((r) => (r.status === 'failed' ? [r.exitCode] : []));
      if (failures.length > 0) {
        process.stderr.write(`pkg-admin: ${failures.length} bundle(s) were not imported\n`);
        process.exitCode = failures.includes(1) ? 1 : 2;
      }
    });
}
