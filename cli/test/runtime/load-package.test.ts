// The runtime loader on package directories on disk: a valid package yields its tools with
// compiled schemas; a missing entry, a symlink, a CommonJS scope or the wrong package is
// refused with every problem listed (exit 2).
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CliError } from '../../src/exit.js';
import { loadInstalledPackage } from '../../src/runtime/load-package.js';
import { createProbeProject, PROBE_TOOLS, type ProbeProject } from './probe-project.js';

let project: ProbeProject;
afterEach(() => project.cleanup());
const tools = { echo: PROBE_TOOLS.echo ?? [''], env: PROBE_TOOLS.env ?? [''] };

async function problemsOf(dir: string): Promise<string[]> {
  const error: unknown = await loadInstalledPackage(dir).then(
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
});
