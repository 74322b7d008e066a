// A project with @acme/clock@1.0.0 installed, its files, pkg.json and pkg-lock.json written as
// `pkg install` writes them (the lock entry's trust fields by installedRecord), for the tests of
// what is checked after an install: `pkg verify`, `pkg run`, `pkg trust`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scaffold, type Manifest } from '@pkg/shared';
import { installedRecord } from '../../src/trust/installed-record.js';
import { runCli, tempDir } from './run-cli.js';

export interface LockShape {
  packages: Record<string, { files?: string; fileHashes?: Record<string, string>; logIndex?: number | null }>;
}

export interface InstalledOptions {
  registry?: string;
  integrity?: string;
  logIndex?: number | null;
  env: NodeJS.ProcessEnv;
}

export function writeInstalledProject({
  registry = 'http://127.0.0.1:9',
  integrity,
  logIndex = null,
  env,
}: InstalledOptions) {
  const work = tempDir('pkg-installed-');
  const scaffolded = scaffold({
    namespace: 'acme',
    name: 'clock',
    version: '1.0.0',
    description: 'Tells the time.',
  });
  const files = [...scaffolded].map(([file, text]) => ({ path: file, data: Buffer.from(text) }));
  const installed = (file: string) => path.join(work.dir, '.pkg/packages/@acme/clock', file);
  for (const file of files) {
    mkdirSync(path.dirname(installed(file.path)), { recursive: true });
    writeFileSync(installed(file.path), file.data);
  }
  const { permissions } = JSON.parse(scaffolded.get('manifest.json') ?? '{}') as Manifest;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(
    path.join(work.dir, 'pkg.json'),
    json({ packages: { '@acme/clock': { range: '^1.0.0', permissions } } }),
  );
  const lockFile = path.join(work.dir, 'pkg-lock.json');
  const entry = {
    version: '1.0.0',
    integrity: integrity ?? `sha256-${'0'.repeat(64)}`,
    size: 1,
    registry,
    download: `${registry}/packages/acme/clock/1.0.0/download`,
    permissions,
    ...installedRecord(files, { log: logIndex === null ? null : { index: logIndex } }),
  };
  writeFileSync(lockFile, json({ lockfileVersion: 1, packages: { '@acme/clock': entry } }));
  const cli = (...args: string[]) => runCli(args, { cwd: work.dir, env });
  const lock = () => JSON.parse(readFileSync(lockFile, 'utf8')) as LockShape;
  return { work, cli, installed, lockFile, lock, files };
}
