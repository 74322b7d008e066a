// Child process of in-process-crash.test.ts: imports the (transpiled) embedded store module given
// on the command line, starts it on a data directory, prints `READY <uri>`, then runs a publish's
// writes through the store's in-process `run`, over and over until the parent kills it: for each
// operation n, the chunk, the file document (then a read of it, unjournaled, as the read-back),
// the version and the log entry written journaled later, then the summary journaled; `ACK n`
// once the summary's write is answered (a publish's acknowledgement).
import { pathToFileURL } from 'node:url';

const [modulePath, dir] = process.argv.slice(2);
if (!modulePath || !dir) {
  console.error('usage: in-process-child.mjs <store index.js> <data dir>');
  process.exit(2);
}
const { startEmbeddedStore } = await import(pathToFileURL(modulePath).href);
const store = await startEmbeddedStore({ dir });
process.stdout.write(`READY ${store.uri}\n`);

const STEPS = ['chunks', 'files', 'versions', 'log', 'summary'];
const later = { writeConcern: { j: false } };
const check = (reply) => {
  if (reply.ok !== 1 || reply.writeErrors) {
    console.error(JSON.stringify(reply));
    process.exit(1);
  }
  return reply;
};
for (let n = 0; ; n++) {
  for (const [k, step] of STEPS.entries()) {
    const journaled = k === STEPS.length - 1;
    const body = 'b'.repeat(300);
    check(
      await store.run('steps', { insert: step, documents: [{ _id: n, body }], ...(journaled ? {} : later) }),
    );
    if (step === 'files') {
      const read = check(
        await store.run('steps', { find: 'files', filter: { _id: n }, readConcern: { level: 'local' } }),
      );
      if (read.cursor.firstBatch.length !== 1) {
        console.error(`file ${n} not read back`);
        process.exit(1);
      }
    }
  }
  process.stdout.write(`ACK ${n}\n`);
}
