// The files `pkg init` writes: a package that validates as it is, with one tool and its schemas.
import { SPEC_VERSION, type Manifest } from '../schemas/manifest.js';

export interface ScaffoldOptions {
  namespace: string;
  name: string;
  description: string;
  /** Defaults to 0.1.0. */
  version?: string;
}

/** A YAML scalar: plain when it is obviously safe, else a double-quoted (JSON) string. */
function yamlScalar(value: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9 ,.()'_-]*$/.test(value) && !value.endsWith(' ')
    ? value
    : JSON.stringify(value);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function scaffold(options: ScaffoldOptions): Map<string, string> {
  const manifest: Manifest = {
    specVersion: SPEC_VERSION,
    namespace: options.namespace,
    name: options.name,
    version: options.version ?? '0.1.0',
    description: options.description,
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
  const skillMd = [
    '---',
    `name: ${yamlScalar(options.name)}`,
    `description: ${yamlScalar(options.description)}`,
    '---',
    '',
    `# ${options.name}`,
    '',
    'Describe here when an agent should use this skill and how.',
    '',
    '## Tools',
    '',
    '- `hello`: greets someone by name. Input: `{ "name": string }`. Output: `{ "greeting": string }`.',
    '',
  ].join('\n');
  const tool = [
    '// The `hello` tool. The default export receives the input (validated against',
    '// schemas/hello.input.json) and a context, and returns the output (schemas/hello.output.json).',
    'export default async function hello(input, context) {',
    '  return { greeting: `Hello, ${input.name}!` };',
    '}',
    '',
  ].join('\n');
  const inputSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'hello input',
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, description: 'Who to greet.' } },
    required: ['name'],
    additionalProperties: false,
  };
  const outputSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'hello output',
    type: 'object',
    properties: { greeting: { type: 'string' } },
    required: ['greeting'],
    additionalProperties: false,
  };
  return new Map([
    ['manifest.json', json(manifest)],
    ['SKILL.md', skillMd],
    ['tools/hello.js', tool],
    ['schemas/hello.input.json', json(inputSchema)],
    ['schemas/hello.output.json', json(outputSchema)],
  ]);
}

/** A directory name turned into a package name of the grammar (lowercase, `a-z0-9._-`). */
export function slugifyName(value: string, maxLength = 64): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, maxLength)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

/** A user name turned into a namespace of the grammar (lowercase, `a-z0-9-`, at most 39). */
export function slugifyNamespace(value: string): string {
  return slugifyName(value.replace(/[._]/g, '-'), 39);
}
