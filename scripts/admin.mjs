// `npm run admin -- grant <email>`: runs the built admin command (building it first if needed).
import { spawnSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const result = spawnSync(process.execPath, ['apps/server/dist/admin.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url).pathname,
});
process.exit(result.status ?? 1);
