// Real package archives for the tests, built with the same scaffold and packer as `pkg init`
// and `pkg pack`, a publish over HTTP as the CLI does it, and a new owner's first publish.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packDirectory, scaffold, type PackResult } from '@pkg/shared';
import { createUser } from '../../src/services/registry/user-service.js';
import { startTestServer, type TestServer } from './start-test-server.js';

export interface PackageSpec {
  namespace: string;
  name: string;
  version?: string;
  description?: string;
  /** Extra files, or replacements, by path. */
  files?: Record<string, string | Uint8Array>;
}

export async function buildPackage(spec: PackageSpec): Promise<PackResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-build-'));
  try {
    const files = scaffold({
      namespace: spec.namespace,
      name: spec.name,
      version: spec.version ?? '1.0.0',
      description: spec.description ?? `The ${spec.name} skill of ${spec.namespace}.`,
    });
    const all = new Map<string, string | Uint8Array>([...files, ...Object.entries(spec.files ?? {})]);
    for (const [file, content] of all) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return await packDirectory(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function publishArchive(
  url: string,
  token: string | undefined,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
) {
  return fetch(`${url}/publish`, {
    method: 'POST',
    headers: {
      'content-type': 'application/gzip',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: new Uint8Array(bytes),
  });
}

/** Creates a user named after `spec.namespace` and publishes the package as them: their token. */
export async function publishAsNewOwner(server: TestServer, spec: PackageSpec): Promise<string> {
  const { token } = await createUser(server.deps.registry, spec.namespace);
  const res = await publishArchive(server.url, token.token, (await buildPackage(spec)).bytes);
  if (res.status !== 201)
    throw new Error(`publish of ${spec.namespace}/${spec.name}: ${res.status} ${await res.text()}`);
  return token.token;
}

/**
 * A test server serving the SPA build in `webDir`, with `@acme/tricky` published whose description
 * and SKILL.md are the given (hostile) texts: the package pages' tests of what the server puts into
 * the HTML.
 */
export async function serveTrickyPackage(
  webDir: string,
  description: string,
  skillMd: string,
): Promise<TestServer> {
  const server = await startTestServer({ env: { PKG_WEB_DIR: webDir } });
  await publishAsNewOwner(server, {
    namespace: 'acme',
    name: 'tricky',
    description,
    files: { 'SKILL.md': skillMd },
  });
  return server;
}
