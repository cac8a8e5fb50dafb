import { serve } from '@hono/node-server';
import { createApp } from './app';
import { boot, shutdown } from './boot';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
const log = createLogger(config.logLevel);
let ready = false;

const deps = await boot(config, log);
const app = createApp(deps, { isReady: () => ready });
const server = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' }, (info) => {
  ready = true;
  log.info({ port: info.port }, 'Pennant is listening');
  process.stdout.write(`\n  Pennant is running at ${config.publicUrl ?? `http://localhost:${info.port}`}\n`);
  if (deps.mailer.transport === 'outbox') {
    process.stdout.write(
      `  Outgoing mail is kept at ${config.publicUrl ?? `http://localhost:${info.port}`}/dev/mailbox\n`,
    );
  }
});

// Seeding after listening keeps the first start quick; the seed is one transaction per part.
if (config.seedDemo) {
  seedDemoIfEmpty(deps)
    .then((demo) => {
      if (demo) {
        process.stdout.write(`\n  Demo organization "${demo.orgName}" is ready. Sign in with:\n`);
        process.stdout.write(`    e-mail:   ${demo.email}\n    password: ${demo.password}\n`);
        process.stdout.write(`  A teammate (treasurer): ${demo.teammate.email} / ${demo.teammate.password}\n\n`);
      }
    })
    .catch((err: unknown) => log.error({ err }, 'demo seed failed'));
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  ready = false;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  server.close();
  await shutdown(deps).catch((err: unknown) => log.error({ err }, 'shutdown error'));
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
