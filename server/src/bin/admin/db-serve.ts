// pkg-admin db serve [--port N] [--dir D]: the embedded store on its own, until stopped.
import path from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import { startEmbeddedStore } from '../../db/embedded/index.js';
import { parseOptions } from './output.js';

const optionsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(27017),
  dir: z.string().min(1).optional(),
  host: z.string().min(1).default('127.0.0.1'),
});

export function dbServeCommand(parent: Command): void {
  parent
    .command('serve')
    .description('run the embedded MongoDB-compatible store standalone and print its mongodb:// URI')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '27017')
    .option('--dir <path>', 'data directory (default: PKG_DATA_DIR or ./.pkg-data)')
    .option('--host <host>', 'interface to bind (loopback by default)', '127.0.0.1')
    .action(async (raw: unknown) => {
      const options = parseOptions(optionsSchema, raw);
      const dir = path.resolve(options.dir ?? loadConfig().PKG_DATA_DIR);
      const store = await startEmbeddedStore({ dir, port: options.port, host: options.host });
      process.stdout.write(`${store.uri}\n`);
      process.stderr.write(`embedded store serving ${dir}; stop with Ctrl-C\n`);
      const stop = () => {
        store.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
