// A small valid skill package for integration tests (the layout `pkg init` writes): as
// files, as the deterministic archive POST /publish takes, and as a legacy JSON bundle.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packDirectory, type PackResult } from '@pkg/shared';

export interface SampleOptions {
  namespace: string;
  name: string;
  version?: string;
  description?: string;
  /** Replaces the default SKILL.md body (after the front matter). */
  body?: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function sampleManifest(o: SampleOptions) {
  return {
    specVersion: 1,
    namespace: o.namespace,
    name: o.name,
    version: o.version ?? '1.0.0',
    description: o.description ?? `The ${o.name} test skill.`,
    permissions: { fs: { read: [], write: [] }, network: [], env: [] },
    tools: [
      {
        name: 'hello',
        description: 'Greets someone by name.',
        entry: 'tools/hello.js',
        inputSchema: 'schemas/hello.input.json',
        outputSchema: 'schemas/hello.output.json',
      },
    ],
  };
}

export function sampleSkillMd(o: SampleOptions): string {
  const body = o.body ?? `# ${o.name}\n\nUse this skill to greet people.\n`;
  return `---\nname: ${o.name}\ndescription: ${o.description ?? `The ${o.name} test skill.`}\n---\n\n${body}`;
}

/** Every file except manifest.json. */
export function sampleFiles(o: SampleOptions): Record<string, string> {
  const schema = (properties: Record<string, unknown>, required: string[]) =>
    json({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties,
      required,
      additionalProperties: false,
    });
  return {
    'SKILL.md': sampleSkillMd(o),
    'tools/hello.js':
      'export default async function hello(input) {\n  return { greeting: `Hello, ${input.name}!` };\n}\n',
    'schemas/hello.input.json': schema({ name: { type: 'string' } }, ['name']),
    'schemas/hello.output.json': schema({ greeting: { type: 'string' } }, ['greeting']),
  };
}

/** The package directory packed into its archive (the directory is removed afterwards). */
export async function packSample(o: SampleOptions): Promise<PackResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-sample-'));
  try {
    const files = { 'manifest.json': json(sampleManifest(o)), ...sampleFiles(o) };
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return await packDirectory(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A legacy JSON bundle (docs/legacy-bundles.md) of the same package. */
export function sampleBundle(
  o: SampleOptions,
  extra: { publishedAt?: string; publishedBy?: string } = {},
): string {
  const files: Record<string, string | { base64: string }> = { ...sampleFiles(o) };
  files['tools/hello.js'] = { base64: Buffer.from(String(files['tools/hello.js'])).toString('base64') };
  return json({ format: 'pkg-bundle', version: 1, manifest: sampleManifest(o), files, ...extra });
}

export async function publishArchive(url: string, token: string, bytes: Uint8Array): Promise<Response> {
  return fetch(`${url}/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    body: bytes,
  });
}
