// Loaded with `node --import` in front of a built CLI (any build) running `pkg install`: marks
// the phases of an install from the outside, each with the wall time since node's clock origin
// and the CPU time of the process so far (process.cpuUsage(), every thread), and writes them to
// stderr at exit as one line, `pkg-install-phases <json>`. The marks: the bundle read (cli.js or
// install.js) and compiled through its code cache, its evaluation started, pkg-lock.json read,
// each request started, written and answered (the tRPC call, the download), the first file
// written into .pkg/tmp and the last, the first rename (the commit), the first output, exit.
// docs/performance.md, "Install from the lock, third pass: the client's start" gives the table
// built from the medians of these marks.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import vm from 'node:vm';

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const wall = {};
const cpu = {};
const at = (name) => {
  wall[name] = performance.now();
  cpu[name] = cpuNow();
};
const first = (name) => {
  if (!(name in wall)) at(name);
};
const BUNDLE = /[\\/](cli|install)\.js$/;
at('preload');

const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (typeof file === 'string' && BUNDLE.test(file)) first('bundleRead');
  if (typeof file === 'string' && file.endsWith('pkg-lock.json')) first('lockRead');
  return readFileSync.call(this, file, ...rest);
};
const writeFileSync = fs.writeFileSync;
fs.writeFileSync = function (file, ...rest) {
  const staged = typeof file === 'string' && file.includes(`${path.sep}.pkg${path.sep}tmp`);
  if (staged) first('stageStart');
  const result = writeFileSync.call(this, file, ...rest);
  if (staged) at('stageEnd');
  return result;
};
const renameSync = fs.renameSync;
fs.renameSync = function (...args) {
  first('commit');
  return renameSync.apply(this, args);
};
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(source, options) {
    const bundle = options && BUNDLE.test(String(options.filename));
    if (bundle) at('compileStart');
    super(source, options);
    if (bundle) at('compileEnd');
  }
};
const request = http.request;
http.request = function (...args) {
  const target = args[0] instanceof URL ? args[0].href : String(args[0]);
  const kind = target.includes('/trpc') ? 'trpc' : 'download';
  first('firstRequest');
  first(`${kind}Start`);
  const req = request.apply(this, args);
  req.once('finish', () => first(`${kind}Sent`));
  req.once('response', (res) => res.once('end', () => first(`${kind}End`)));
  return req;
};
const write = process.stdout.write;
process.stdout.write = function (...args) {
  first('output');
  return write.apply(this, args);
};
process.on('exit', () => {
  at('exit');
  process.stderr.write(
    `pkg-install-phases ${JSON.stringify({ origin: performance.timeOrigin, wall, cpu })}\n`,
  );
});
