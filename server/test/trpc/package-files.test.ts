// packages.files: SKILL.md and the tools' JSON Schema files of a published version, read on the
// server out of the stored artifact (a tar.gz archive or a legacy JSON bundle), so the website
// never downloads and unpacks a package. Unknown packages and versions are NOT_FOUND.
import { scaffold } from '@pkg/shared';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importLegacyBundle } from '../../src/services/registry/legacy-import-service.js';
import type { AppRouter } from '../../src/trpc/router.js';
import { publishAsNewOwner } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { sampleBundle } from '../legacy/sample-package.js';

let server: TestServer;
const skillMd = '---\nname: files\ndescription: Reads files.\n---\n\n# Files skill\n\nSay **hello**.\n';
const inputSchema = `${JSON.stringify({ type: 'object', properties: { who: { type: 'string' } } }, null, 2)}\n`;
const defaults = scaffold({ namespace: 'fia', name: 'files', version: '1.0.0', description: 'Reads files.' });

function client() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
  });
}

beforeAll(async () => {
  server = await startTestServer();
  await publishAsNewOwner(server, {
    namespace: 'fia',
    name: 'files',
    version: '1.0.0',
    description: 'Reads files.',
    files: { 'SKILL.md': skillMd, 'schemas/hello.input.json': inputSchema },
  });
  await importLegacyBundle(
    server.deps.registry,
    Buffer.from(sampleBundle({ namespace: 'fia', name: 'old-files', body: '# old-files\n\nLegacy.\n' })),
  );
});
afterAll(() => server.close());

describe('packages.files', () => {
  test('answers SKILL.md and the schemas the tools name, as text, from the archive', async () => {
    const files = await client().packages.files.query({ namespace: 'fia', name: 'files', version: '1.0.0' });
    expect(files).toEqual({
      name: '@fia/files',
      version: '1.0.0',
      skillMd,
      schemas: {
        'schemas/hello.input.json': inputSchema,
        'schemas/hello.output.json': defaults.get('schemas/hello.output.json'),
      },
    });
  });

  test('reads a legacy JSON bundle too', async () => {
    const files = await client().packages.files.query({
      namespace: 'fia',
      name: 'old-files',
      version: '1.0.0',
    });
    expect(files.skillMd).toContain('# old-files\n\nLegacy.\n');
    expect(Object.keys(files.schemas)).toEqual(['schemas/hello.input.json', 'schemas/hello.output.json']);
  });

  test.each([
    ['an unknown package', { namespace: 'fia', name: 'missing', version: '1.0.0' }],
    ['an unknown version', { namespace: 'fia', name: 'files', version: '9.9.9' }],
    ['an unknown namespace', { namespace: 'nobody', name: 'files', version: '1.0.0' }],
  ])('%s is NOT_FOUND, as packages.version says', async (_, ref) => {
    const failure = async (call: Promise<unknown>) =>
      call.then(
        () => undefined,
        (e: unknown) => e,
      );
    const [files, version] = await Promise.all([
      failure(client().packages.files.query(ref)),
      failure(client().packages.version.query(ref)),
    ]);
    expect(files).toBeInstanceOf(TRPCClientError);
    const data = (files as TRPCClientError<AppRouter>).data as { code: string; httpStatus: number };
    expect([data.code, data.httpStatus]).toEqual(['NOT_FOUND', 404]);
    expect((files as Error).message).toBe((version as Error).message);
  });
});
