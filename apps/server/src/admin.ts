import { runAdminCommand, type TAdminCommand } from './admin.repo';
import { openDatabase } from './boot';
import { loadConfig } from './config';
import { lockOwner } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { callAdminBridge, commandMessage } from './modules/admin/admin-cli-bridge';
import { StartupError } from './startup-error';

const isCommand = (v: string | undefined): v is TAdminCommand => v === 'grant' || v === 'revoke';

/**
 * `npm run admin -- grant <email>` / `revoke <email>`: platform administrators. On the embedded
 * database while a server holds its data directory, the command goes to that server over its
 * loopback bridge (modules/admin/admin-cli-bridge.ts); otherwise the CLI opens the database itself.
 */
async function main(argv: string[]) {
  const [command, email] = argv;
  if (!isCommand(command) || !email) {
    process.stderr.write('Usage: npm run admin -- grant <email> | revoke <email>\n');
    return 2;
  }
  const config = loadConfig();
  const owner = config.databaseUrl ? null : lockOwner(config.dataDir);
  if (owner !== null) {
    const reply = await callAdminBridge(config.dataDir, command, email.trim().toLowerCase());
    (reply.ok ? process.stdout : process.stderr).write(`${reply.message}\n`);
    return reply.ok ? 0 : 1;
  }
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const { found } = await runAdminCommand(database.db, command, email, { ip: null, userAgent: 'npm run admin' });
    (found ? process.stdout : process.stderr).write(`${commandMessage(command, email.trim().toLowerCase(), found)}\n`);
    return found ? 0 : 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
}
