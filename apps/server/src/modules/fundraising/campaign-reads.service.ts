import { progressPercentage } from '@pennant/shared/fundraising/rules';
import {
  FUNDRAISING_LIMITS,
  type TCampaignProgress,
  type TContactInsights,
  type TDonationAnalytics,
  type TEmailHistory,
  type TInsightFilter,
  type TPlayerProgress,
} from '@pennant/shared/fundraising/schemas';
import type { TTx } from '../../db/client';
import { isoInstant } from '../../db/instant';
import { readTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TMember } from '../session/member';
import {
  analyticsFigures,
  emailHistoryFigures,
  insightFigures,
  playerProgressFigures,
  progressFigures,
} from './campaign-reads.repo';
import { campaignNotFound, isId } from './campaigns.common';
import { totalGoalCents } from './campaigns.service';

/*
 * The campaign page's reads (spec 002 §2.4, §2.5, §3, §4.2, §7.2, §7.3, §9). Every member may read;
 * a deleted campaign or another organization's is 404 with the spec's words (§6).
 */

/**
 * A read whose one statement answers nothing for a campaign that is not this organization's (or is
 * deleted): the campaign is checked in the same statement as its figures, one round trip fewer.
 */
async function readCampaign<T>(
  deps: TDeps,
  member: TMember,
  id: string,
  fn: (tx: TTx) => Promise<T | null>,
): Promise<T> {
  if (!isId(id)) throw campaignNotFound();
  const found = await readTenant(deps.db, member, fn);
  if (found === null) throw campaignNotFound();
  return found;
}

/** Who has been sent the campaign e-mail, which picks the launch mode (§3 email history summary, §4.2). */
export async function campaignEmailHistory(deps: TDeps, member: TMember, id: string): Promise<TEmailHistory> {
  const h = await readCampaign(deps, member, id, (tx) => emailHistoryFigures(tx, member.orgId, id));
  return {
    totalContacts: h.contact_count,
    previouslySentContacts: h.mailed_count,
    newContacts: Math.max(0, h.contact_count - h.mailed_count),
    hasPreviousSends: h.original_subject !== null,
    originalSubject: h.original_subject,
    originalBody: h.original_body,
  };
}

/** Per player: paid donations, contacts, the goal (the campaign's goal is each player's, §9) and the percentage. */
export async function campaignPlayerProgress(
  deps: TDeps,
  member: TMember,
  id: string,
): Promise<{ players: TPlayerProgress[] }> {
  const c = await readCampaign(deps, member, id, (tx) => playerProgressFigures(tx, member.orgId, id));
  return {
    players: c.players.map((p) => ({
      id: p.id,
      name: p.name,
      raisedCents: p.raised_cents,
      contactCount: p.contact_count,
      goalCents: c.goal_cents,
      progressPercentage: progressPercentage(p.raised_cents, c.goal_cents),
    })),
  };
}

/** The paid total against the whole goal (player campaigns: the goal × players). */
export async function campaignProgress(deps: TDeps, member: TMember, id: string): Promise<TCampaignProgress> {
  const c = await readCampaign(deps, member, id, (tx) => progressFigures(tx, member.orgId, id));
  const goal = totalGoalCents(c.campaign_type, c.goal_cents, c.player_count);
  return {
    raisedCents: c.raised_cents,
    goalCents: goal,
    donationCount: c.donation_count,
    donorCount: c.donor_count,
    contactCount: c.contact_count,
    progressPercentage: progressPercentage(c.raised_cents, goal),
  };
}

/**
 * Analytics (§2.5): paid totals, the timeline by local date on the organization's calendar (its
 * owner's saved zone, as invoices and the dashboard), and the 10 top donors by the donor key.
 */
export async function campaignAnalytics(deps: TDeps, member: TMember, id: string): Promise<TDonationAnalytics> {
  const a = await readCampaign(deps, member, id, (tx) => analyticsFigures(tx, member.orgId, id, member.org.timezone));
  return {
    totalRaisedCents: a.total_cents,
    donationCount: a.donation_count,
    donorCount: a.donor_count,
    averageDonationCents: a.donation_count > 0 ? Math.round(a.total_cents / a.donation_count) : 0,
    timeline: a.timeline.map((t) => ({ date: t.date, amountCents: t.amount_cents, count: t.count })),
    topDonors: a.top_donors.map((d) => ({
      key: d.key,
      // A donor who gave no name reads as their address; without either, as the spec's anonymous donor.
      name: d.name ?? d.email ?? 'Anonymous',
      email: d.email,
      totalCents: d.total_cents,
      donationCount: d.donation_count,
    })),
  };
}

/** Emails sent as a share of the contacts, one decimal; 0 without contacts. */
export function deliveryRate(emailsSent: number, totalContacts: number): number {
  return totalContacts > 0 ? Math.round((emailsSent / totalContacts) * 1000) / 10 : 0;
}

/** Contact insights (§2.5, §3): one page of 10 by filter, the count of every filter, and the delivery rate. */
export async function campaignInsights(
  deps: TDeps,
  member: TMember,
  id: string,
  query: { filter: TInsightFilter; page: number },
): Promise<TContactInsights> {
  const pageSize = FUNDRAISING_LIMITS.insightsPageSize;
  const f = await readCampaign(deps, member, id, (tx) =>
    insightFigures(tx, member.orgId, id, query.filter, query.page, pageSize),
  );
  const counts: Record<TInsightFilter, number> = {
    all: f.all_n,
    eligible: f.eligible_n,
    donated: f.donated_n,
    opted_out: f.opted_out_n,
    no_email: f.no_email_n,
  };
  return {
    rows: f.rows.map((r) => ({
      contactId: r.contact_id,
      name: r.name,
      email: r.email,
      receivedCampaignEmail: r.received,
      donationsMade: r.donations_made,
      totalDonatedCents: r.total_donated_cents,
      emailOptOut: r.email_opt_out,
      optOutAt: r.opt_out_at === null ? null : isoInstant(r.opt_out_at),
      reminderStatus: r.reminder_status,
    })),
    page: query.page,
    pageSize,
    total: counts[query.filter],
    counts,
    stats: { totalContacts: f.all_n, emailsSent: f.sent_n, deliveryRate: deliveryRate(f.sent_n, f.all_n) },
  };
}
