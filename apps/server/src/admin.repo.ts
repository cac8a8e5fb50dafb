import { eq } from 'drizzle-orm';
import type { TDb } from './db/client';
import { appAdmins, users } from './db/schema/auth';
import { insertAudit } from './modules/admin/audit.repo';

export type TAdminCommand = 'grant' | 'revoke';

/**
 * `npm run admin -- grant|revoke <email>` in one transaction. A grant writes its audit row
 * (add_admin, with no admin account: the operator at the server's console, `via: npm run admin`);
 * the spec's log has no action for a revoke, so a revoke writes none. Runs as the connecting user,
 * from the CLI itself or from the running server's loopback bridge (modules/admin/admin-cli-bridge.ts).
 */
export async function runAdminCommand(
  db: TDb,
  command: TAdminCommand,
  email: string,
  client: { ip: string | null; userAgent: string | null },
): Promise<{ found: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!user) return { found: false };
    if (command === 'revoke') {
      await tx.delete(appAdmins).where(eq(appAdmins.userId, user.id));
      return { found: true };
    }
    await tx.insert(appAdmins).values({ userId: user.id }).onConflictDoNothing();
    await insertAudit(tx, {
      adminId: null,
      adminEmail: null,
      action: 'add_admin',
      targetUserId: user.id,
      targetUserEmail: user.email,
      details: { via: 'npm run admin' },
      ipAddress: client.ip,
      userAgent: client.userAgent,
    });
    return { found: true };
  });
}
