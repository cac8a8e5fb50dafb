import * as companies from '@pennant/shared/companies/contract';
import * as team from '@pennant/shared/team/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './api';

afterEach(() => vi.unstubAllGlobals());

function replyWith(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('call(contract, input)', () => {
  it('builds the path from the contract, escaping ids, and the query without empty values', async () => {
    const fetchMock = replyWith(200, { invites: [] });
    await call(team.listInvites);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/team/invites');

    replyWith(200, { contacts: [] });
    await call(companies.listContacts, { params: { id: 'a/b' }, query: { includeInactive: 'true' } });
    const last = vi.mocked(fetch).mock.calls[0]?.[0];
    expect(last).toBe('/api/companies/a%2Fb/contacts?includeInactive=true');
  });

  it('parses the reply with the contract’s schema and refuses one that does not match', async () => {
    replyWith(200, { invites: 'not a list' });
    await expect(call(team.listInvites)).rejects.toThrow();
  });

  it('turns an error reply into an ApiError with the server’s code, message and fields', async () => {
    replyWith(409, { error: { code: 'conflict', message: 'Taken', fields: { email: 'Taken' } } });
    const err = await call(companies.addContact, {
      params: { id: 'c1' },
      body: { name: 'Pat', email: 'pat@example.com' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'conflict', message: 'Taken', fields: { email: 'Taken' } });
  });
});
