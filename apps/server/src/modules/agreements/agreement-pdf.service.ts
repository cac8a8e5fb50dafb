import { agreementFileName, agreementTotalCents } from '@pennant/shared/agreements/rules';
import { AGREEMENT_MESSAGES } from '@pennant/shared/agreements/schemas';
import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import type { TTx } from '../../db/client';
import { readTenant, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { renderAgreementPdf, type TAgreementPdfData } from '../../documents/agreement';
import { AppError } from '../../errors';
import type { TMember } from '../session/member';
import { agreementNotFound, isId, publishAgreements, requireAgreementRight } from './agreements.common';
import {
  deleteAgreementDocument,
  findAgreement,
  findAgreementDetail,
  findAgreementDocument,
  findCompanyAddress,
  findOrganizationHead,
  insertAgreementEvent,
  listAgreementLines,
  lockAgreement,
  upsertAgreementDocument,
} from './agreements.repo';

/** A PDF, by its first bytes and a plausible size. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 64 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** What the PDF prints, read in the caller's transaction; null for an unknown agreement. */
export async function loadAgreementPdfData(
  tx: TTx,
  member: TMember,
  id: string,
): Promise<
  (Omit<TAgreementPdfData, 'generatedAt' | 'timeZone'> & { companyId: string; quoteId: string | null }) | null
> {
  const row = await findAgreementDetail(tx, member.orgId, id);
  if (!row) return null;
  const org = await findOrganizationHead(tx, member.orgId);
  if (!org) return null;
  const lines = await listAgreementLines(tx, member.orgId, id);
  const address = await findCompanyAddress(tx, member.orgId, row.company_id);
  const place = [address?.city?.trim(), address?.state?.trim()].filter(Boolean).join(', ');
  const pdfLines = lines.map((l) => ({
    itemName: l.item_name,
    qty: l.qty,
    unitPriceCents: l.unit_price_cents,
    setupFeeCents: l.setup_fee_cents,
  }));
  return {
    companyId: row.company_id,
    quoteId: row.quote_id,
    organization: {
      name: org.name,
      sponsorshipLeadEmail: org.sponsorship_lead_email,
      treasurerEmail: org.treasurer_email,
      remitToAddress: org.remit_to_address,
      business: {
        street: org.business_street,
        city: org.business_city,
        state: org.business_state,
        zip: org.business_zip,
      },
    },
    agreement: {
      id: row.id,
      seasonLabel: row.season_label,
      startDate: row.start_date,
      endDate: row.end_date,
      termMonths: row.term_months,
    },
    sponsor: {
      companyName: row.company_name,
      contactName: row.contact_name,
      contactEmail: row.contact_email,
      addressLines: [address?.address?.trim() ?? '', place].filter(Boolean),
    },
    lines: pdfLines,
    totalCents: row.value_cents ?? agreementTotalCents(pdfLines),
    clauses: row.clauses,
    notes: row.notes,
  };
}

export interface TStoredAgreementPdf {
  key: string;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Renders the agreement's PDF, stores it under org/<orgId>/agreements/<id>/<timestamp>.pdf and
 * records it (spec §4 Agreement PDF): the first one as version 1, a regeneration as the next
 * version, whose file replaces the previous one (deleted after commit). Writes
 * 'agreement_pdf_generated' with the key and file name. A renderer failure is a 502 with the
 * spec's words and stores nothing.
 */
export async function storeAgreementPdf(deps: TDeps, member: TMember, id: string): Promise<TStoredAgreementPdf> {
  if (!isId(id)) throw agreementNotFound();
  const data = await withTenant(deps.db, member, (tx) => loadAgreementPdfData(tx, member, id));
  if (!data) throw agreementNotFound();
  const generatedAt = new Date();
  const timeZone = member.timezone;

  let bytes: Uint8Array;
  try {
    bytes = await renderAgreementPdf({ ...data, generatedAt, timeZone });
  } catch (err) {
    deps.log.error({ err, agreementId: id, orgId: member.orgId }, 'agreement PDF rendering failed');
    throw new AppError('bad_gateway', AGREEMENT_MESSAGES.pdfFailed);
  }
  if (!isPdf(bytes)) {
    deps.log.error({ agreementId: id, orgId: member.orgId, bytes: bytes.length }, 'agreement PDF is not a PDF');
    throw new AppError('bad_gateway', AGREEMENT_MESSAGES.pdfInvalid);
  }

  const key = `org/${member.orgId}/agreements/${id}/${generatedAt.getTime()}.pdf`;
  const fileName = agreementFileName(data.sponsor.companyName, id);
  await deps.files.put(key, bytes, 'application/pdf');

  let previousKey: string | null = null;
  try {
    previousKey = await withTenant(deps.db, member, async (tx) => {
      const agreement = await lockAgreement(tx, member.orgId, id);
      if (!agreement) throw agreementNotFound();
      const previous = await findAgreementDocument(tx, member.orgId, id);
      await upsertAgreementDocument(tx, {
        orgId: member.orgId,
        agreementId: id,
        fileKey: key,
        fileName,
        createdBy: member.userId,
        metadata: { generated_at: generatedAt.toISOString(), generated_by: member.userId, file_name: fileName },
      });
      await insertAgreementEvent(tx, {
        orgId: member.orgId,
        companyId: agreement.company_id,
        contractId: id,
        quoteId: agreement.quote_id,
        eventType: 'agreement_pdf_generated',
        description: previous ? 'Agreement PDF regenerated' : 'Agreement PDF generated',
        createdBy: member.userId,
        metadata: { pdf_url: key, file_name: fileName },
      });
      return previous?.file_key ?? null;
    });
  } catch (err) {
    await removeFile(deps, key);
    throw err;
  }
  if (previousKey && previousKey !== key) await removeFile(deps, previousKey);
  publishAgreements(deps, member);
  return { key, fileName, bytes };
}

/** A stored file that is no longer wanted; a failure leaves an orphan file, logged, never an error. */
async function removeFile(deps: TDeps, key: string): Promise<void> {
  try {
    await deps.files.delete(key);
  } catch (err) {
    deps.log.warn({ err, key }, 'agreement PDF file could not be deleted');
  }
}

/** POST /agreements/{id}/pdf: a fresh PDF, replacing the stored one, as a short-lived link. */
export async function generateAgreementPdf(deps: TDeps, member: TMember, id: string): Promise<TDocumentLink> {
  requireAgreementRight(member, 'edit');
  const stored = await storeAgreementPdf(deps, member, id);
  const link = await deps.files.signedUrl(stored.key, { fileName: stored.fileName });
  return { url: link.url, fileName: stored.fileName, expiresAt: link.expiresAt };
}

/** GET /agreements/{id}/pdf: a short-lived link to the stored PDF; 404 'No PDF available to view' without one. */
export async function agreementPdfLink(deps: TDeps, member: TMember, id: string): Promise<TDocumentLink> {
  if (!isId(id)) throw agreementNotFound();
  const doc = await readTenant(deps.db, member, async (tx) => {
    // Both in one round trip; for an agreement that is not there the document's read is thrown away.
    const [agreement, document] = await Promise.all([
      findAgreement(tx, member.orgId, id),
      findAgreementDocument(tx, member.orgId, id),
    ]);
    if (!agreement) throw agreementNotFound();
    return document;
  });
  if (!doc) throw new AppError('not_found', AGREEMENT_MESSAGES.noPdfToView);
  const link = await deps.files.signedUrl(doc.file_key, { fileName: doc.file_name });
  return { url: link.url, fileName: doc.file_name, expiresAt: link.expiresAt };
}

/** DELETE /agreements/{id}/pdf: the record goes, then its file; 404 'No PDF found to delete' without one. */
export async function deleteAgreementPdf(deps: TDeps, member: TMember, id: string): Promise<void> {
  requireAgreementRight(member, 'edit');
  if (!isId(id)) throw agreementNotFound();
  const key = await withTenant(deps.db, member, async (tx) => {
    const agreement = await lockAgreement(tx, member.orgId, id);
    if (!agreement) throw agreementNotFound();
    const doc = await findAgreementDocument(tx, member.orgId, id);
    if (!doc) throw new AppError('not_found', AGREEMENT_MESSAGES.noPdfToDelete);
    await deleteAgreementDocument(tx, member.orgId, id);
    await insertAgreementEvent(tx, {
      orgId: member.orgId,
      companyId: agreement.company_id,
      contractId: id,
      quoteId: agreement.quote_id,
      eventType: 'agreement_pdf_deleted',
      description: 'Agreement PDF deleted',
      createdBy: member.userId,
      metadata: { deleted_pdf_url: doc.file_key, file_name: doc.file_name, deleted_at: new Date().toISOString() },
    });
    return doc.file_key;
  });
  await removeFile(deps, key);
  publishAgreements(deps, member);
}

/** The stored PDF's bytes, or null when there is no record or its file is gone. */
export async function readStoredAgreementPdf(
  deps: TDeps,
  member: TMember,
  id: string,
): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  const doc = await withTenant(deps.db, member, (tx) => findAgreementDocument(tx, member.orgId, id));
  if (!doc) return null;
  const file = await deps.files.get(doc.file_key);
  if (!file) return null;
  const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
  return isPdf(bytes) ? { fileName: doc.file_name, bytes } : null;
}
