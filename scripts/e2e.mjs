// `npm run e2e`: the Playwright journeys against the built app. Without any Chromium the run is
// skipped with a message, unless CI is set, where a missing browser is an error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = new URL('..', import.meta.url).pathname;
const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
let found = candidates.some((c) => c && existsSync(c));
if (!found) {
  const { chromium } = await import('@playwright/test');
  try {
    found = existsSync(chromium.executablePath());
  } catch {
    found = false;
  }
}
if (!found) {
  const msg =
    'No Chromium found (set CHROMIUM_PATH, install Debian chromium, or run `npx playwright install chromium`).';
  if (process.env.CI) {
    console.error(`E2E: ${msg}`);
    process.exit(1);
  }
  console.log(`E2E skipped: ${msg}`);
  process.exit(0);
}
buildIfNeeded();
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
