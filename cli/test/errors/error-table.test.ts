// One error table (shared/src/errors/registry-error.ts): every registry error code, raised by a
// server through the real tRPC and REST error paths, arrives with the table's HTTP status and
// code, and the CLI run against that server exits with the table's exit code and prints the
// table's hint: `pkg whoami` meets it over tRPC, `pkg publish` over REST.
import { join } from 'node:path';
import { REGISTRY_ERROR_CODES, REGISTRY_ERRORS } from '@pkg/shared/errors';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startErrorProbe, type ErrorProbe } from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-error-table-');
let probe: ErrorProbe;
const env = () => ({
  HOME: join(dir, 'home'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  PKG_REGISTRY: probe.url,
  PKG_TOKEN: `pkg_${'a'.repeat(40)}`,
});

beforeAll(async () => {
  probe = await startErrorProbe();
  const init = await runCli(['init', 'demo', '--namespace', 'acme'], { cwd: dir, env: env() });
  expect(init.code).toBe(0);
});
afterAll(async () => {
  await probe.close();
  cleanup();
});

describe.each(REGISTRY_ERROR_CODES)('%s', (code) => {
  const entry = REGISTRY_ERRORS[code];

  test('tRPC and REST answer the status and code of the table', async () => {
    probe.failWith(code);
    const trpc = await fetch(`${probe.url}/trpc/auth.whoami`);
    const trpcBody = (await trpc.json()) as {
      error: { json: { data: { code: string; httpStatus: number } } };
    };
    expect([trpc.status, trpcBody.error.json.data.code]).toEqual([entry.status, code]);
    expect(trpcBody.error.json.data.httpStatus).toBe(entry.status);

    const rest = await fetch(`${probe.url}/packages/acme/demo`);
    const restBody = (await rest.json()) as { error: { code: string } };
    expect([rest.status, restBody.error.code]).toEqual([entry.status, code]);
  });

  test('the CLI exits with the exit code of the table and prints its hint, over tRPC and REST', async () => {
    probe.failWith(code);
    for (const args of [['whoami'], ['publish', 'demo']]) {
      const run = await runCli(args, { cwd: dir, env: env() });
      expect({ args, code: run.code }).toEqual({ args, code: entry.exit });
      expect(run.stderr).toContain(`error ${code}: probe: ${code}`);
      expect(run.stderr).toContain(`hint: ${entry.hint}`);
    }
  });
});
