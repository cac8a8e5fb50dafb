// @vitest-environment jsdom
import { NOTE_MAX_LENGTH } from '@pennant/shared/companies/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoteComposer } from './NoteComposer';

function renderComposer(props: { disabled?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NoteComposer companyId="c1" {...props} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NoteComposer', () => {
  it('counts characters and refuses an empty note or one over the limit', () => {
    renderComposer();
    const box = screen.getByLabelText('Add a note');
    const add = screen.getByRole('button', { name: 'Add Note' });
    expect(screen.getByText(`0/${NOTE_MAX_LENGTH}`)).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);

    fireEvent.change(box, { target: { value: '   ' } });
    expect(add).toHaveProperty('disabled', true);

    fireEvent.change(box, { target: { value: 'Called Riley' } });
    expect(screen.getByText(`12/${NOTE_MAX_LENGTH}`)).toBeTruthy();
    expect(add).toHaveProperty('disabled', false);

    fireEvent.change(box, { target: { value: 'x'.repeat(NOTE_MAX_LENGTH + 1) } });
    expect(screen.getByRole('alert').textContent).toContain('Character limit exceeded');
    expect(add).toHaveProperty('disabled', true);
  });

  it('stays closed to a member without the right, whatever is typed', () => {
    renderComposer({ disabled: true });
    expect(screen.getByLabelText('Add a note')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add Note' })).toHaveProperty('disabled', true);
  });

  it('posts the note through its route contract and clears the box', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json(
        {
          id: '00000000-0000-4000-8000-000000000001',
          companyId: '00000000-0000-4000-8000-000000000002',
          eventType: 'note',
          description: 'Called Riley',
          bodyHtml: null,
          metadata: null,
          createdBy: null,
          occurredAt: '2026-11-23T10:00:00.000Z',
          createdAt: '2026-11-23T10:00:00.000Z',
        },
        { status: 201 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderComposer();
    const box = screen.getByLabelText('Add a note');
    fireEvent.change(box, { target: { value: 'Called Riley' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/companies/c1/notes');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ description: 'Called Riley' }));
  });
});
