import { findUserIdByEmail, grantPlatformAdmin, revokePlatformAdmin } from './admin.repo';
import { openDatabase } from './boot';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { StartupError } from './startup-error';

/** `npm run admin -- grant <email>` / `revoke <email>`: platform administrators. */
async function main(argv: string[]) {
  const [command, email] = argv;
  if (!command || !['grant', 'revoke'].includes(command) || !email) {
    process.stderr.write('Usage: npm run admin -- grant <email> | revoke <email>\n');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const userId = await findUserIdByEmail(database.db, email);
    if (!userId) {
      process.stderr.write(`No account with the e-mail ${email}. Sign up first.\n`);
      return 1;
    }
    if (command === 'grant') {
      await grantPlatformAdmin(database.db, userId);
      process.stdout.write(`${email} is now a platform administrator.\n`);
    } else {
      await revokePlatformAdmin(database.db, userId);
      process.stdout.write(`${email} is no longer a platform administrator.\n`);
    }
    return 0;
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
