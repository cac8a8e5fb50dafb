import { quoteDecisionBlock, quoteNumber } from '@pennant/shared/quotes/rules';
import type { TQuoteAcceptResult, TQuoteDetail, ZQuoteAccept } from '@pennant/shared/quotes/schemas';
import type { z } from 'zod';
import type { TTx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { createAgreementForQuote, generateAgreementPdfQuietly } from '../agreements/agreement-create';
import { isId } from '../catalogue/catalogue.common';
import { updateCompany as updateCompanyRow } from '../companies/companies.repo';
import { assertSponsorRoom, requireCompanyLocked, statusEvent } from '../companies/companies.service';
import { insertTimelineEvents } from '../companies/notes.repo';
import type { TMember } from '../session/member';
import {
  loadQuoteDetail,
  publish,
  quoteNotFound,
  requireQuoteStatusRight,
  toQuoteStatus,
  wrongState,
} from './quotes.common';
import {
  decideQuote,
  findQuoteOrganization,
  insertQuoteEvents,
  lockQuote,
  rejectOtherSentQuotes,
  type TQuoteEvent,
  type TQuoteRef,
} from './quotes.repo';

type TAcceptInput = z.output<typeof ZQuoteAccept>;

/** Locks a sent quote for a decision: 404, or 409 in words when it is not sent (spec §4). */
async function lockSentQuote(tx: TTx, member: TMember, id: string, action: 'accept' | 'reject'): Promise<TQuoteRef> {
  const quote = await lockQuote(tx, member.orgId, id);
  if (!quote) throw quoteNotFound();
  const block = quoteDecisionBlock(toQuoteStatus(quote.status), action);
  if (block) throw wrongState(block);
  return quote;
}

function decisionEvent(
  member: TMember,
  companyId: string,
  quoteId: string,
  to: 'accepted' | 'rejected',
  at: Date,
  metadata: Record<string, unknown> = {},
): TQuoteEvent {
  return {
    orgId: member.orgId,
    companyId,
    quoteId,
    eventType: to === 'accepted' ? 'quote_accepted' : 'quote_rejected',
    description: `${quoteNumber(quoteId)} ${to}`,
    createdBy: member.userId,
    metadata: { quote_id: quoteId, from: 'sent', to, ...metadata },
    occurredAt: at,
  };
}

/**
 * Accepts a sent quote (spec §4): the company becomes a sponsor (within the free plan's limit:
 * 403 and nothing changed), the company's other sent quotes are rejected when asked, and an
 * agreement is made when asked ('create'), or for 'auto' when the organization works in the
 * advanced workflow. Every status change leaves a timeline entry. The agreement's PDF is made
 * after commit.
 */
export async function acceptQuote(
  deps: TDeps,
  member: TMember,
  id: string,
  input: TAcceptInput,
): Promise<TQuoteAcceptResult> {
  requireQuoteStatusRight(member);
  if (!isId(id)) throw quoteNotFound();
  const result = await withTenant(deps.db, member, async (tx) => {
    const quote = await lockSentQuote(tx, member, id, 'accept');
    const companyId = quote.company_id;
    const company = await requireCompanyLocked(tx, member, companyId);
    const now = new Date();
    if (company.status !== 'sponsor') {
      await assertSponsorRoom(tx, member, 1);
      await updateCompanyRow(tx, member.orgId, companyId, { status: 'sponsor', statusUpdatedAt: now });
      await insertTimelineEvents(tx, [statusEvent(member, companyId, company.status, 'sponsor', now)]);
    }
    await decideQuote(tx, member.orgId, id, 'accepted', now);
    const events = [decisionEvent(member, companyId, id, 'accepted', now)];
    const rejectedQuoteIds = input.rejectOtherQuotes
      ? await rejectOtherSentQuotes(tx, member.orgId, companyId, id, now)
      : [];
    for (const other of rejectedQuoteIds) {
      events.push(decisionEvent(member, companyId, other, 'rejected', now, { accepted_quote_id: id }));
    }
    await insertQuoteEvents(tx, events);

    const create =
      input.agreement === 'create' ||
      (input.agreement === 'auto' && (await findQuoteOrganization(tx, member.orgId)).workflow_mode === 'advanced');
    const agreementId = create ? await createAgreementForQuote(tx, member, { quoteId: id }) : null;
    return { quote: await loadQuoteDetail(tx, member, id), agreementId, rejectedQuoteIds };
  });
  if (result.agreementId) {
    await generateAgreementPdfQuietly(deps, member, result.agreementId);
    publish(deps, member, 'quotes', 'companies', 'agreements');
  } else {
    publish(deps, member, 'quotes', 'companies');
  }
  return result;
}

/** Rejects a sent quote, with its timeline entry. */
export async function rejectQuote(deps: TDeps, member: TMember, id: string): Promise<TQuoteDetail> {
  requireQuoteStatusRight(member);
  if (!isId(id)) throw quoteNotFound();
  const quote = await withTenant(deps.db, member, async (tx) => {
    const locked = await lockSentQuote(tx, member, id, 'reject');
    const now = new Date();
    await decideQuote(tx, member.orgId, id, 'rejected', now);
    await insertQuoteEvents(tx, [decisionEvent(member, locked.company_id, id, 'rejected', now)]);
    return loadQuoteDetail(tx, member, id);
  });
  publish(deps, member, 'quotes', 'companies');
  return quote;
}
