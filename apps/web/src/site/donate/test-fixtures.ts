import type { TPublicCampaign } from '@pennant/shared/fundraising/schemas';
import { vi } from 'vitest';

export const CAMPAIGN_ID = '5c000000-0000-4000-8000-000000000001';
export const PLAYER_ID = '5c000000-0000-4000-8000-000000000002';
export const CONTACT_ID = '5c000000-0000-4000-8000-000000000003';

export const PLAYER_CAMPAIGN: TPublicCampaign = {
  id: CAMPAIGN_ID,
  name: 'Spring Drive',
  campaignType: 'player',
  behalfOfName: null,
  organizationName: 'Eastside Eagles',
};

export const ALUMNI_CAMPAIGN: TPublicCampaign = {
  ...PLAYER_CAMPAIGN,
  name: 'Alumni Fund',
  campaignType: 'alumni',
  behalfOfName: 'Coach Rivera',
};

export const apiError = (status: number, message: string) =>
  Response.json({ error: { code: status === 404 ? 'not_found' : 'conflict', message } }, { status });

/** fetch answered by `answer`; the calls are the mock's (URL, method, parsed body). */
export function stubFetch(answer: (method: string, url: string, body: unknown) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    answer(init?.method ?? 'GET', url, init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
