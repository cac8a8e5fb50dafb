// Prints the time from `npm start` to the first 200 from /healthz, on a fresh and on an existing
// data directory, and the gzip size of the JavaScript the landing page loads.
// Targets: fresh data directory under 4 s, existing under 2 s; landing page JavaScript under 100 KB gzip.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const port = 3290;

async function timeStart(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'auto' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('server did not start within 120 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.on('exit', r));
    await portClosed();
  }
}

/**
 * npm exits before the server it started has closed its port; the next start must not be timed
 * against the old server's /healthz (that read as 0.1 s for a start on an existing directory).
 */
async function portClosed() {
  const since = performance.now();
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
    } catch {
      return;
    }
    if (performance.now() - since > 30_000) throw new Error(`port ${port} still answers 30 s after SIGTERM`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function landingJavaScript() {
  const html = readFileSync(join(root, 'apps/web/dist/site.html'), 'utf8');
  const entry = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set();
  const queue = [...entry];
  let raw = 0;
  let gz = 0;
  // Follow static imports of the entry chunks: what the browser loads before the page shows.
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(root, 'apps/web/dist', path));
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
    for (const m of code
      .toString()
      .matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w{},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(`/assets/${m[1]}`);
    }
  }
  return { files: seen.size, raw, gz };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pennant-bench-'));
try {
  // Build first so neither figure includes a build.
  await new Promise((resolve, reject) => {
    const b = spawn('node', ['-e', "import('./scripts/build-if-needed.mjs').then(m => m.buildIfNeeded())"], {
      cwd: root,
      stdio: 'inherit',
    });
    b.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))));
  });
  const fresh = await timeStart(dataDir);
  const existing = [];
  for (let i = 0; i < 3; i++) existing.push(await timeStart(dataDir));
  existing.sort((a, b) => a - b);
  const js = await landingJavaScript();
  console.log('Pennant start-up and landing page');
  console.log(`  start → first 200 /healthz, fresh data directory:    ${(fresh / 1000).toFixed(2)} s (target < 4 s)`);
  console.log(
    `  start → first 200 /healthz, existing data directory: ${(existing[1] / 1000).toFixed(2)} s (median of 3; target < 2 s)`,
  );
  console.log(
    `  landing page JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gz / 1024).toFixed(1)} KB gzip (target < 100 KB)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
