// @vitest-environment jsdom
import { AGREEMENT_MESSAGES, type TAgreementDetail } from '@pennant/shared/agreements/schemas';
import type { TRole } from '@pennant/shared/team/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededClient, stubResizeObserver, withClient } from '../catalogue/test-helpers';
import { EmailAgreementDialog } from './EmailAgreementDialog';

const AGREEMENT: Pick<
  TAgreementDetail,
  'id' | 'companyName' | 'companyEmail' | 'primaryContactName' | 'startDate' | 'endDate'
> = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  companyName: 'Acme Hardware',
  companyEmail: 'office@acme.example',
  primaryContactName: 'Sam Rivera',
  startDate: '2026-03-01',
  endDate: '2027-03-01',
};

function renderDialog(opts: { roles?: TRole[]; agreement?: Partial<typeof AGREEMENT> } = {}) {
  const client = seededClient(opts.roles ?? ['sponsorship_lead']);
  render(
    withClient(
      client,
      <EmailAgreementDialog open onOpenChange={() => undefined} agreement={{ ...AGREEMENT, ...opts.agreement }} />,
    ),
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
const personalize = () => fireEvent.click(screen.getByRole('button', { name: 'Personalize with AI' }));

beforeAll(stubResizeObserver);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EmailAgreementDialog', () => {
  it('starts with the company e-mail, the primary contact, a subject and body, and the PDF attached', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Email Agreement' })).toBeTruthy();
    expect(field('Recipient Email').value).toBe('office@acme.example');
    expect(field('Recipient Name').value).toBe('Sam Rivera');
    expect(field('CC (optional)').value).toBe('');
    expect(field('Subject').value).toBe('Sponsorship Agreement from Lincoln Boosters');
    expect(field('Body').value).toContain('Hi Sam,');
    expect(screen.getByRole('checkbox', { name: 'Attach PDF' }).getAttribute('aria-checked')).toBe('true');
  });

  it('needs a recipient address, and both a subject and a body, before sending', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog({ agreement: { companyEmail: null } });
    send();
    expect(screen.getByText(AGREEMENT_MESSAGES.recipient)).toBeTruthy();

    fireEvent.change(field('Recipient Email'), { target: { value: 'sam@acme.example' } });
    fireEvent.change(field('Subject'), { target: { value: '   ' } });
    send();
    expect(screen.queryByText(AGREEMENT_MESSAGES.recipient)).toBeNull();
    expect(screen.getByText(AGREEMENT_MESSAGES.subjectAndBody)).toBeTruthy();

    fireEvent.change(field('Subject'), { target: { value: 'Your agreement' } });
    fireEvent.change(field('Body'), { target: { value: '' } });
    send();
    expect(screen.getByText(AGREEMENT_MESSAGES.subjectAndBody)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a recipient name for AI personalization', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog({ agreement: { primaryContactName: null } });
    expect(field('Recipient Name').value).toBe('');
    personalize();
    expect(screen.getByText(AGREEMENT_MESSAGES.recipientName)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the AI draft into the subject and body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ subject: 'Welcome aboard, Sam', body: 'Hi Sam,\n\nThank you for sponsoring.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    personalize();
    await waitFor(() => expect(field('Subject').value).toBe('Welcome aboard, Sam'));
    expect(field('Body').value).toBe('Hi Sam,\n\nThank you for sponsoring.');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/agreements/${AGREEMENT.id}/email-draft`);
    expect(JSON.parse(String(init?.body))).toEqual({
      recipientName: 'Sam Rivera',
      recipientEmail: 'office@acme.example',
    });
  });

  it('sends the e-mail with the copy address and the attachment choice', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ sentTo: 'office@acme.example', pdfAttached: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.change(field('CC (optional)'), { target: { value: 'me@club.example' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Attach PDF' }));
    send();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/agreements/${AGREEMENT.id}/email`);
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      recipientEmail: 'office@acme.example',
      recipientName: 'Sam Rivera',
      ccEmail: 'me@club.example',
      subject: 'Sponsorship Agreement from Lincoln Boosters',
      attachPdf: false,
    });
  });

  it('lets a member without the right read but not send', () => {
    renderDialog({ roles: ['read_only'] });
    expect(screen.getByRole('button', { name: 'Send Email' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Personalize with AI' })).toHaveProperty('disabled', true);
  });
});
