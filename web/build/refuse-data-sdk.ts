// The SPA's build refuses the Node side of @pkg/shared (docs/architecture.md): the data SDK
// (shared/src/data/ and its entry @pkg/shared/data: providers, the capability router, the guarded
// fetch, the caches) and the Node index (@pkg/shared). A module of either that would enter the
// browser bundle stops the build with the importer's name. The lint rule on web/src/ says the same
// earlier; this catches what a lint rule cannot see (a dynamic import, an alias, a side door
// through a file outside web/src/). The website imports @pkg/shared/contract instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The start of every refusal, for the reader of a failed build and for its test. */
export const REFUSAL =
  "The Node side of @pkg/shared (the data SDK, the Node index) cannot enter the website's bundle";

const SHARED = fileURLToPath(new URL('../../shared/', import.meta.url));
/** Shared's entries the SPA may import: the browser-safe contract and the error table. */
const BROWSER_ENTRIES = new Set(['@pkg/shared/contract', '@pkg/shared/errors']);

/** The absolute path of the SDK's folders and entry files and of the Node index, in source and built. */
function isNodeSharedFile(file: string): boolean {
  const rel = path.relative(SHARED, file).split(path.sep).join('/');
  if (rel.startsWith('../') || path.isAbsolute(rel)) return false;
  return /^(src|dist)\/(data\/|data\.(ts|js)$|index\.(ts|js)$)/.test(rel);
}

function refusal(what: string, importer: string | undefined): string {
  const by = importer ? `${path.relative(process.cwd(), importer)} imports ${what}` : `${what} is imported`;
  return `${REFUSAL}: ${by}. The website imports shared's browser-safe contract only (@pkg/shared/contract); the data SDK and the Node index of @pkg/shared are for Node (docs/architecture.md).`;
}

export function refuseDataSdk(): Plugin {
  return {
    name: 'pkg:refuse-data-sdk',
    enforce: 'pre',
    resolveId(source, importer) {
      if (/^@pkg\/shared(\/|$)/.test(source)) {
        if (!BROWSER_ENTRIES.has(source)) this.error(refusal(source, importer));
        return null;
      }
      const target =
        path.isAbsolute(source) || !importer || !source.startsWith('.')
          ? source
          : path.resolve(path.dirname(importer), source);
      if (path.isAbsolute(target) && isNodeSharedFile(target.split('?')[0] ?? target)) {
        this.error(refusal(source, importer));
      }
      return null;
    },
    load(id) {
      // The safety net: whatever resolved the module (an alias, another plugin), its file decides.
      const file = id.split('?')[0] ?? id;
      if (isNodeSharedFile(file)) {
        const importer = this.getModuleInfo(id)?.importers[0];
        this.error(refusal(path.relative(process.cwd(), file), importer));
      }
      return null;
    },
  };
}
