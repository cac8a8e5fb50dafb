// `npm run typecheck`: every TypeScript project checked by tsc, as many at once as the machine has
// cores. One after another the five took 93 s in CI on 2 cores; each is one single-threaded tsc.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// The largest first, so the short ones fill in behind them.
const PROJECTS = ['apps/server', 'apps/web', 'bench', 'packages/shared', 'e2e'];
const root = new URL('..', import.meta.url).pathname;
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

/** Runs tsc on one project; its output is printed whole when it ends, so projects never interleave. */
function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const workers = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
});
const results = await Promise.all(workers);
process.exit(results.every(Boolean) ? 0 : 1);
