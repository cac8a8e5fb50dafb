import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import {
  DEFAULT_REMINDER_SCHEDULE,
  FUNDRAISING_LIMITS,
  FUNDRAISING_MESSAGES,
  type TAddContactsResult,
  type TCampaignContactList,
  type TCampaignDetail,
  type TCampaignInput,
  type TCampaignList,
  type TCampaignSaved,
  type ZAddContactsInput,
  type ZCampaignContactsQuery,
  type ZCampaignListQuery,
  ZReminderSchedule,
  type ZTemplateInput,
} from '@pennant/shared/fundraising/schemas';
import { planAllows } from '@pennant/shared/organization/plans';
import { isValid, parseISO } from 'date-fns';
import type { z } from 'zod';
import type { TTx } from '../../db/client';
import { isoInstant } from '../../db/instant';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { saveTemplate } from './campaign-launch.repo';
import { campaignNotFound, isId, publishFundraising, requireCampaignRight } from './campaigns.common';
import {
  campaignIsLive,
  campaignPlayerIds,
  countCampaigns,
  countDetailContacts,
  deleteCampaignContacts,
  deletePlayers,
  findCampaignDetail,
  findPaymentAccount,
  insertCampaign,
  insertCampaignContacts,
  insertPlayers,
  listCampaigns as listCampaignRows,
  listContactsForSync,
  listDetailContacts,
  listPlayersForSync,
  lockCampaign,
  renamePlayers,
  setContactPlayers,
  softDeleteCampaign,
  type TCampaignValues,
  touchCampaign,
  updateCampaign as updateCampaignRow,
  upsertContacts,
} from './campaigns.repo';

/*
 * Campaigns (spec 002 §2.1, §2.2, §2.4, §3, §4.1, §5.1, §5.4, §7.1, §7.2, §7.5, §8.1): the list, the
 * save (create as draft; edit with the type fixed and the status kept), the detail, the soft
 * delete, contacts added to an existing campaign and the template. Writes publish 'fundraising'
 * after commit.
 */

const M = FUNDRAISING_MESSAGES;
const fieldError = (field: string, message: string) => new AppError('validation_failed', message, { [field]: message });

/** A real calendar day (not 2026-02-30, which the schema's YYYY-MM-DD pattern lets through). */
const isDay = (v: string) => isValid(parseISO(v));

// ---------------------------------------------------------------------------------------------
// The list and the detail
// ---------------------------------------------------------------------------------------------

/** The whole campaign's goal: per player × players for player campaigns (§2.4 'Goal per Player'). */
export function totalGoalCents(type: 'player' | 'alumni', goalCents: number | null, players: number): number | null {
  if (goalCents === null) return null;
  return type === 'player' ? goalCents * players : goalCents;
}

/**
 * One page of the organization's campaigns, not deleted, newest first, with their raised totals
 * and counts (§2.1), and how many there are in all.
 */
export async function listCampaigns(
  deps: TDeps,
  member: TMember,
  query: z.output<typeof ZCampaignListQuery>,
): Promise<TCampaignList> {
  const pageSize = FUNDRAISING_LIMITS.campaignsPageSize;
  const { page } = query;
  const { found, total } = await readTenant(deps.db, member, async (tx) => {
    const found = await listCampaignRows(tx, member.orgId, { limit: pageSize, offset: (page - 1) * pageSize });
    // The count rides on each row; a page past the last has none to carry it.
    return { found, total: found[0]?.total ?? (page > 1 ? await countCampaigns(tx, member.orgId) : 0) };
  });
  return {
    total,
    page,
    pageSize,
    campaigns: found.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      campaignType: r.campaign_type,
      goalCents: r.goal_cents,
      totalGoalCents: totalGoalCents(r.campaign_type, r.goal_cents, r.player_count),
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      raisedCents: r.raised_cents,
      playerCount: r.player_count,
      contactCount: r.contact_count,
      unsentCount: r.unsent_count,
      createdAt: isoInstant(r.created_at),
    })),
  };
}

/**
 * The campaign with its organization's name, its players and how many contacts it holds (§7.2);
 * deleted or another's: 404. The contacts are read apart (campaignContacts).
 */
export async function getCampaign(deps: TDeps, member: TMember, id: string): Promise<TCampaignDetail> {
  if (!isId(id)) throw campaignNotFound();
  return readTenant(deps.db, member, async (tx) => {
    const c = await findCampaignDetail(tx, member.orgId, id);
    if (!c) throw campaignNotFound();
    const schedule = ZReminderSchedule.safeParse(c.reminder_schedule);
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      campaignType: c.campaign_type,
      goalCents: c.goal_cents,
      startsAt: c.starts_at,
      endsAt: c.ends_at,
      minContactsPerPlayer: c.min_contacts_per_player,
      subjectSeed: c.subject_seed,
      bodySeed: c.body_seed,
      behalfOfName: c.behalf_of_name,
      messagePerspective: c.message_perspective,
      reminderSchedule: schedule.success ? schedule.data : DEFAULT_REMINDER_SCHEDULE,
      createdAt: isoInstant(c.created_at),
      updatedAt: isoInstant(c.updated_at),
      organizationName: c.organization_name,
      players: c.players,
      contactCount: c.contact_count,
    };
  });
}

function countedContacts(found: boolean, all: readonly { emailSent: boolean }[]) {
  return { found, total: all.length, emailed: all.filter((k) => k.emailSent).length };
}

/**
 * A campaign's contacts in the order entered: one page of contactsPageSize when a page is asked
 * for, else all of them (the editor saves the whole list back); with the counts of all of them.
 * Deleted or another's: 404.
 */
export async function campaignContacts(
  deps: TDeps,
  member: TMember,
  id: string,
  query: z.output<typeof ZCampaignContactsQuery>,
): Promise<TCampaignContactList> {
  if (!isId(id)) throw campaignNotFound();
  const size = FUNDRAISING_LIMITS.contactsPageSize;
  const page = query.page ? { limit: size, offset: (query.page - 1) * size } : null;
  return readTenant(deps.db, member, async (tx) => {
    // Both in one round trip; for a campaign that is not there the contacts' read is thrown away.
    // All of them are counted from the rows read (one snapshot), not by reading the roster again.
    const [counts, contacts] = page
      ? await Promise.all([countDetailContacts(tx, member.orgId, id), listDetailContacts(tx, member.orgId, id, page)])
      : await Promise.all([campaignIsLive(tx, member.orgId, id), listDetailContacts(tx, member.orgId, id, null)]).then(
          ([found, all]) => [countedContacts(found, all), all] as const,
        );
    if (!counts.found) throw campaignNotFound();
    return {
      contacts,
      total: counts.total,
      emailedCount: counts.emailed,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The save (§7.1)
// ---------------------------------------------------------------------------------------------

interface TPrepared {
  values: TCampaignValues;
  /** Player names, each once (case-insensitive), the first spelling kept. */
  players: string[];
  /** Contacts, each address once (the first kept), with their player's lower-case name or null. */
  contacts: { name: string; email: string; player: string | null }[];
}

/**
 * The input as it will be stored. Alumni campaigns have no players, so their players are dropped
 * and their contacts unassigned. A player named twice is one player; an address given twice is one
 * contact (the first). A playerIndex past the players is a 400 on that contact; −1 is unassigned.
 */
function prepare(input: TCampaignInput): TPrepared {
  if (!isDay(input.startsAt)) throw fieldError('startsAt', 'Dates are YYYY-MM-DD');
  if (!isDay(input.endsAt)) throw fieldError('endsAt', 'Dates are YYYY-MM-DD');
  const player = input.campaignType === 'player';
  const names = player ? input.players.map((p) => p.name.trim()) : [];
  const players: string[] = [];
  const seenPlayers = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seenPlayers.has(key)) continue;
    seenPlayers.add(key);
    players.push(name);
  }
  const contacts: TPrepared['contacts'] = [];
  const seenEmails = new Set<string>();
  input.contacts.forEach((c, i) => {
    let playerKey: string | null = null;
    if (player && c.playerIndex >= 0) {
      const name = names[c.playerIndex];
      if (name === undefined) throw fieldError(`contacts.${i}.playerIndex`, M.selectPlayer);
      playerKey = name.toLowerCase();
    }
    const email = c.email.trim().toLowerCase();
    if (seenEmails.has(email)) return;
    seenEmails.add(email);
    contacts.push({ name: c.name.trim(), email, player: playerKey });
  });
  return {
    values: {
      name: input.name.trim(),
      goalCents: input.goalCents,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      minContactsPerPlayer: input.minContactsPerPlayer,
      messagePerspective: input.messagePerspective,
      behalfOfName: input.behalfOfName ?? null,
      reminderSchedule: input.reminderSchedule,
    },
    players,
    contacts,
  };
}

/**
 * Players by name (case-insensitive): a name already there keeps its player (and takes the new
 * spelling), a new name is a new player, a name left out is deleted unless donations name that
 * player (then it stays, so its money stays attributed). Answers the player ids by lower-case name.
 */
async function syncPlayers(tx: TTx, orgId: string, campaignId: string, names: string[]): Promise<Map<string, string>> {
  const existing = await listPlayersForSync(tx, orgId, campaignId);
  const byKey = new Map(existing.map((p) => [p.name.toLowerCase(), p]));
  const ids = new Map<string, string>();
  const fresh: string[] = [];
  const renamed: { id: string; name: string }[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    const found = byKey.get(key);
    if (!found) fresh.push(name);
    else {
      ids.set(key, found.id);
      if (found.name !== name) renamed.push({ id: found.id, name });
    }
  }
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const removed = existing.filter((p) => !wanted.has(p.name.toLowerCase()) && !p.has_donations).map((p) => p.id);
  await deletePlayers(tx, orgId, campaignId, removed);
  await renamePlayers(tx, orgId, renamed);
  for (const p of await insertPlayers(tx, orgId, campaignId, fresh)) ids.set(p.name.toLowerCase(), p.id);
  return ids;
}

/**
 * Contacts: a new address is added (its organization contact reused when known), a known one moves
 * to the player given, one left out is removed, except a contact already sent the campaign e-mail
 * (a recipient row of this campaign): removing one is a 409 and nothing is saved (§8.1).
 */
async function syncContacts(
  tx: TTx,
  orgId: string,
  campaignId: string,
  contacts: TPrepared['contacts'],
  playerIds: Map<string, string>,
): Promise<void> {
  const existing = await listContactsForSync(tx, orgId, campaignId);
  const wanted = new Set(contacts.map((c) => c.email));
  const leaving = existing.filter((e) => !wanted.has(e.email));
  const sent = leaving.filter((e) => e.sent).length;
  if (sent === 1) throw new AppError('conflict', M.cannotRemoveSent);
  if (sent > 1) throw new AppError('conflict', M.cannotDeleteSent(sent));

  const contactIds = await upsertContacts(
    tx,
    orgId,
    contacts.map((c) => ({ name: c.name, email: c.email })),
  );
  const byEmail = new Map(existing.map((e) => [e.email, e]));
  const added: { contactId: string; playerId: string | null }[] = [];
  const moved: { id: string; playerId: string | null }[] = [];
  for (const c of contacts) {
    const playerId = c.player ? (playerIds.get(c.player) ?? null) : null;
    const there = byEmail.get(c.email);
    if (there) {
      if (there.player_id !== playerId) moved.push({ id: there.id, playerId });
      continue;
    }
    const contactId = contactIds.get(c.email);
    if (!contactId) throw new Error(`contact ${c.email} not saved`);
    added.push({ contactId, playerId });
  }
  const gone = await deleteCampaignContacts(
    tx,
    orgId,
    campaignId,
    leaving.map((e) => e.id),
  );
  // The campaign is locked and the sent ones were refused above: every other one goes.
  if (gone !== leaving.length) throw new AppError('conflict', M.cannotRemoveSent);
  await setContactPlayers(tx, orgId, moved);
  await insertCampaignContacts(tx, orgId, campaignId, added);
}

/**
 * Create (§7.1 upsert-fundraising-campaign without an id): a draft with its players and contacts,
 * in one transaction. New campaigns need a plan that allows them (spec 000 §4: none on free after
 * a downgrade; the campaigns a club has stay editable). A new alumni campaign needs the payment
 * account ready to take donations (§5.1, the dialog's red alert): 409 otherwise.
 */
export async function createCampaign(deps: TDeps, member: TMember, input: TCampaignInput): Promise<TCampaignSaved> {
  requireCampaignRight(member, 'create');
  if (!planAllows(member.plan, 'campaigns')) throw new AppError('plan_limit', M.premiumRequired);
  const v = prepare(input);
  const id = await withTenant(deps.db, member, async (tx) => {
    if (input.campaignType === 'alumni') {
      const account = await findPaymentAccount(tx, member.orgId);
      const ready =
        account !== null &&
        canAcceptCardPayments({
          accountId: account.stripe_connected_account_id,
          onboardingComplete: account.stripe_onboarding_complete,
          accountEnabled: account.stripe_account_enabled,
          chargesEnabled: account.stripe_charges_enabled,
          payoutsEnabled: account.stripe_payouts_enabled,
        });
      if (!ready) throw new AppError('conflict', M.paymentAccountNotConfigured);
    }
    const created = await insertCampaign(tx, {
      ...v.values,
      orgId: member.orgId,
      campaignType: input.campaignType,
      createdBy: member.userId,
    });
    const playerIds = await syncPlayers(tx, member.orgId, created, v.players);
    await syncContacts(tx, member.orgId, created, v.contacts, playerIds);
    return created;
  });
  publishFundraising(deps, member.orgId);
  return { id, status: 'draft', message: M.created };
}

/**
 * Edit (§7.1 with an id): every detail, players synced by name and contacts by address; the type
 * is fixed (409) and the status stays what it is (the client passes it back, §4.1; it is never
 * taken from the request). updated_at moves.
 */
export async function updateCampaign(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TCampaignInput,
): Promise<TCampaignSaved> {
  requireCampaignRight(member, 'edit');
  if (!isId(id)) throw campaignNotFound();
  const v = prepare(input);
  const status = await withTenant(deps.db, member, async (tx) => {
    const head = await lockCampaign(tx, member.orgId, id);
    if (!head) throw campaignNotFound();
    if (head.campaign_type !== input.campaignType) throw new AppError('conflict', M.typeFixed);
    await updateCampaignRow(tx, member.orgId, id, v.values);
    const playerIds =
      head.campaign_type === 'player' ? await syncPlayers(tx, member.orgId, id, v.players) : new Map<string, string>();
    await syncContacts(tx, member.orgId, id, v.contacts, playerIds);
    return head.status;
  });
  publishFundraising(deps, member.orgId);
  return { id, status, message: M.changesSaved };
}

/** Soft delete (§4.1): draft or ready only; a sent campaign is 409. */
export async function deleteCampaign(deps: TDeps, member: TMember, id: string): Promise<{ ok: true }> {
  requireCampaignRight(member, 'delete');
  if (!isId(id)) throw campaignNotFound();
  await withTenant(deps.db, member, async (tx) => {
    const head = await lockCampaign(tx, member.orgId, id);
    if (!head) throw campaignNotFound();
    if (head.status === 'sent' || !(await softDeleteCampaign(tx, member.orgId, id))) {
      throw new AppError('conflict', M.cannotDeleteSentCampaign);
    }
  });
  publishFundraising(deps, member.orgId);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Contacts added later (§5.4, §7.5 add-campaign-contacts) and the template (§7.4)
// ---------------------------------------------------------------------------------------------

/**
 * Adds contacts to a campaign, draft or sent (a sent one then offers 'Send to {n} new contacts').
 * An address already in the campaign, or given twice, is skipped; a known address reuses the
 * organization's contact (its opt-out holds). A player campaign's contact may name one of its
 * players; any other player id is a 400 on that contact.
 */
export async function addCampaignContacts(
  deps: TDeps,
  member: TMember,
  id: string,
  input: z.output<typeof ZAddContactsInput>,
): Promise<TAddContactsResult> {
  requireCampaignRight(member, 'edit');
  if (!isId(id)) throw campaignNotFound();
  const unique: { name: string; email: string; playerId: string | null }[] = [];
  const seen = new Set<string>();
  for (const c of input.contacts) {
    const email = c.email.trim().toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    unique.push({ name: c.name.trim(), email, playerId: c.playerId ?? null });
  }
  const added = await withTenant(deps.db, member, async (tx) => {
    const head = await lockCampaign(tx, member.orgId, id);
    if (!head) throw campaignNotFound();
    const named = [...new Set(unique.flatMap((c) => (c.playerId ? [c.playerId] : [])))];
    const known = await campaignPlayerIds(tx, member.orgId, id, named);
    const stranger = input.contacts.findIndex((c) => c.playerId && !known.has(c.playerId));
    if (stranger >= 0) throw fieldError(`contacts.${stranger}.playerId`, M.selectPlayer);

    const there = new Set((await listContactsForSync(tx, member.orgId, id)).map((e) => e.email));
    const fresh = unique.filter((c) => !there.has(c.email));
    const ids = await upsertContacts(
      tx,
      member.orgId,
      fresh.map((c) => ({ name: c.name, email: c.email })),
    );
    const rows = fresh.flatMap((c) => {
      const contactId = ids.get(c.email);
      return contactId ? [{ contactId, playerId: c.playerId }] : [];
    });
    const n = await insertCampaignContacts(tx, member.orgId, id, rows);
    if (n > 0) await touchCampaign(tx, member.orgId, id);
    return n;
  });
  if (added > 0) publishFundraising(deps, member.orgId);
  const skipped = input.contacts.length - added;
  return {
    success: true,
    message: M.added(added, skipped, 0),
    stats: { contactsAdded: added, contactsSkipped: skipped, contactsFailed: 0 },
  };
}

/** The campaign e-mail's subject and body (§7.4 update-campaign-templates). */
export async function saveCampaignTemplate(
  deps: TDeps,
  member: TMember,
  id: string,
  input: z.output<typeof ZTemplateInput>,
): Promise<{ ok: true }> {
  requireCampaignRight(member, 'edit');
  if (!isId(id)) throw campaignNotFound();
  const saved = await withTenant(deps.db, member, (tx) =>
    saveTemplate(tx, member.orgId, id, input.subjectSeed, input.bodySeed),
  );
  if (!saved) throw campaignNotFound();
  publishFundraising(deps, member.orgId);
  return { ok: true };
}
