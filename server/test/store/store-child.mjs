// Child process for the crash tests: imports the (transpiled) embedded store module given on the
// command line, starts it on a data directory and prints `READY <uri>`; it then runs until the
// parent kills it (SIGKILL to simulate a crash, SIGTERM for a clean close).
import { pathToFileURL } from 'node:url';

const [modulePath, dir, optionsJson] = process.argv.slice(2);
if (!modulePath || !dir) {
  console.error('usage: store-child.mjs <store index.js> <data dir> [options json]');
  process.exit(2);
}
const { startEmbeddedStore } = await import(pathToFileURL(modulePath).href);
const store = await startEmbeddedStore({ dir, ...JSON.parse(optionsJson ?? '{}') });
process.stdout.write(`READY ${store.uri}\n`);
process.on('SIGTERM', () => {
  store.close().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
});
