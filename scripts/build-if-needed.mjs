// Builds the web app and the server when their output is missing or older than their sources.
// The bundlers' output goes to a log file, so a newcomer's `npm start` stays short and quiet.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(join(root, s)) > built);
}

function run(label, workspace, logFile) {
  const started = Date.now();
  process.stdout.write(`  Building ${label}... `);
  const fd = openSync(logFile, 'a');
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (result.status !== 0) {
    process.stdout.write('failed.\n\n');
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    process.stderr.write(`${lines.slice(-30).join('\n')}\n\nThe whole build log is in ${logFile}\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

export function buildIfNeeded() {
  const dataDir = resolve(root, process.env.DATA_DIR || '.data');
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(dataDir, 'build.log');
  if (stale(join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/shared/src'])) {
    run('the web app', '@pennant/web', logFile);
  }
  if (stale(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/shared/src'])) {
    run('the server', '@pennant/server', logFile);
  }
}
