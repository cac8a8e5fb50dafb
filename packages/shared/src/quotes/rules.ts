import { addDays } from 'date-fns';
import {
  QUOTE_DISPLAY_ID_LENGTH,
  QUOTE_SEND_BLOCKS,
  QUOTE_STATUS_LABELS,
  QUOTE_TAB_STATUSES,
  QUOTE_VALIDITY_DAYS,
  type TQuoteStatus,
  type TQuoteTab,
} from './schemas';

/** 'Quote #' + the first 6 characters of the id, upper case (spec §2, §9). */
export function quoteNumber(id: string): string {
  return `Quote #${id.slice(0, QUOTE_DISPLAY_ID_LENGTH).toUpperCase()}`;
}

/** The statuses a tab shows; null for every status. */
export function quoteTabStatuses(tab: TQuoteTab): readonly TQuoteStatus[] | null {
  return tab === 'all' ? null : QUOTE_TAB_STATUSES[tab];
}

/** Expired and rejected quotes are not active (spec §4); neither are the accepted and closed ones. */
export function isActiveQuote(status: TQuoteStatus): boolean {
  return QUOTE_TAB_STATUSES.active.includes(status);
}

/** Why a quote cannot be sent, in the spec's words; null when it can (draft, or sent again). */
export function quoteSendBlock(status: TQuoteStatus): string | null {
  return QUOTE_SEND_BLOCKS[status] ?? null;
}

/** Accept and Reject are offered for sent quotes only (spec §4). */
export function canDecideQuote(status: TQuoteStatus): boolean {
  return status === 'sent';
}

/** Only a draft's lines and notes change; a sent quote is what the sponsor received. */
export function isEditableQuote(status: TQuoteStatus): boolean {
  return status === 'draft';
}

/** expires_at: 30 days after sending (spec §9). */
export function quoteExpiresAt(sentAt: Date): Date {
  return addDays(sentAt, QUOTE_VALIDITY_DAYS);
}

export interface TPricedLine {
  qty: number;
  unitPriceCents: number;
  isSetupFee: boolean;
}

/** Year-1 total: every line, setup-fee lines included (qty × (annual price + setup fee), spec §9). */
export function quoteYearOneCents(lines: readonly TPricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.qty * l.unitPriceCents, 0);
}

/** The annual renewal: setup fees count in the first year only (spec §9). */
export function quoteRenewalCents(lines: readonly TPricedLine[]): number {
  return lines.reduce((sum, l) => (l.isSetupFee ? sum : sum + l.qty * l.unitPriceCents), 0);
}

export interface TCatalogueProduct {
  id: string;
  name: string;
  recurringPriceCents: number | null;
  setupFeeCents: number | null;
}

export interface TCatalogueBundle {
  id: string;
  name: string;
  packagePriceCents: number;
  items: readonly { productId: string; qty: number; setupFeeCents: number | null }[];
}

/** A product's default price is its recurring price; a bundle's its package price (spec §9). */
export function defaultProductPrice(product: Pick<TCatalogueProduct, 'recurringPriceCents'>): number {
  return product.recurringPriceCents ?? 0;
}

/** A bundle's setup fee: the sum of its products' setup fees times their quantity (spec §9). */
export function bundleSetupFeeCents(bundle: Pick<TCatalogueBundle, 'items'>): number {
  return bundle.items.reduce((sum, i) => sum + (i.setupFeeCents ?? 0) * i.qty, 0);
}

/** An editor line: the item, its quantity and price, and whether it is the item's setup fee. */
export interface TEditorLine {
  /** A stable key for the editor's rows. */
  key: string;
  productId: string | null;
  bundleId: string | null;
  qty: number;
  unitPriceCents: number;
  isSetupFee: boolean;
}

/** The same item (product or bundle) on two lines. */
function sameItem(a: Pick<TEditorLine, 'productId' | 'bundleId'>, b: Pick<TEditorLine, 'productId' | 'bundleId'>) {
  return (a.productId !== null && a.productId === b.productId) || (a.bundleId !== null && a.bundleId === b.bundleId);
}

/**
 * Puts a product or bundle on a line (spec §5, §9): the line takes the item's default price; the
 * setup-fee lines of the item it held are removed; a product with a setup fee (or a bundle whose
 * products have some) gets a linked setup-fee line right after it, with the same quantity.
 */
export function chooseLineItem(
  lines: readonly TEditorLine[],
  key: string,
  item: { kind: 'product'; product: TCatalogueProduct } | { kind: 'bundle'; bundle: TCatalogueBundle },
  newKey: () => string,
): TEditorLine[] {
  const index = lines.findIndex((l) => l.key === key);
  const current = lines[index];
  if (!current) return [...lines];
  const without = lines.filter((l) => !(l.isSetupFee && sameItem(l, current)));
  const at = without.findIndex((l) => l.key === key);
  const productId = item.kind === 'product' ? item.product.id : null;
  const bundleId = item.kind === 'bundle' ? item.bundle.id : null;
  const price = item.kind === 'product' ? defaultProductPrice(item.product) : item.bundle.packagePriceCents;
  const fee = item.kind === 'product' ? (item.product.setupFeeCents ?? 0) : bundleSetupFeeCents(item.bundle);
  const updated: TEditorLine = { ...current, productId, bundleId, unitPriceCents: price, isSetupFee: false };
  const next = [...without];
  next[at] = updated;
  if (fee > 0) {
    next.splice(at + 1, 0, {
      key: newKey(),
      productId,
      bundleId,
      qty: current.qty,
      unitPriceCents: fee,
      isSetupFee: true,
    });
  }
  return next;
}

/** A quantity change carries to the item's linked setup-fee line (the same quantity, spec §9). */
export function changeLineQty(lines: readonly TEditorLine[], key: string, qty: number): TEditorLine[] {
  const line = lines.find((l) => l.key === key);
  if (!line) return [...lines];
  return lines.map((l) =>
    l.key === key || (!line.isSetupFee && l.isSetupFee && sameItem(l, line)) ? { ...l, qty } : l,
  );
}

/**
 * Removes a line and, for an item line, its setup-fee lines. The last item line cannot be
 * removed (spec §5): the lines come back unchanged.
 */
export function removeLine(lines: readonly TEditorLine[], key: string): TEditorLine[] {
  const line = lines.find((l) => l.key === key);
  if (!line) return [...lines];
  const itemLines = lines.filter((l) => !l.isSetupFee);
  if (!line.isSetupFee && itemLines.length <= 1) return [...lines];
  return lines.filter((l) => l.key !== key && !(!line.isSetupFee && l.isSetupFee && sameItem(l, line)));
}

/** The price-sheet import marks an item as a discount when its price is below the standard price (spec §9). */
export function isDiscounted(priceCents: number, standardPriceCents: number): boolean {
  return priceCents < standardPriceCents;
}

/** 'name <email>' entries joined by commas (quote.recipient_emails, spec §3). */
export function recipientEmailsText(recipients: readonly { name: string | null; email: string }[]): string {
  return recipients.map((r) => (r.name ? `${r.name.replace(/[<>,]/g, '')} <${r.email}>` : r.email)).join(', ');
}

/**
 * The body a new draft starts with (spec §4: a default subject and body are prefilled): the
 * greeting with the {{contact_name}} merge tag and a short paragraph about the attached proposal.
 */
export function defaultQuoteBody(organizationName: string | null | undefined): string {
  const club = organizationName?.trim() || 'our club';
  return [
    'Hi {{contact_name}},',
    `Thank you for your interest in supporting ${club}. Attached is our sponsorship proposal for {{company_name}}, ` +
      'with the items we discussed and their pricing. Please review it and reply to this e-mail with any questions, ' +
      'or to let us know you would like to go ahead.',
    'Thank you,',
  ].join('\n\n');
}

/** The copy to the sender ('Send me a copy'): the same e-mail, its subject marked (spec §7). */
export function quoteCopySubject(subject: string): string {
  return `[COPY] ${subject}`;
}

/**
 * Who a quote comes from (spec §6): the organization's sponsorship lead address, else its
 * treasurer's, else the member sending it.
 */
export function quoteSenderEmail(
  org: { sponsorshipLeadEmail: string | null; treasurerEmail: string | null },
  memberEmail: string,
): string {
  return org.sponsorshipLeadEmail?.trim() || org.treasurerEmail?.trim() || memberEmail;
}

/** Why a quote cannot be accepted or rejected: only a sent one can (spec §4); null when it can. */
export function quoteDecisionBlock(status: TQuoteStatus, action: 'accept' | 'reject'): string | null {
  if (canDecideQuote(status)) return null;
  const done = action === 'accept' ? 'accepted' : 'rejected';
  return `Only a sent quote can be ${done}; this quote is ${QUOTE_STATUS_LABELS[status].toLowerCase()}.`;
}

/** The name of an item's setup-fee line: 'Outfield Banner (setup fee)'. */
export function setupFeeItemName(itemName: string): string {
  return `${itemName} (setup fee)`;
}

/** 'Quote-Acme-Hardware-1A2B3C.pdf': the company in plain ASCII and the short id. */
export function quoteFileName(companyName: string, id: string): string {
  const words =
    companyName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[A-Za-z0-9]+/g) ?? [];
  const company = words.join('-').slice(0, 60).replace(/-+$/, '');
  const shortId = id.slice(0, QUOTE_DISPLAY_ID_LENGTH).toUpperCase();
  return `Quote-${company ? `${company}-` : ''}${shortId}.pdf`;
}
