import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { boot, shutdown } from './boot';
import { hasDevMailbox, loadConfig, type TConfig } from './config';
import type { TDeps } from './deps';
import { createServerLogger, type Logger } from './logger';
import { demoSignIn, seedDemoIfEmpty } from './seed/demo';
import { StartupError } from './startup-error';

const say = (line = '') => process.stdout.write(`${line}\n`);

/** A start-up problem the operator can fix is one line on stderr and exit code 1. */
function failStart(err: unknown, log?: Logger): never {
  if (err instanceof StartupError) {
    process.stderr.write(`\nPennant could not start: ${err.message}\n\n`);
  } else {
    log?.fatal({ err }, 'start failed');
    process.stderr.write(`\nPennant could not start: ${err instanceof Error ? err.message : String(err)}\n\n`);
  }
  process.exit(1);
}

let config: TConfig;
try {
  config = loadConfig();
} catch (err) {
  failStart(err);
}
const { log, logFile } = createServerLogger(config);

let deps: TDeps;
try {
  deps = await boot(config, log);
} catch (err) {
  failStart(err, log);
}

if (deps.mailer.transport === 'outbox' && !config.localMode) {
  const warning =
    'No SMTP_URL or POSTMARK_TOKEN is set: outgoing mail is NOT delivered, only written to the outbox folder in DATA_DIR.';
  log.warn(warning);
  process.stderr.write(`Warning: ${warning}\n`);
}

let ready = false;
const app = createApp(deps, { isReady: () => ready });

async function announce(): Promise<void> {
  say();
  say(`  Pennant is running at ${config.publicUrl}`);
  if (hasDevMailbox(config)) say(`  Outgoing mail is kept at ${config.publicUrl}/dev/mailbox`);
  if (logFile) say(`  Server log: ${logFile}`);
  if (config.seedDemo) {
    // Seeding after listening keeps the first start quick; the seed is one transaction per part.
    try {
      await seedDemoIfEmpty(deps);
      const demo = await demoSignIn(deps);
      if (demo) {
        say();
        say(`  Demo organization "${demo.orgName}". Sign in with:`);
        say(`    e-mail:   ${demo.email}`);
        say(`    password: ${demo.password}`);
        say(`  A teammate (treasurer): ${demo.teammate.email} / ${demo.teammate.password}`);
        if (demo.admin) {
          say(`  The platform admin console (${config.publicUrl}/admin): ${demo.admin.email} / ${demo.admin.password}`);
        }
      }
    } catch (err) {
      log.error({ err }, 'demo seed failed');
      say('  The demo organization could not be created; see the server log.');
    }
  }
  say();
}

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  ready = true;
  log.info({ port: info.port, host: config.host }, 'Pennant is listening');
  void announce();
});
// Idle keep-alive sockets are closed after 65 s, longer than the clients and load balancers in front
// keep theirs (60 s is the common default): with Node's 5 s a client that reuses an idle socket just
// as the server closes it gets ECONNRESET (seen as a flaky e2e request).
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
server.on('error', (err: NodeJS.ErrnoException) => {
  const message =
    err.code === 'EADDRINUSE'
      ? `port ${config.port} on ${config.host} is already in use. Stop the other program or set PORT.`
      : err.message;
  failStart(new StartupError(message), log);
});

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
