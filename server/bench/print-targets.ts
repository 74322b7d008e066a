// The last step of `npm run bench`: every target the benches recorded (targets.ts), one table,
// with a count of PASS. Usage: node dist-bench/bench/print-targets.js <file>
import { readTargets } from './targets.js';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: print-targets <file written by the benches (PKG_BENCH_TARGETS)>\n');
  process.exit(2);
}
const rows = readTargets(file);
process.stdout.write('\nEvery target of `npm run bench`\n');
if (rows.length === 0) {
  process.stdout.write('(no bench recorded a target: did a bench fail before its report?)\n');
  process.exit(1);
}
console.table(
  rows.map((r) => ({
    measure: r.measure,
    measured: r.measured,
    target: r.target,
    result: r.pass ? 'PASS' : 'FAIL',
    bench: r.bench,
  })),
);
const passed = rows.filter((r) => r.pass).length;
process.stdout.write(`${passed} of ${rows.length} targets PASS\n`);
