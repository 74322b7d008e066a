// The static look at a package's tool code (docs/browsing.md, "Findings"): every .js, .mjs and
// .cjs file is parsed with acorn (nothing is run) and its syntax tree walked for dynamic code
// evaluation, encoded blobs, hosts written in the code that permissions.network does not
// declare, and reads of environment variables that permissions.env does not declare. A finding
// is a fact with its file and line, never a verdict. A file acorn cannot parse is read line by
// line for the same patterns instead. Pure and browser-safe.
import { parse, type AnyNode, type Program } from 'acorn';
import { fullAncestor } from 'acorn-walk';
import type { Finding } from '../../schemas/api/browse.js';
import type { Permissions } from '../../schemas/manifest.js';
import { blobIn, escapesIn, hostCovered, hostsIn } from './code-strings.js';
import { envAliases, envReadsOf, evaluationOf, type EnvRead } from './code-nodes.js';

export interface CodeFile {
  /** The file in the package, `tools/forecast.js`. */
  path: string;
  text: string;
}

/** What the static look found, and what the code uses (the score's least-permissions reads it). */
export interface CodeScan {
  findings: Finding[];
  /** Every host written in the code, sorted. */
  hosts: string[];
  /** Every environment variable the code reads by name, sorted. */
  env: string[];
}

const EXCERPT_CHARS = 200;
/** At most this many findings are kept, in file and line order (a minified bundle may hold thousands). */
export const MAX_FINDINGS = 500;
const CODE_PATH = /\.(?:m|c)?js$/;

/** The files the static look reads: JavaScript, by its ending. */
export function isToolCodePath(path: string): boolean {
  return CODE_PATH.test(path);
}

/** The findings of the static look at the package's code (its .js, .mjs and .cjs files). */
export function scanToolCode(files: readonly CodeFile[], permissions: Permissions): Finding[] {
  return analyzeToolCode(files, permissions).findings;
}

/** The findings, and the hosts and environment variables the code names. */
export function analyzeToolCode(files: readonly CodeFile[], permissions: Permissions): CodeScan {
  const scan = new FileScan(permissions);
  for (const file of files) if (isToolCodePath(file.path)) scan.file(file);
  return { findings: scan.findings, hosts: [...scan.hosts].sort(), env: [...scan.env].sort() };
}

function parseCode(path: string, text: string): Program | undefined {
  const options = {
    ecmaVersion: 'latest',
    locations: true,
    allowHashBang: true,
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
  } as const;
  const kinds = path.endsWith('.cjs') ? (['script'] as const) : (['module', 'script'] as const);
  for (const sourceType of kinds) {
    try {
      return parse(text, { ...options, sourceType });
    } catch {
      // try the next source type, then the line-by-line read
    }
  }
  return undefined;
}

class FileScan {
  readonly findings: Finding[] = [];
  readonly hosts = new Set<string>();
  readonly env = new Set<string>();
  private readonly seen = new Set<string>();
  private path = '';
  private lines: string[] = [];

  constructor(private readonly permissions: Permissions) {}

  file({ path, text }: CodeFile): void {
    this.path = path;
    this.lines = text.split(/\r\n|\r|\n/);
    const program = parseCode(path, text);
    if (program) this.walk(program);
    else this.lines.forEach((line, index) => this.readLine(line, index + 1));
  }

  private add(kind: Finding['kind'], line: number, message: string): void {
    const key = `${kind}\0${this.path}\0${line}\0${message}`;
    if (this.seen.has(key) || this.findings.length >= MAX_FINDINGS) return;
    this.seen.add(key);
    const excerpt = (this.lines[line - 1] ?? '').trim().slice(0, EXCERPT_CHARS);
    this.findings.push({ kind, file: this.path, line, message, excerpt });
  }

  private walk(program: Program): void {
    const aliases = envAliases(program);
    fullAncestor(program, (node, _state, ancestors) => {
      const line = node.loc?.start.line ?? 1;
      const evaluation = evaluationOf(node);
      if (evaluation) this.add('dynamic-code', line, evaluation);
      for (const read of envReadsOf(node, ancestors, aliases)) this.envRead(read, line);
      this.strings(node, line);
    });
  }

  private strings(node: AnyNode, line: number): void {
    if (node.type === 'Literal' && typeof node.value === 'string') {
      this.text(node.value, node.raw ?? '', line);
    } else if (node.type === 'TemplateLiteral') {
      const cooked = node.quasis.map((q) => q.value.cooked ?? '').join('*');
      for (const host of hostsIn(cooked)) this.host(host, line);
      node.quasis.forEach((q) => this.blob(q.value.cooked ?? '', q.value.raw, q.loc?.start.line ?? line));
    }
  }

  private text(value: string, raw: string, line: number): void {
    for (const host of hostsIn(value)) this.host(host, line);
    this.blob(value, raw, line);
  }

  private blob(value: string, raw: string, line: number): void {
    const why = blobIn(value) ?? escapesIn(raw);
    if (why) this.add('encoded-blob', line, `holds an encoded blob: ${why}`);
  }

  private host(host: string, line: number): void {
    this.hosts.add(host);
    if (hostCovered(host, this.permissions.network)) return;
    this.add('undeclared-host', line, `writes the host ${host}, not declared in permissions.network`);
  }

  private envRead(read: EnvRead, line: number): void {
    if (read.kind === 'all') {
      const message = 'reads the whole environment (process.env), not only declared variables';
      this.add('undeclared-env', line, message);
    } else if (read.kind === 'computed') {
      this.add('undeclared-env', line, 'reads an environment variable whose name is computed at run time');
    } else {
      this.env.add(read.name);
      if (this.permissions.env.includes(read.name)) return;
      const message = `reads the environment variable ${read.name}, not declared in permissions.env`;
      this.add('undeclared-env', line, message);
    }
  }

  /** The line-by-line read of a file acorn could not parse. */
  private readLine(text: string, line: number): void {
    if (/(?<![\w$.])eval\s*\(/.test(text)) this.add('dynamic-code', line, 'calls eval');
    if (/\bnew\s+Function\s*\(/.test(text))
      this.add('dynamic-code', line, 'builds a function from a string (new Function)');
    for (const match of text.matchAll(/\bprocess\.env\.([A-Za-z_$][\w$]*)/g))
      this.envRead({ kind: 'name', name: match[1] ?? '' }, line);
    for (const match of text.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g))
      this.text(match[2] ?? '', match[2] ?? '', line);
  }
}
