// pkg-admin db copy --to <mongodb-uri> [--replace]: copies the store in use (every collection with
// its indexes, every GridFS file) into the database the URI names (its path, else `pkg`), then
// verifies it (docs/operator.md, "Moving to MongoDB (replica set or Atlas)"). A target holding
// documents is refused unless --replace; the URI's credentials are never printed.
import type { Command } from 'commander';
import { MongoClient } from 'mongodb';
import { z } from 'zod';
import { MongoUriError, parseMongoUri, type MongoUri } from '../../db/mongodb-uri.js';
import { runCopy, storeLabel } from './copy-report.js';
import { withAdminStore } from './open-admin-deps.js';
import { parseOptions } from './output.js';

const optionsSchema = z.object({
  to: z.string().transform((uri, ctx): MongoUri => {
    try {
      return parseMongoUri(uri);
    } catch (error) {
      if (!(error instanceof MongoUriError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.reason });
      return z.NEVER;
    }
  }),
  replace: z.boolean().default(false),
  json: z.boolean().optional(),
});

export function dbCopyCommand(parent: Command): void {
  parent
    .command('copy')
    .description('copy the store in use (collections, indexes, artifacts) to a MongoDB and verify it')
    .requiredOption(
      '--to <mongodb-uri>',
      'the target: mongodb:// or mongodb+srv:// (database: its path, else pkg)',
    )
    .option(
      '--replace',
      "drop the target database's collections first instead of refusing a non-empty target",
    )
    .option('--json', 'print JSON')
    .action(async (raw: unknown) => {
      const options = parseOptions(optionsSchema, raw);
      await withAdminStore(async ({ connection, store }) => {
        if (!connection.db) throw new Error('the database connection is not open');
        const client = await MongoClient.connect(options.to.uri, { serverSelectionTimeoutMS: 10_000 });
        try {
          await runCopy(
            {
              source: connection.db,
              target: client.db(options.to.database),
              from: storeLabel(store),
              to: `${options.to.displayUri} (database ${options.to.database})`,
              replace: options.replace,
            },
            options,
          );
        } finally {
          await client.close();
        }
      });
    });
}
