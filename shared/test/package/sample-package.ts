// A valid sample package, written to a directory or returned as files, for the package tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SAMPLE_MANIFEST = {
  specVersion: 1,
  namespace: 'acme',
  name: 'hello',
  version: '1.0.0',
  description: 'Greets someone by name.',
  permissions: { fs: { read: [], write: [] }, network: [], env: [] },
  tools: [
    {
      name: 'hello',
      description: 'Returns a greeting.',
      entry: 'tools/hello.js',
      inputSchema: 'schemas/hello.input.json',
      outputSchema: 'schemas/hello.output.json',
    },
  ],
};

/** The files of the sample package; `overrides` replace or add files (undefined removes one). */
export function sampleFiles(overrides: Record<string, string | undefined> = {}): Map<string, string> {
  const files = new Map<string, string>([
    ['manifest.json', `${JSON.stringify(SAMPLE_MANIFEST, null, 2)}\n`],
    [
      'SKILL.md',
      '---\nname: hello\ndescription: Greets someone by name.\n---\n\n# Hello\n\nCall the `hello` tool.\n',
    ],
    [
      'tools/hello.js',
      'export default async function hello(input) {\n  return { greeting: `Hello, ${input.name}!` };\n}\n',
    ],
    [
      'schemas/hello.input.json',
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      }),
    ],
    [
      'schemas/hello.output.json',
      JSON.stringify({
        type: 'object',
        properties: { greeting: { type: 'string' } },
        required: ['greeting'],
      }),
    ],
  ]);
  for (const [path, text] of Object.entries(overrides)) {
    if (text === undefined) files.delete(path);
    else files.set(path, text);
  }
  return files;
}

export function sampleManifestText(changes: Record<string, unknown>): string {
  return JSON.stringify({ ...SAMPLE_MANIFEST, ...changes });
}

export function writeSamplePackage(dir: string, overrides: Record<string, string | undefined> = {}): void {
  for (const [path, text] of sampleFiles(overrides)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
