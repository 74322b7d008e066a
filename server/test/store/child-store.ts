// Runs the embedded store in a child process for crash tests. The store's TypeScript sources are
// transpiled (no type check, a fraction of a second) into a temporary directory so the child runs
// the current code without a prior build; `startChildStore` spawns test/store/store-child.mjs on
// a data directory and resolves once the store listens.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.resolve(here, '../../src/db/embedded');
const childScript = path.join(here, 'store-child.mjs');
let built: string | undefined;

function packageDir(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || path.basename(dir) !== name) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot locate package ${name}`);
    dir = parent;
  }
  return dir;
}

/** Transpiles src/db/embedded into a temp dir once per test process; returns its index.js. */
export function buildStoreModule(): string {
  if (built) return built;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pkg-store-build-'));
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !/\.(test|bench)\.ts$/.test(entry.name)) {
        const { outputText } = ts.transpileModule(fs.readFileSync(full, 'utf8'), {
          compilerOptions: {
            module: ts.ModuleKind.ES2022,
            target: ts.ScriptTarget.ES2023,
            verbatimModuleSyntax: true,
          },
          fileName: full,
        });
        const target = path.join(out, path.relative(sourceDir, full)).replace(/\.ts$/, '.js');
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, outputText);
      }
    }
  };
  walk(sourceDir);
  fs.writeFileSync(path.join(out, 'package.json'), JSON.stringify({ type: 'module' }));
  fs.mkdirSync(path.join(out, 'node_modules'));
  for (const dep of ['bson', 'mingo', 'sorted-btree'])
    fs.symlinkSync(packageDir(dep), path.join(out, 'node_modules', dep), 'dir');
  built = path.join(out, 'index.js');
  return built;
}

export interface ChildStore {
  uri: string;
  child: ChildProcess;
  /** resolves when the child has exited */
  exited: Promise<void>;
}

/** The node arguments that run the store on `dir` in a child process (test/store/store-child.mjs). */
export function storeChildArgs(dir: string, options: Record<string, unknown> = {}): string[] {
  return [childScript, buildStoreModule(), dir, JSON.stringify(options)];
}

export function startChildStore(dir: string, options: Record<string, unknown> = {}): Promise<ChildStore> {
  const child = spawn(process.execPath, storeChildArgs(dir, options), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /READY (\S+)\n/.exec(out);
      if (match?.[1]) resolve({ uri: match[1], child, exited });
    });
    child.once('exit', (code) => reject(new Error(`store child exited with ${code}: ${err}`)));
  });
}

/** SIGKILLs the child (no chance to flush or clean up) and waits for it to be gone. */
export async function crash(store: ChildStore): Promise<void> {
  store.child.kill('SIGKILL');
  await store.exited;
}

/** SIGKILLs every child store still running and waits until all of them are gone (a suite's afterAll). */
export async function killChildStores(children: readonly ChildStore[]): Promise<void> {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.allSettled(children.map((c) => c.exited));
}
