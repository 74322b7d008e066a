// The runtime loader on package directories on disk: a valid package yields its tools with
// compiled schemas; a missing entry, a symlink, a CommonJS scope or the wrong package is
// refused with every problem listed (exit 2).
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePackage } from '@pkg/shared/package';
import { afterEach, describe, expect, test } from 'vitest';
import { CliError } from '../../src/exit.js';
import { loadInstalledPackage } from '../../src/runtime/load-package.js';
import { createProbeProject, PROBE_TOOLS, type ProbeProject } from './probe-project.js';

let project: ProbeProject;
afterEach(() => project.cleanup());
const tools = { echo: PROBE_TOOLS.echo ?? [''], env: PROBE_TOOLS.env ?? [''] };

/** The files of a package directory as an install's archive checks hold them, and their validation. */
function validatedFiles(dir: string) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const absolute = join(entry.parentPath, entry.name);
      return { path: absolute.slice(dir.length + 1), data: readFileSync(absolute) };
    });
  const { manifest } = validatePackage(new Map(files.map((f) => [f.path, f.data])));
  if (!manifest) throw new Error(`${dir} is not a valid package`);
  return { files, manifest };
}

async function problemsOf(dir: string, options = {}): Promise<string[]> {
  const error: unknown = await loadInstalledPackage(dir, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  const cliError = error as CliError;
  expect(cliError.exitCode).toBe(2);
  expect(cliError.code).toBe('INVALID_PACKAGE');
  return cliError.details.map((d) => `${d.path ?? ''} ${d.code}`);
}

describe('loadInstalledPackage', () => {
  test('a valid package: its tools, entries and compiled schemas', async () => {
    project = createProbeProject(tools);
    const loaded = await loadInstalledPackage(project.packageDir, {
      expect: { namespace: 'acme', name: 'probe' },
    });
    expect(loaded.manifest.name).toBe('probe');
    expect([...loaded.tools.keys()]).toEqual(['echo', 'env']);
    const echo = loaded.tools.get('echo');
    expect(echo?.entry).toBe(join(loaded.dir, 'tools', 'echo.js'));
    expect(echo?.validateInput({})).toBe(true);
    expect(echo?.validateInput([])).toBe(false);
    expect(echo?.validateOutput?.({ value: 'x' })).toBe(true);
    expect(echo?.validateOutput?.({ value: 1 })).toBe(false);
    expect(loaded.tools.get('env')?.validateOutput).toBeUndefined();
  });

  test('a missing tool entry', async () => {
    project = createProbeProject(tools);
    rmSync(join(project.packageDir, 'tools', 'echo.js'));
    expect(await problemsOf(project.packageDir)).toEqual(['manifest.json#/tools/0/entry TOOL_ENTRY_MISSING']);
  });

  test('a symlink, even one pointing inside the package', async () => {
    project = createProbeProject(tools);
    symlinkSync(join(project.packageDir, 'SKILL.md'), join(project.packageDir, 'link.md'));
    symlinkSync('/etc/hostname', join(project.packageDir, 'tools', 'outside.js'));
    expect(await problemsOf(project.packageDir)).toEqual(['link.md SYMLINK', 'tools/outside.js SYMLINK']);
  });

  test('an entry that would load as CommonJS', async () => {
    project = createProbeProject(tools);
    writeFileSync(join(project.packageDir, 'tools', 'package.json'), '{ "type": "commonjs" }');
    expect(await problemsOf(project.packageDir)).toEqual([
      'tools/echo.js TOOL_ENTRY_NOT_MODULE',
      'tools/env.js TOOL_ENTRY_NOT_MODULE',
    ]);
  });

  test('another package than the one expected', async () => {
    project = createProbeProject(tools);
    const error = await loadInstalledPackage(project.packageDir, {
      expect: { namespace: 'acme', name: 'other', version: '9.9.9' },
    }).catch((e: unknown) => e);
    expect((error as CliError).details.map((d) => d.code)).toEqual(['NAME_MISMATCH', 'VERSION_MISMATCH']);
  });

  test('a hidden file and an invalid manifest are listed together', async () => {
    project = createProbeProject(tools);
    writeFileSync(join(project.packageDir, '.env'), 'SECRET=1');
    writeFileSync(join(project.packageDir, 'manifest.json'), '{');
    expect(await problemsOf(project.packageDir)).toEqual([
      '.env HIDDEN_FILE',
      'manifest.json MANIFEST_INVALID_JSON',
    ]);
  });

  test('files already validated, as an install stages them: their validation is taken', async () => {
    project = createProbeProject(tools);
    const validated = validatedFiles(project.packageDir);
    const loaded = await loadInstalledPackage(project.packageDir, { validated });
    expect(loaded.manifest).toBe(validated.manifest); // not a second reading of manifest.json
    expect([...loaded.tools.keys()]).toEqual(['echo', 'env']);
  });

  test('a directory that differs from the files validated is validated from disk', async () => {
    project = createProbeProject(tools);
    const validated = validatedFiles(project.packageDir);
    writeFileSync(join(project.packageDir, 'manifest.json'), '{"name": "changed on disk"}');
    const problems = await problemsOf(project.packageDir, { validated });
    expect(problems.some((p) => p.startsWith('manifest.json'))).toBe(true);
    project.cleanup();
    project = createProbeProject(tools);
    const before = validatedFiles(project.packageDir);
    writeFileSync(join(project.packageDir, 'EXTRA.md'), 'a file the checks never saw\n');
    const loaded = await loadInstalledPackage(project.packageDir, { validated: before });
    expect(loaded.manifest).not.toBe(before.manifest);
    expect(loaded.manifest).toEqual(before.manifest);
  });
});
