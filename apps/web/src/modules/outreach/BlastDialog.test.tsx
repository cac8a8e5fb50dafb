// @vitest-environment jsdom
import { BLAST_LIMITS, BLAST_MESSAGES } from '@pennant/shared/outreach/schemas';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { catalogueKeys } from '../catalogue/catalogue-api';
import { seededClient, sessionFor, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { BlastCard } from './BlastCard';
import { newBlastDraft, writeBlastDraft } from './blast-draft';
import { stopAllBlastWatchers } from './blast-progress';
import { outreachKeys } from './outreach-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const SESSION = sessionFor(['sponsorship_lead']);
const ORG = SESSION.org?.id ?? '';
const USER = SESSION.user.id;
const LIST_ID = 'b1000000-0000-4000-8000-000000000001';
const PROSPECTS = [
  {
    id: 'c1000000-0000-4000-8000-000000000001',
    contactName: 'Alice Park',
    companyName: 'Hometown Hardware',
    email: 'alice@hh.example',
  },
  {
    id: 'c1000000-0000-4000-8000-000000000002',
    contactName: 'Ben Ortiz',
    companyName: 'Riverside Dental',
    email: 'ben@rd.example',
  },
];
/** The prospects as the infinite query holds them: one page, the last. */
function onePage(
  prospects: typeof PROSPECTS,
  nextCursor: string | null = null,
  totalCount = prospects.length,
  totalCapped = false,
) {
  return {
    pages: [{ prospects, nextCursor, totalCount, totalCapped }],
    pageParams: [null],
  };
}
const LISTS = [
  { id: LIST_ID, name: 'Spring Menu', seasonLabel: '2026', createdAt: '2026-01-01T00:00:00.000Z', items: [] },
];

beforeAll(() => {
  stubResizeObserver();
  Range.prototype.getClientRects = (() => ({
    length: 0,
    item: () => null,
    [Symbol.iterator]: [][Symbol.iterator],
  })) as unknown as Range['getClientRects'];
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
afterEach(() => {
  stopAllBlastWatchers();
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  for (const f of Object.values(toast)) f.mockReset();
});

function open(
  roles: Parameters<typeof sessionFor>[0] = ['sponsorship_lead'],
  firstPage: ReturnType<typeof onePage> = onePage(PROSPECTS),
) {
  const client = seededClient(roles, [
    [outreachKeys.prospects(''), firstPage],
    [catalogueKeys.priceLists, LISTS],
  ]);
  render(
    withClient(
      client,
      <MemoryRouter>
        <BlastCard />
      </MemoryRouter>,
    ),
  );
  const start = screen.queryByRole('button', { name: 'Start Email Blast' });
  if (!start) return null;
  fireEvent.click(start);
  return screen.getByRole('dialog', { name: BLAST_MESSAGES.cardTitle });
}

describe('the prospect e-mail blast', () => {
  it('shows the card to admins and sponsorship leads only', () => {
    expect(open(['treasurer'])).toBeNull();
    cleanup();
    expect(open(['admin'])).not.toBeNull();
  });

  it('lists the prospects, and Next needs one selected', () => {
    const dialog = open();
    if (!dialog) throw new Error('no dialog');
    expect(within(dialog).getByRole('cell', { name: 'Riverside Dental' })).toBeTruthy();
    expect(within(dialog).getByText(BLAST_MESSAGES.importHint)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next (0 selected)' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Ben Ortiz' }));
    expect(within(dialog).getByRole('button', { name: 'Next (1 selected)' })).toHaveProperty('disabled', false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next (2 selected)' }));
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Next (2 selected)' })).toBeTruthy();
  });

  it('pages with Load More, searches, and keeps the selection across pages and searches', async () => {
    const more = {
      id: 'c1000000-0000-4000-8000-000000000003',
      contactName: 'Cara Lee',
      companyName: 'Corner Bakery',
      email: 'cara@cb.example',
    };
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const q = new URL(url, 'http://localhost').searchParams;
        if (q.get('after'))
          return Response.json({ prospects: [more], nextCursor: null, totalCount: null, totalCapped: false });
        if (q.get('search') === 'dental')
          return Response.json({ prospects: [PROSPECTS[1]], nextCursor: null, totalCount: 1, totalCapped: false });
        return Response.json({ prospects: [], nextCursor: null, totalCount: 0, totalCapped: false });
      }),
    );
    const dialog = open(['sponsorship_lead'], onePage(PROSPECTS, `${PROSPECTS[1]?.id}:ben ortiz`, 3));
    if (!dialog) throw new Error('no dialog');
    expect(within(dialog).getByText('Showing 2 of 3 prospects')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load More Prospects' }));
    expect(await within(dialog).findByRole('cell', { name: 'Corner Bakery' })).toBeTruthy();
    expect(urls.map((u) => new URL(u, 'http://localhost').searchParams.get('after'))).toEqual([
      `${PROSPECTS[1]?.id}:ben ortiz`,
    ]);
    expect(within(dialog).getByText('Showing 3 of 3 prospects')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Load More Prospects' })).toBeNull();

    // Select all takes every row shown, the loaded page included; clearing it takes them out.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(within(dialog).getByRole('button', { name: 'Next (3 selected)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(within(dialog).getByRole('button', { name: 'Next (0 selected)' })).toHaveProperty('disabled', true);

    // A search narrows the table; what was picked under it stays picked when the search is cleared.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Cara Lee' }));
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search contact, company or email' }), {
      target: { value: ' dental ' },
    });
    await waitFor(() => expect(within(dialog).queryByRole('cell', { name: 'Hometown Hardware' })).toBeNull());
    expect(urls.at(-1)).toBe('/api/outreach/prospects?search=dental');
    expect(within(dialog).getByText('Showing 1 of 1 prospect')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(within(dialog).getByRole('button', { name: 'Next (2 selected)' })).toBeTruthy();
    expect(within(dialog).getByText('2 selected')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search contact, company or email' }), {
      target: { value: 'nobody' },
    });
    expect(await within(dialog).findByText(BLAST_MESSAGES.noMatchingProspects)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next (2 selected)' })).toHaveProperty('disabled', false);

    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search contact, company or email' }), {
      target: { value: '' },
    });
    expect(await within(dialog).findByRole('cell', { name: 'Hometown Hardware' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Select Ben Ortiz' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Select Cara Lee' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('checkbox', { name: 'Select Alice Park' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    // Going on and coming back keeps the selection; Clear selection empties it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next (2 selected)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Next (2 selected)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear selection' }));
    expect(within(dialog).getByRole('button', { name: 'Next (0 selected)' })).toHaveProperty('disabled', true);
  });

  it('stops Select all at the blast’s cap and says so', () => {
    // 499 chosen under other searches; the table shows three more.
    const chosen = Array.from({ length: BLAST_LIMITS.recipientsMax - 1 }, (_, i) => ({
      id: `c2000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      contactName: `Person ${String(i).padStart(3, '0')}`,
      companyName: `Company ${i}`,
      email: `p${i}@many.example`,
    }));
    writeBlastDraft(ORG, USER, { ...newBlastDraft(), recipients: chosen });
    const three = [
      ...PROSPECTS,
      {
        id: 'c1000000-0000-4000-8000-000000000009',
        contactName: 'Zed Last',
        companyName: 'Z Co',
        email: 'z@z.example',
      },
    ];
    const dialog = open(['sponsorship_lead'], onePage(three, 'cursor', 500, true));
    if (!dialog) throw new Error('no dialog');
    expect(within(dialog).getByText('Showing 3 of 500+ prospects')).toBeTruthy();
    expect(within(dialog).getByText('499 selected')).toBeTruthy();
    expect(within(dialog).queryByText(BLAST_MESSAGES.tooManyRecipients)).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    // The first row in the table's order fills the blast; the others cannot be added.
    expect(within(dialog).getByRole('button', { name: 'Next (500 selected)' })).toHaveProperty('disabled', false);
    expect(within(dialog).getByRole('alert').textContent).toBe(BLAST_MESSAGES.tooManyRecipients);
    expect(within(dialog).getByRole('checkbox', { name: 'Select Alice Park' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const ben = within(dialog).getByRole('checkbox', { name: 'Select Ben Ortiz' });
    expect(ben.getAttribute('aria-checked')).toBe('false');
    expect(ben).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Select all' })).toHaveProperty('disabled', true);
    // Taking one out makes room for another.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Alice Park' }));
    expect(within(dialog).queryByText(BLAST_MESSAGES.tooManyRecipients)).toBeNull();
    fireEvent.click(ben);
    expect(within(dialog).getByRole('button', { name: 'Next (500 selected)' })).toBeTruthy();
  });

  it('says when there is no prospect', () => {
    const client = seededClient(
      ['admin'],
      [
        [outreachKeys.prospects(''), onePage([])],
        [catalogueKeys.priceLists, LISTS],
      ],
    );
    render(
      withClient(
        client,
        <MemoryRouter>
          <BlastCard />
        </MemoryRouter>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start Email Blast' }));
    expect(screen.getByText(BLAST_MESSAGES.noProspects)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Companies' }).getAttribute('href')).toBe('/dashboard/companies');
  });

  it('needs both seeds to generate, falls back for a failed preview, and sends what was previewed', async () => {
    writeBlastDraft(ORG, USER, {
      ...newBlastDraft(),
      step: 2,
      recipients: PROSPECTS,
      priceListId: LIST_ID,
      subjectSeed: 'Spring Menu - Sponsorship Opportunities',
    });
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (url === '/api/outreach/previews') {
          const prospectId = z.object({ prospectId: z.string() }).parse(body).prospectId;
          if (prospectId === PROSPECTS[1]?.id) return new Response('<!DOCTYPE html><html></html>', { status: 200 });
          return Response.json({ subject: 'Hello Hometown', html: '<p>Dear Alice</p>' });
        }
        if (url === '/api/outreach/blasts') {
          bodies.push(body);
          return Response.json(
            { campaignId: 'd1000000-0000-4000-8000-000000000001', recipientCount: 2 },
            { status: 201 },
          );
        }
        return Response.json({
          id: 'x',
          status: 'queued',
          total: 2,
          sent: 0,
          failed: 0,
          skipped: 0,
          queued: 2,
          completedAt: null,
        });
      }),
    );
    const dialog = open();
    if (!dialog) throw new Error('no dialog');
    const generate = within(dialog).getByRole('button', { name: 'Generate Previews' });
    const subjectSeed = within(dialog).getByLabelText('Subject Seed');
    expect(subjectSeed).toHaveProperty('value', 'Spring Menu - Sponsorship Opportunities');
    fireEvent.change(subjectSeed, { target: { value: '' } });
    expect(generate).toHaveProperty('disabled', true);
    expect(within(dialog).getByText(BLAST_MESSAGES.seedsRequired)).toBeTruthy();
    fireEvent.change(subjectSeed, { target: { value: 'Spring Menu - Sponsorship Opportunities' } });
    expect(within(dialog).queryByText(BLAST_MESSAGES.seedsRequired)).toBeNull();
    const next = within(dialog).getByRole('button', { name: 'Next (2 selected)' });
    expect(next).toHaveProperty('disabled', true);

    fireEvent.click(generate);
    const failed = await within(dialog).findByRole('button', { name: /Riverside Dental/ });
    expect(within(failed).getByText('Personalization failed')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Hometown Hardware/ }).textContent).not.toContain(
      'Personalization failed',
    );
    fireEvent.click(failed);
    expect(within(dialog).getByDisplayValue('Spring Menu - Sponsorship Opportunities - Riverside Dental')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Email body for Ben Ortiz' }).textContent).toContain(
      BLAST_MESSAGES.previewHtml,
    );

    await waitFor(() => expect(next).toHaveProperty('disabled', false));
    fireEvent.click(next);
    expect(within(dialog).getByText('Spring Menu (2026)')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Sponsorship Lead' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Attach PDF price sheet' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Me' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([
      expect.objectContaining({
        priceListId: LIST_ID,
        ccRole: 'me',
        attachPdf: true,
        recipients: [
          { prospectId: PROSPECTS[0]?.id, subject: 'Hello Hometown', html: '<p>Dear Alice</p>' },
          expect.objectContaining({
            prospectId: PROSPECTS[1]?.id,
            subject: 'Spring Menu - Sponsorship Opportunities - Riverside Dental',
          }),
        ],
      }),
    ]);
    expect(toast.info).toHaveBeenCalledWith(BLAST_MESSAGES.processing);
    expect(window.localStorage.length).toBe(0);
  });

  it('says when the blast could not be queued, and stays open', async () => {
    writeBlastDraft(ORG, USER, {
      ...newBlastDraft(),
      step: 3,
      recipients: PROSPECTS.slice(0, 1),
      priceListId: LIST_ID,
      subjectSeed: 'S',
      samples: [{ prospectId: PROSPECTS[0]?.id ?? '', subject: 'S', html: '<p>x</p>', failed: false }],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'conflict', message: 'No treasurer' } }, { status: 409 })),
    );
    const dialog = open();
    if (!dialog) throw new Error('no dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BLAST_MESSAGES.queueFailed('No treasurer')));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
