// pkg-admin namespace reserve <ns>: publishes into the namespace are then refused with
// 403 NAMESPACE_RESERVED (the document is created when the namespace does not exist yet).
import type { Command } from 'commander';
import { reserveNamespace } from '../../services/registry/admin-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

export function namespaceReserveCommand(namespace: Command): void {
  namespace
    .command('reserve')
    .description('reserve a namespace: every publish into it is refused')
    .argument('<namespace>', 'the namespace')
    .option('--json', 'print JSON')
    .action(async (name: string, options: OutputOptions) => {
      const result = await withAdminDeps(({ deps }) => reserveNamespace(deps.registry, name));
      const owner = result.owner ? ` (owner ${result.owner} keeps its packages)` : '';
      const line = result.changed
        ? `namespace ${result.namespace} is now reserved${owner}`
        : `namespace ${result.namespace} was already reserved`;
      print(options, line, result);
    });
}
