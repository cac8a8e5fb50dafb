// @vitest-environment jsdom
import type { TImportTable } from '@pennant/shared/companies/import-mapping';
import type { TImportState } from '@pennant/shared/companies/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportWizard } from './ImportWizard';

/** A file whose columns do not look like a company name: the mapping starts without one. */
const table: TImportTable = {
  headers: ['Partner', 'Email'],
  rows: [
    { rowNumber: 2, values: { Partner: 'Acme Hardware', Email: 'sam@acme.example' } },
    { rowNumber: 3, values: { Partner: 'Lakeside Coffee', Email: '' } },
  ],
};

const uploaded: TImportState = {
  id: '00000000-0000-4000-8000-000000000001',
  fileName: 'partners.csv',
  fileKind: 'csv',
  sheets: [],
  sheet: null,
  status: 'uploaded',
  totalRows: null,
  rowsDone: 0,
  imported: 0,
  skipped: 0,
  failed: 0,
  failures: [],
  error: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  finishedAt: null,
};

// The file is read in a Web Worker and uploaded through XMLHttpRequest; neither runs in jsdom.
vi.mock('./useParseWorker', () => ({
  ParserStopped: class ParserStopped extends Error {},
  useParseWorker: () => ({
    open: async () => ({ id: 1, ok: true, sheets: [], result: { ok: true, table } }),
    sheet: async () => ({ id: 2, ok: true, sheets: [], result: null }),
    reset: () => undefined,
  }),
}));
vi.mock('./upload-import', () => ({ uploadImportFile: async () => uploaded }));

/** jsdom's Blob has no arrayBuffer(); the wizard reads a file's first bytes to tell a real workbook. */
function readAsArrayBuffer(this: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(reader.error));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
}

beforeAll(() => {
  if (!('arrayBuffer' in Blob.prototype)) {
    Object.defineProperty(Blob.prototype, 'arrayBuffer', { configurable: true, value: readAsArrayBuffer });
  }
});
afterEach(cleanup);

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ImportWizard open onOpenChange={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ImportWizard', () => {
  it('keeps Continue disabled on the mapping until a column is mapped to Company Name', async () => {
    renderWizard();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Upload file'), {
      target: { files: [new File(['Partner,Email\nAcme Hardware,sam@acme.example\n'], 'partners.csv')] },
    });

    const partner = await screen.findByLabelText('Field for column Partner');
    expect(screen.getByText('Map Fields')).toBeTruthy();
    expect(screen.getByLabelText('Field for column Email')).toHaveProperty('value', 'contact_email');
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(screen.getByRole('status').textContent).toBe('Required field not mapped: Company Name');
    expect(proceed).toHaveProperty('disabled', true);

    fireEvent.change(partner, { target: { value: 'name' } });
    expect(screen.queryByText(/Required field not mapped/)).toBeNull();
    expect(proceed).toHaveProperty('disabled', false);

    fireEvent.change(partner, { target: { value: '' } });
    expect(proceed).toHaveProperty('disabled', true);
  });
});
