import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { quoteFileName, quoteNumber } from '@pennant/shared/quotes/rules';
import { QUOTE_MESSAGES, type TQuoteDetail } from '@pennant/shared/quotes/schemas';
import { withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { renderQuote, type TQuoteDocumentData } from '../../documents/quote';
import { AppError } from '../../errors';
import { isId } from '../catalogue/catalogue.common';
import type { TMember } from '../session/member';
import {
  loadQuoteDetail,
  publish,
  quoteNotFound,
  removeFilesQuietly,
  resolveSender,
  type TSender,
} from './quotes.common';
import {
  findQuoteDocument,
  findQuoteOrganization,
  listActiveContacts,
  lockQuote,
  type TQuoteOrganizationRow,
  upsertQuoteDocument,
} from './quotes.repo';

/** What a quote's PDF is made of, read in one transaction. */
export interface TQuotePdfSource {
  quote: TQuoteDetail;
  org: TQuoteOrganizationRow;
  sender: TSender;
}

/** The document's data: the quote as it will read once sent at `sentAt` (null: as a draft). */
export function quoteDocumentData(
  source: TQuotePdfSource,
  contact: { name: string; email: string | null } | null,
  opts: { sentAt: Date | null; validUntil: Date | null; generatedAt: Date; timeZone: string },
): TQuoteDocumentData {
  const { quote, org, sender } = source;
  return {
    organization: {
      name: org.name,
      remitToAddress: org.remit_to_address,
      business: {
        street: org.business_street,
        city: org.business_city,
        state: org.business_state,
        zip: org.business_zip,
      },
    },
    sender,
    company: { name: quote.companyName },
    contact,
    quote: {
      number: quoteNumber(quote.id),
      createdAt: new Date(quote.createdAt),
      sentAt: opts.sentAt,
      validUntil: opts.validUntil,
      notes: quote.notes,
    },
    lines: quote.lines,
    yearOneCents: quote.totalCents,
    renewalCents: quote.renewalCents,
    generatedAt: opts.generatedAt,
    timeZone: opts.timeZone,
  };
}

/** A PDF, by its first bytes and a plausible size. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 64 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * Renders the quote and stores it under org/<orgId>/quotes/<quoteId>/<timestamp>.pdf; a failure
 * of either is logged and answered 502 'Failed to generate PDF' (spec §8).
 */
export async function renderAndStoreQuotePdf(
  deps: TDeps,
  member: TMember,
  data: TQuoteDocumentData,
  quoteId: string,
  companyName: string,
): Promise<{ key: string; fileName: string; bytes: Uint8Array }> {
  let bytes: Uint8Array;
  try {
    bytes = await renderQuote(data);
  } catch (err) {
    deps.log.error({ err, quoteId, orgId: member.orgId }, 'quote rendering failed');
    throw new AppError('bad_gateway', QUOTE_MESSAGES.pdfFailed);
  }
  if (!isPdf(bytes)) {
    deps.log.error({ quoteId, orgId: member.orgId, bytes: bytes.length }, 'quote is not a PDF');
    throw new AppError('bad_gateway', QUOTE_MESSAGES.pdfFailed);
  }
  const key = `org/${member.orgId}/quotes/${quoteId}/${data.generatedAt.getTime()}.pdf`;
  const fileName = quoteFileName(companyName, quoteId);
  try {
    await deps.files.put(key, bytes, 'application/pdf');
  } catch (err) {
    deps.log.error({ err, quoteId, orgId: member.orgId }, 'quote PDF could not be stored');
    throw new AppError('bad_gateway', QUOTE_MESSAGES.pdfFailed);
  }
  return { key, fileName, bytes };
}

async function link(deps: TDeps, doc: { fileKey: string; fileName: string }): Promise<TDocumentLink> {
  const signed = await deps.files.signedUrl(doc.fileKey, { fileName: doc.fileName });
  return { url: signed.url, fileName: doc.fileName, expiresAt: signed.expiresAt };
}

/**
 * A short-lived link to the quote's stored PDF (any member may ask). A quote without one (a
 * draft not yet sent, or edited since) gets it rendered, addressed to the primary contact, and
 * stored first; two requests at once keep the first stored file.
 */
export async function quotePdf(deps: TDeps, member: TMember, id: string): Promise<TDocumentLink> {
  if (!isId(id)) throw quoteNotFound();
  const loaded = await withTenant(deps.db, member, async (tx) => {
    const quote = await loadQuoteDetail(tx, member, id);
    const stored = await findQuoteDocument(tx, member.orgId, id);
    if (stored) return { kind: 'stored', stored } as const;
    const org = await findQuoteOrganization(tx, member.orgId);
    const [contact] = await listActiveContacts(tx, member.orgId, quote.companyId);
    return { kind: 'new', source: { quote, org, sender: await resolveSender(tx, member, org) }, contact } as const;
  });
  if (loaded.kind === 'stored') return link(deps, loaded.stored);

  const { quote } = loaded.source;
  const generatedAt = new Date();
  const data = quoteDocumentData(
    loaded.source,
    loaded.contact ? { name: loaded.contact.name, email: loaded.contact.email } : null,
    {
      sentAt: quote.sentAt ? new Date(quote.sentAt) : null,
      validUntil: quote.expiresAt ? new Date(quote.expiresAt) : null,
      generatedAt,
      timeZone: member.timezone,
    },
  );
  const made = await renderAndStoreQuotePdf(deps, member, data, id, quote.companyName);
  const kept = await withTenant(deps.db, member, async (tx) => {
    if (!(await lockQuote(tx, member.orgId, id))) return null;
    const existing = await findQuoteDocument(tx, member.orgId, id);
    if (existing) return existing;
    const doc = { fileKey: made.key, fileName: made.fileName };
    await upsertQuoteDocument(tx, member.orgId, id, doc);
    return doc;
  });
  if (kept?.fileKey !== made.key) await removeFilesQuietly(deps, [made.key]);
  if (!kept) throw quoteNotFound();
  publish(deps, member, 'quotes');
  return link(deps, kept);
}
