// An error ends the CLI only once what it wrote has reached the reader. Writes to a pipe are
// asynchronous: a process that exits at once loses what is still queued, which is how a tool's
// capped 1 MiB of stderr could arrive without the TOOL_OUTPUT_TOO_LARGE line after it when the
// reader was slow. The child below queues 2 MiB on stderr (far more than a pipe holds), meets an
// error, then says "queued" on stdout; the reader takes stderr only after that word (or the
// child's exit), so nothing but the CLI's own flushing can bring the error line through.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, expect, test } from 'vitest';
import { tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-exit-flush-');
afterAll(cleanup);

const CHILD = `
import { CliError, exitWithError } from ${JSON.stringify(fileURLToPath(new URL('../../src/exit.ts', import.meta.url)))};
process.stderr.write('x'.repeat(2 * 1024 * 1024));
exitWithError(new CliError('TOOL_OUTPUT_TOO_LARGE', 'The tool flood wrote too much.'), false);
process.stdout.write('queued\\n');
`;

test('the error line after 2 MiB of queued stderr reaches a slow reader, with the exit code', async () => {
  const script = join(dir, 'child.mjs');
  const bundled = await build({
    stdin: { contents: CHILD, resolveDir: dir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
  });
  writeFileSync(script, bundled.outputFiles[0]?.text ?? '');

  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.pause();
  const chunks: Buffer[] = [];
  const startReading = () => {
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.resume();
  };
  child.stdout.once('data', startReading);
  child.once('exit', () => {
    if (!child.stderr.readableFlowing) startReading();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));

  const stderr = Buffer.concat(chunks).toString('utf8');
  expect(code).toBe(1);
  expect(stderr.length).toBe(
    2 * 1024 * 1024 + 'error TOOL_OUTPUT_TOO_LARGE: The tool flood wrote too much.\n'.length,
  );
  expect(stderr.endsWith('error TOOL_OUTPUT_TOO_LARGE: The tool flood wrote too much.\n')).toBe(true);
});
