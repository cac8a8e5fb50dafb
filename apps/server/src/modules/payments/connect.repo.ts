import { z } from 'zod';
import { preparedRows, rows, sql, type TTx, ZRowId } from '../../db/client';

/** The organization's connected-account fields (spec 000 §3). */
const ZConnectRow = z.object({
  id: z.string(),
  stripe_connected_account_id: z.string().nullable(),
  stripe_account_enabled: z.boolean(),
  stripe_onboarding_complete: z.boolean(),
  stripe_charges_enabled: z.boolean(),
  stripe_payouts_enabled: z.boolean(),
  stripe_requirements: z.unknown(),
});
export type TConnectRow = z.output<typeof ZConnectRow>;

const CONNECT_COLUMNS = sql`id, stripe_connected_account_id, stripe_account_enabled, stripe_onboarding_complete,
  stripe_charges_enabled, stripe_payouts_enabled, stripe_requirements`;

export async function findConnectState(tx: TTx, orgId: string): Promise<TConnectRow | null> {
  const [row] = await preparedRows(
    tx,
    ZConnectRow,
    sql`SELECT ${CONNECT_COLUMNS} FROM organization WHERE id = ${orgId}`,
  );
  return row ?? null;
}

/** The organization whose connected account this is (platform: a webhook names only the account). */
export async function findConnectStateByAccount(tx: TTx, accountId: string): Promise<TConnectRow | null> {
  const [row] = await preparedRows(
    tx,
    ZConnectRow,
    sql`SELECT ${CONNECT_COLUMNS} FROM organization WHERE stripe_connected_account_id = ${accountId}
        ORDER BY created_at LIMIT 1`,
  );
  return row ?? null;
}

/**
 * Remembers a new connected account, only when the organization has none: two set-up clicks racing
 * each other keep the first account. True when this one was stored.
 */
export async function claimConnectedAccount(tx: TTx, orgId: string, accountId: string): Promise<boolean> {
  const claimed = await rows(
    tx,
    ZRowId,
    sql`UPDATE organization SET stripe_connected_account_id = ${accountId}, updated_at = now()
        WHERE id = ${orgId} AND stripe_connected_account_id IS NULL
        RETURNING id`,
  );
  return claimed.length > 0;
}

export interface TConnectWrite {
  accountEnabled: boolean;
  onboardingComplete: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: { disabledReason: string | null; currentlyDue: string[]; pendingVerification: string[] };
}

/**
 * Writes what the provider says of the account, while the organization still has that account (a
 * reset in between is not undone by a late event) and only when something differs, so a repeated
 * event stays quiet. True when it changed.
 */
export async function writeConnectFields(
  tx: TTx,
  orgId: string,
  accountId: string,
  fields: TConnectWrite,
): Promise<boolean> {
  const requirements = JSON.stringify(fields.requirements);
  const changed = await rows(
    tx,
    ZRowId,
    sql`UPDATE organization
        SET stripe_account_enabled = ${fields.accountEnabled},
            stripe_onboarding_complete = ${fields.onboardingComplete},
            stripe_charges_enabled = ${fields.chargesEnabled},
            stripe_payouts_enabled = ${fields.payoutsEnabled},
            stripe_requirements = ${requirements}::jsonb,
            updated_at = now()
        WHERE id = ${orgId} AND stripe_connected_account_id = ${accountId}
          AND (stripe_account_enabled IS DISTINCT FROM ${fields.accountEnabled}
            OR stripe_onboarding_complete IS DISTINCT FROM ${fields.onboardingComplete}
            OR stripe_charges_enabled IS DISTINCT FROM ${fields.chargesEnabled}
            OR stripe_payouts_enabled IS DISTINCT FROM ${fields.payoutsEnabled}
            OR stripe_requirements IS DISTINCT FROM ${requirements}::jsonb)
        RETURNING id`,
  );
  return changed.length > 0;
}

const ZRowStripeConnectedAccountId = z.object({ stripe_connected_account_id: z.string().nullable() });

/** Forgets the connected account; answers the one it had (null when none). */
export async function clearConnectedAccount(tx: TTx, orgId: string): Promise<string | null> {
  const [before] = await rows(
    tx,
    ZRowStripeConnectedAccountId,
    sql`SELECT stripe_connected_account_id FROM organization WHERE id = ${orgId} FOR UPDATE`,
  );
  await tx.execute(
    sql`UPDATE organization
        SET stripe_connected_account_id = NULL, stripe_account_enabled = false, stripe_onboarding_complete = false,
            stripe_charges_enabled = false, stripe_payouts_enabled = false, stripe_requirements = NULL,
            default_payment_method = 'manual', updated_at = now()
        WHERE id = ${orgId}`,
  );
  return before?.stripe_connected_account_id ?? null;
}
