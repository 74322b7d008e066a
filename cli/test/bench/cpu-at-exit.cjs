// Loaded with `node --require` in front of a built CLI by install.bench.ts: at exit, writes the
// process's CPU time so far (user + system, every thread, process.cpuUsage()) to stderr as
// `pkg-bench-cpu <ms>`, for any build (a baseline's too), without a flag of the CLI's own.
'use strict';
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`pkg-bench-cpu ${((user + system) / 1000).toFixed(2)}\n`);
});
