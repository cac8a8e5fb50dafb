import { describe, expect, it } from 'vitest';
import {
  bundleSetupFeeCents,
  canDecideQuote,
  changeLineQty,
  chooseLineItem,
  defaultProductPrice,
  defaultQuoteBody,
  isActiveQuote,
  isDiscounted,
  isEditableQuote,
  quoteCopySubject,
  quoteDecisionBlock,
  quoteExpiresAt,
  quoteFileName,
  quoteNumber,
  quoteRenewalCents,
  quoteSendBlock,
  quoteSenderEmail,
  quoteTabStatuses,
  quoteYearOneCents,
  recipientEmailsText,
  removeLine,
  setupFeeItemName,
  type TCatalogueBundle,
  type TCatalogueProduct,
  type TEditorLine,
} from './rules';
import {
  QUOTE_MESSAGES,
  QUOTE_SEND_BLOCKS,
  QUOTE_STATUSES,
  ZQuoteEmailInput,
  ZQuoteInput,
  ZQuoteListQuery,
  ZQuoteSend,
} from './schemas';

const banner: TCatalogueProduct = {
  id: 'p-banner',
  name: 'Outfield Banner',
  recurringPriceCents: 50_000,
  setupFeeCents: 7_500,
};
const program: TCatalogueProduct = {
  id: 'p-program',
  name: 'Program Ad',
  recurringPriceCents: 20_000,
  setupFeeCents: null,
};
const gameDay: TCatalogueBundle = {
  id: 'b-game-day',
  name: 'Game Day Package',
  packagePriceCents: 90_000,
  items: [
    { productId: 'p-banner', qty: 2, setupFeeCents: 7_500 },
    { productId: 'p-program', qty: 1, setupFeeCents: null },
  ],
};

function keys() {
  let n = 0;
  return () => {
    n += 1;
    return `k${n}`;
  };
}

const blank = (key: string): TEditorLine => ({
  key,
  productId: null,
  bundleId: null,
  qty: 1,
  unitPriceCents: 0,
  isSetupFee: false,
});

describe('the line editor', () => {
  it('puts a product on a line at its price and adds its setup-fee line right after it', () => {
    const lines = chooseLineItem([blank('a'), blank('b')], 'a', { kind: 'product', product: banner }, keys());
    expect(lines).toEqual([
      { key: 'a', productId: 'p-banner', bundleId: null, qty: 1, unitPriceCents: 50_000, isSetupFee: false },
      { key: 'k1', productId: 'p-banner', bundleId: null, qty: 1, unitPriceCents: 7_500, isSetupFee: true },
      blank('b'),
    ]);
  });

  it('adds no fee line for a product without a setup fee, and a bundle’s fee is its products’ fees × quantity', () => {
    expect(chooseLineItem([blank('a')], 'a', { kind: 'product', product: program }, keys())).toEqual([
      { key: 'a', productId: 'p-program', bundleId: null, qty: 1, unitPriceCents: 20_000, isSetupFee: false },
    ]);
    expect(bundleSetupFeeCents(gameDay)).toBe(15_000);
    expect(chooseLineItem([blank('a')], 'a', { kind: 'bundle', bundle: gameDay }, keys())).toEqual([
      { key: 'a', productId: null, bundleId: 'b-game-day', qty: 1, unitPriceCents: 90_000, isSetupFee: false },
      { key: 'k1', productId: null, bundleId: 'b-game-day', qty: 1, unitPriceCents: 15_000, isSetupFee: true },
    ]);
  });

  it('removes the old item’s setup-fee line when the item changes, keeping the quantity', () => {
    const next = keys();
    let lines = chooseLineItem([blank('a')], 'a', { kind: 'product', product: banner }, next);
    lines = changeLineQty(lines, 'a', 3);
    lines = chooseLineItem(lines, 'a', { kind: 'product', product: program }, next);
    expect(lines).toEqual([
      { key: 'a', productId: 'p-program', bundleId: null, qty: 3, unitPriceCents: 20_000, isSetupFee: false },
    ]);
    // And back to the banner: a fee line again, with the line's quantity.
    lines = chooseLineItem(lines, 'a', { kind: 'product', product: banner }, next);
    expect(lines.map((l) => [l.productId, l.qty, l.unitPriceCents, l.isSetupFee])).toEqual([
      ['p-banner', 3, 50_000, false],
      ['p-banner', 3, 7_500, true],
    ]);
    expect(chooseLineItem(lines, 'missing', { kind: 'product', product: banner }, next)).toEqual(lines);
  });

  it('carries a quantity change to the item’s fee line, not from a fee line to its item', () => {
    const lines = chooseLineItem([blank('a')], 'a', { kind: 'product', product: banner }, keys());
    const changed = changeLineQty(lines, 'a', 4);
    expect(changed.map((l) => l.qty)).toEqual([4, 4]);
    const feeOnly = changeLineQty(changed, 'k1', 2);
    expect(feeOnly.map((l) => l.qty)).toEqual([4, 2]);
    expect(changeLineQty(lines, 'missing', 9)).toEqual(lines);
  });

  it('removes an item line with its fee line, but never the last item line', () => {
    const next = keys();
    let lines = chooseLineItem([blank('a'), blank('b')], 'a', { kind: 'product', product: banner }, next);
    lines = chooseLineItem(lines, 'b', { kind: 'product', product: program }, next);
    const withoutBanner = removeLine(lines, 'a');
    expect(withoutBanner.map((l) => l.key)).toEqual(['b']);
    expect(removeLine(withoutBanner, 'b')).toEqual(withoutBanner);
    // A fee line alone can go; the item stays.
    expect(removeLine(lines, 'k1').map((l) => l.key)).toEqual(['a', 'b']);
    const single = chooseLineItem([blank('x')], 'x', { kind: 'product', product: banner }, keys());
    expect(removeLine(single, 'x')).toEqual(single);
    expect(removeLine(single, 'k1').map((l) => l.key)).toEqual(['x']);
  });

  it('takes the default price of a product, and marks an imported price below the standard one', () => {
    expect(defaultProductPrice(banner)).toBe(50_000);
    expect(defaultProductPrice({ recurringPriceCents: null })).toBe(0);
    expect(isDiscounted(45_000, 50_000)).toBe(true);
    expect(isDiscounted(50_000, 50_000)).toBe(false);
  });
});

describe('totals', () => {
  const lines = [
    { qty: 2, unitPriceCents: 50_000, isSetupFee: false },
    { qty: 2, unitPriceCents: 7_500, isSetupFee: true },
    { qty: 1, unitPriceCents: 20_000, isSetupFee: false },
  ];

  it('counts setup fees in year 1 only', () => {
    expect(quoteYearOneCents(lines)).toBe(135_000);
    expect(quoteRenewalCents(lines)).toBe(120_000);
    expect(quoteYearOneCents([])).toBe(0);
  });
});

describe('statuses, tabs and send blocks', () => {
  it('sends only drafts and sent quotes, in the spec’s words otherwise', () => {
    expect(quoteSendBlock('draft')).toBeNull();
    expect(quoteSendBlock('sent')).toBeNull();
    expect(quoteSendBlock('accepted')).toBe(
      'This quote has already been accepted and cannot be sent again. Create a new quote if needed.',
    );
    for (const status of ['rejected', 'expired', 'contracted', 'archived'] as const) {
      expect(quoteSendBlock(status)).toBe(QUOTE_SEND_BLOCKS[status]);
      expect(quoteSendBlock(status)).toMatch(/cannot be sent again\. Create a new quote if needed\.$/);
    }
  });

  it('decides sent quotes only, edits drafts only', () => {
    for (const status of QUOTE_STATUSES) {
      expect(canDecideQuote(status)).toBe(status === 'sent');
      expect(isEditableQuote(status)).toBe(status === 'draft');
      expect(quoteDecisionBlock(status, 'accept') === null).toBe(status === 'sent');
    }
    expect(quoteDecisionBlock('draft', 'accept')).toBe('Only a sent quote can be accepted; this quote is draft.');
    expect(quoteDecisionBlock('expired', 'reject')).toBe('Only a sent quote can be rejected; this quote is expired.');
  });

  it('groups statuses into the tabs: Active, Accepted, Closed', () => {
    expect(quoteTabStatuses('all')).toBeNull();
    expect(quoteTabStatuses('active')).toEqual(['draft', 'sent']);
    expect(quoteTabStatuses('accepted')).toEqual(['accepted', 'contracted']);
    expect(quoteTabStatuses('closed')).toEqual(['rejected', 'expired', 'archived']);
    expect(isActiveQuote('sent')).toBe(true);
    expect(isActiveQuote('expired')).toBe(false);
    expect(isActiveQuote('rejected')).toBe(false);
  });

  it('expires 30 days after sending', () => {
    const sent = new Date('2026-03-03T15:00:00Z');
    expect(quoteExpiresAt(sent).toISOString()).toBe('2026-04-02T15:00:00.000Z');
  });
});

describe('names, senders and e-mail text', () => {
  const id = '1a2b3c4d-0000-4000-8000-000000000000';

  it('shows the id as Quote # and the first 6 characters, upper case', () => {
    expect(quoteNumber(id)).toBe('Quote #1A2B3C');
    expect(quoteFileName('Café Ünïon & Co.', id)).toBe('Quote-Cafe-Union-Co-1A2B3C.pdf');
    expect(quoteFileName('!!!', id)).toBe('Quote-1A2B3C.pdf');
    expect(setupFeeItemName('Outfield Banner')).toBe('Outfield Banner (setup fee)');
  });

  it('sends from the sponsorship lead, else the treasurer, else the member (spec §6)', () => {
    expect(quoteSenderEmail({ sponsorshipLeadEmail: 'lead@x.org', treasurerEmail: 't@x.org' }, 'me@x.org')).toBe(
      'lead@x.org',
    );
    expect(quoteSenderEmail({ sponsorshipLeadEmail: ' ', treasurerEmail: 't@x.org' }, 'me@x.org')).toBe('t@x.org');
    expect(quoteSenderEmail({ sponsorshipLeadEmail: null, treasurerEmail: null }, 'me@x.org')).toBe('me@x.org');
  });

  it('writes recipients as name <email>, the copy’s subject and the default body', () => {
    expect(
      recipientEmailsText([
        { name: 'Jane <Doe>, Jr', email: 'jane@acme.example' },
        { name: null, email: 'bob@acme.example' },
      ]),
    ).toBe('Jane Doe Jr <jane@acme.example>, bob@acme.example');
    expect(quoteCopySubject('Sponsorship Proposal')).toBe('[COPY] Sponsorship Proposal');
    const body = defaultQuoteBody('Eagles Boosters');
    expect(body.startsWith('Hi {{contact_name}},\n\n')).toBe(true);
    expect(body).toContain('Eagles Boosters');
    expect(body).toContain('{{company_name}}');
    expect(defaultQuoteBody('  ')).toContain('our club');
  });
});

describe('schemas', () => {
  const line = { productId: '00000000-0000-4000-8000-000000000001', qty: 1, unitPriceCents: 100 };

  it('needs a company and an item line, in the spec’s words', () => {
    const empty = ZQuoteInput.safeParse({});
    expect(empty.success).toBe(false);
    const messages = empty.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain(QUOTE_MESSAGES.company);
    expect(messages).toContain(QUOTE_MESSAGES.lines);
    const feeOnly = ZQuoteInput.safeParse({
      companyId: '00000000-0000-4000-8000-000000000002',
      lines: [{ ...line, isSetupFee: true }],
    });
    expect(feeOnly.error?.issues[0]?.message).toBe(QUOTE_MESSAGES.lines);
    const both = ZQuoteInput.safeParse({
      companyId: '00000000-0000-4000-8000-000000000002',
      lines: [{ ...line, bundleId: line.productId }],
    });
    expect(both.error?.issues[0]?.message).toBe('Choose a product or bundle');
    const zero = ZQuoteInput.safeParse({
      companyId: '00000000-0000-4000-8000-000000000002',
      lines: [{ ...line, qty: 0 }],
    });
    expect(zero.error?.issues[0]?.message).toBe(QUOTE_MESSAGES.quantity);
  });

  it('needs a subject, a body and a recipient to send', () => {
    expect(ZQuoteEmailInput.safeParse({ subject: ' ', body: 'B' }).error?.issues[0]?.message).toBe(
      QUOTE_MESSAGES.subject,
    );
    expect(ZQuoteEmailInput.safeParse({ subject: 'S', body: '' }).error?.issues[0]?.message).toBe(QUOTE_MESSAGES.body);
    expect(ZQuoteSend.safeParse({ subject: 'S', body: 'B', contactIds: [] }).error?.issues[0]?.message).toBe(
      QUOTE_MESSAGES.recipients,
    );
  });

  it('lists the Active tab, page 1, by default', () => {
    expect(ZQuoteListQuery.parse({})).toEqual({ tab: 'active', page: 1 });
    expect(ZQuoteListQuery.parse({ page: '3', q: ' acme ' })).toEqual({ tab: 'active', page: 3, q: 'acme' });
  });
});
