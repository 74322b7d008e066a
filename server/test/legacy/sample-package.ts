// A small valid skill package for integration tests, built from the scaffold `pkg init` writes:
// as files, as the deterministic archive POST /publish takes, and as a legacy JSON bundle.
import { scaffold, type Manifest, type PackResult } from '@pkg/shared';
import { buildPackage } from '../helpers/packages.js';

export { publishArchive } from '../helpers/packages.js';

export interface SampleOptions {
  namespace: string;
  name: string;
  version?: string;
  description?: string;
  /** Replaces the default SKILL.md body (after the front matter). */
  body?: string;
}

function sample(o: SampleOptions): Map<string, string> {
  const files = scaffold({
    namespace: o.namespace,
    name: o.name,
    version: o.version ?? '1.0.0',
    description: o.description ?? `The ${o.name} test skill.`,
  });
  if (o.body !== undefined) {
    const skillMd = files.get('SKILL.md') ?? '';
    const frontMatterEnd = skillMd.indexOf('\n---\n') + '\n---\n'.length;
    files.set('SKILL.md', `${skillMd.slice(0, frontMatterEnd)}\n${o.body}`);
  }
  return files;
}

export function sampleManifest(o: SampleOptions): Manifest {
  return JSON.parse(sample(o).get('manifest.json') ?? '{}') as Manifest;
}

/** Every file except manifest.json. */
export function sampleFiles(o: SampleOptions): Record<string, string> {
  return Object.fromEntries([...sample(o)].filter(([file]) => file !== 'manifest.json'));
}

/** The package packed into its archive. */
export function packSample(o: SampleOptions): Promise<PackResult> {
  return buildPackage({ ...o, files: Object.fromEntries(sample(o)) });
}

/** A legacy JSON bundle (docs/legacy-bundles.md) of the same package. */
export function sampleBundle(
  o: SampleOptions,
  extra: { publishedAt?: string; publishedBy?: string } = {},
): string {
  const files: Record<string, string | { base64: string }> = { ...sampleFiles(o) };
  const hello = files['tools/hello.js'];
  if (typeof hello !== 'string') throw new TypeError('the sample tool is text');
  files['tools/hello.js'] = { base64: Buffer.from(hello).toString('base64') };
  return `${JSON.stringify({ format: 'pkg-bundle', version: 1, manifest: sampleManifest(o), files, ...extra }, null, 2)}\n`;
}
