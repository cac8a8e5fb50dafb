// Builds the web app and the server when their output is missing or older than their sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

export function buildIfNeeded() {
  if (stale(join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/shared/src'])) {
    console.log('Building the web app...');
    execSync('npm run build -w @pennant/web', { cwd: root, stdio: 'inherit' });
  }
  if (stale(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/shared/src'])) {
    console.log('Building the server...');
    execSync('npm run build -w @pennant/server', { cwd: root, stdio: 'inherit' });
  }
}
