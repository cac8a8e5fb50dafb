// `npm run dev`: the API with reload on port API_PORT (3001) and Vite with hot reload on PORT (3000).
import { spawn } from 'node:child_process';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      // tsx passes NODE_OPTIONS on to the server process it watches.
      NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...serverNodeFlags()].join(' ').trim(),
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], {
    cwd: `${root}apps/web`,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => (code ? process.exit(code) : undefined));
