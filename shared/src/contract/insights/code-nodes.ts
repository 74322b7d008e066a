// The syntax the static look recognises (docs/browsing.md, "Findings"), node by node: dynamic
// code evaluation (eval, Function, the vm module, import() or require() of a computed name, a
// string of code handed to a timer) and reads of the environment (process.env.X,
// process.env['X'], destructuring, the whole object). Used by ./scan-tool-code.ts.
import type { AnyNode, Expression, MemberExpression, Pattern, Program, Super } from 'acorn';
import { simple } from 'acorn-walk';

/** A read of the environment: one variable by name, one chosen at run time, or all of it. */
export type EnvRead = { kind: 'name'; name: string } | { kind: 'computed' } | { kind: 'all' };

const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);
const VM_MODULES = new Set(['vm', 'node:vm']);
const PROCESS_MODULES = new Set(['process', 'node:process']);
const TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate']);

function isIdentifier(node: AnyNode | Expression | Super, name?: string): boolean {
  return node.type === 'Identifier' && (name === undefined || node.name === name);
}

/** The member's property name when it is written in the code (`a.b`, `a['b']`). */
function propertyName(node: MemberExpression): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

function isProcess(node: Expression | Super): boolean {
  if (isIdentifier(node, 'process')) return true;
  return (
    node.type === 'MemberExpression' &&
    propertyName(node) === 'process' &&
    node.object.type === 'Identifier' &&
    GLOBAL_OBJECTS.has(node.object.name)
  );
}

/** `process.env`, `globalThis.process.env`, or a name bound to it. */
function isEnvObject(node: AnyNode | Expression | Super, aliases: ReadonlySet<string>): boolean {
  if (node.type === 'Identifier') return aliases.has(node.name);
  return node.type === 'MemberExpression' && propertyName(node) === 'env' && isProcess(node.object);
}

/** The names bound to the environment object: `const env = process.env`, `import { env } from 'node:process'`. */
export function envAliases(program: Program): Set<string> {
  const aliases = new Set<string>();
  simple(program, {
    VariableDeclarator(node) {
      if (node.id.type === 'Identifier' && node.init && isEnvObject(node.init, new Set()))
        aliases.add(node.id.name);
    },
    ImportDeclaration(node) {
      if (!PROCESS_MODULES.has(String(node.source.value))) return;
      for (const s of node.specifiers) {
        if (s.type === 'ImportSpecifier' && s.imported.type === 'Identifier' && s.imported.name === 'env') {
          aliases.add(s.local.name);
        }
      }
    },
  });
  return aliases;
}

function patternReads(pattern: Pattern): EnvRead[] {
  if (pattern.type !== 'ObjectPattern') return [{ kind: 'all' }];
  return pattern.properties.map((p): EnvRead => {
    if (p.type === 'RestElement') return { kind: 'all' };
    if (!p.computed && p.key.type === 'Identifier') return { kind: 'name', name: p.key.name };
    if (p.key.type === 'Literal' && typeof p.key.value === 'string')
      return { kind: 'name', name: p.key.value };
    return { kind: 'computed' };
  });
}

/** The environment reads this node makes (`ancestors` ends with the node itself). */
export function envReadsOf(
  node: AnyNode,
  ancestors: readonly AnyNode[],
  aliases: ReadonlySet<string>,
): EnvRead[] {
  if (node.type === 'MemberExpression' && isEnvObject(node.object, aliases)) {
    const name = propertyName(node);
    return [name === undefined ? { kind: 'computed' } : { kind: 'name', name }];
  }
  if (node.type === 'VariableDeclarator' && node.init && isEnvObject(node.init, aliases)) {
    return node.id.type === 'Identifier' ? [] : patternReads(node.id);
  }
  if (
    node.type === 'AssignmentExpression' &&
    isEnvObject(node.right, aliases) &&
    node.left.type === 'ObjectPattern'
  ) {
    return patternReads(node.left);
  }
  if (node.type !== 'MemberExpression' || !isEnvObject(node, new Set())) return [];
  const parent = ancestors[ancestors.length - 2];
  if (parent?.type === 'MemberExpression' && parent.object === node) return [];
  if (parent?.type === 'VariableDeclarator' && parent.init === node) return [];
  if (
    parent?.type === 'AssignmentExpression' &&
    parent.right === node &&
    parent.left.type === 'ObjectPattern'
  )
    return [];
  return [{ kind: 'all' }];
}

function isStaticString(node: AnyNode | Expression): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  return node.type === 'TemplateLiteral' && node.expressions.length === 0;
}

function staticString(node: AnyNode | Expression): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function loadedModule(specifier: AnyNode | Expression, how: 'imports' | 'requires'): string | undefined {
  const name = staticString(specifier);
  if (name === undefined) return `${how} a module whose name is computed at run time`;
  return VM_MODULES.has(name) ? `${how} the vm module` : undefined;
}

function callEvaluation(callee: Expression | Super, args: readonly AnyNode[]): string | undefined {
  if (isIdentifier(callee, 'eval')) return 'calls eval';
  if (isIdentifier(callee, 'Function')) return 'builds a function from a string (Function)';
  if (callee.type === 'MemberExpression' && propertyName(callee) === 'eval') {
    if (callee.object.type === 'Identifier' && GLOBAL_OBJECTS.has(callee.object.name)) return 'calls eval';
  }
  const first = args[0];
  if (callee.type !== 'Identifier' || !first || first.type === 'SpreadElement') return undefined;
  if (TIMERS.has(callee.name) && isStaticString(first)) return `hands a string of code to ${callee.name}`;
  if (callee.name === 'require') return loadedModule(first, 'requires');
  return undefined;
}

/** What dynamic evaluation of code the node does, as a finding's message, if any. */
export function evaluationOf(node: AnyNode): string | undefined {
  switch (node.type) {
    case 'CallExpression':
      return callEvaluation(node.callee, node.arguments);
    case 'NewExpression':
      return isIdentifier(node.callee, 'Function')
        ? 'builds a function from a string (new Function)'
        : undefined;
    case 'ImportExpression':
      return loadedModule(node.source, 'imports');
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
      return VM_MODULES.has(String(node.source.value)) ? 'imports the vm module' : undefined;
    default:
      return undefined;
  }
}
