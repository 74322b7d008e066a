// The MCP name of a package's tool (docs/sandbox.md, "The MCP skills server"): MCP clients and
// the model APIs behind them accept tool names of [A-Za-z0-9_-], at most 64 characters. The name
// is `<namespace>__<name>__<tool>` when that fits as it is; a package name with a dot or a double
// underscore, or a name past 64 characters, is cut to 55 characters and given `_` and the first
// 8 hex digits of the SHA-256 of `@<namespace>/<name>/<tool>`, so that it stays unique. The plain
// form cannot collide with another plain form (a namespace holds no `_`, a tool starts with a
// letter); a collision left (a hashed name meeting another) is reported and the later tool left out.
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_DIGITS = 8;

export interface ToolRef {
  /** `@<namespace>/<name>`. */
  id: string;
  namespace: string;
  name: string;
  tool: string;
}

export function mcpToolName(ref: Omit<ToolRef, 'id'>): string {
  const plain = `${ref.namespace}__${ref.name}__${ref.tool}`;
  const faithful = /^[A-Za-z0-9_-]+$/.test(plain) && !ref.name.includes('__');
  if (faithful && plain.length <= MAX_TOOL_NAME_LENGTH) return plain;
  const hash = createHash('sha256')
    .update(`@${ref.namespace}/${ref.name}/${ref.tool}`)
    .digest('hex')
    .slice(0, HASH_DIGITS);
  const prefix = plain.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_TOOL_NAME_LENGTH - HASH_DIGITS - 1);
  return `${prefix}_${hash}`;
}

/** Each tool's MCP name, in the order given; a tool whose name is taken is reported and left out. */
export function assignToolNames<T extends ToolRef>(
  refs: readonly T[],
  report: (message: string) => void,
): Map<string, T> {
  const named = new Map<string, T>();
  for (const ref of refs) {
    const name = mcpToolName(ref);
    const taken = named.get(name);
    if (taken) {
      report(
        `the MCP name ${name} of ${ref.id} tool ${ref.tool} is already the name of ${taken.id} tool ${taken.tool}; ${ref.id} tool ${ref.tool} is not served`,
      );
      continue;
    }
    named.set(name, ref);
  }
  return named;
}
