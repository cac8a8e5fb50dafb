// `npm start`: build what is not built yet, then serve API and web app from one process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const root = new URL('..', import.meta.url).pathname;
const child = spawn(process.execPath, [...serverNodeFlags(), '--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  // Node keeps the compiled server bundle in DATA_DIR/compile-cache, so a start after the first
  // skips compiling the bundle's JavaScript again (a few hundred milliseconds on 2 cores).
  env: {
    NODE_ENV: 'production',
    NODE_COMPILE_CACHE: resolve(root, process.env.DATA_DIR ?? '.data', 'compile-cache'),
    ...process.env,
  },
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
