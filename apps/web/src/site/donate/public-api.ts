import { ZApiError } from '@pennant/shared/api.schemas';
import { createDonationCheckout, publicCampaign } from '@pennant/shared/fundraising/contract';
import {
  type TDonationCheckoutInput,
  type TPublicCampaign,
  ZDonationCheckout,
  ZPublicCampaign,
} from '@pennant/shared/fundraising/schemas';

/*
 * The donation pages' two calls, by their contracts' paths and reply schemas. A plain fetch: the
 * public site never loads the dashboard's client (its query cache, session and realtime).
 */

/** A refusal from the API: its status and the server's message, when it sent one. */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'PublicApiError';
  }
}

const api = (path: string) => `/api${path}`;

async function send(path: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
  } catch {
    // Offline or the server unreachable: there is no server message to show.
    throw new PublicApiError(0, null);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const parsed = ZApiError.safeParse(data);
    throw new PublicApiError(res.status, parsed.success ? parsed.data.error.message : null);
  }
  return data;
}

/** GET /api/public/campaigns/{id}: what the donation page shows. */
export async function fetchPublicCampaign(id: string): Promise<TPublicCampaign> {
  const data = await send(api(publicCampaign.path.replace('{id}', encodeURIComponent(id))), {
    method: publicCampaign.method.toUpperCase(),
  });
  const parsed = ZPublicCampaign.safeParse(data);
  if (!parsed.success) throw new PublicApiError(200, null);
  return parsed.data;
}

/**
 * POST /api/public/donations: the provider's checkout address, or null when the reply carries
 * none (the page says 'No checkout URL returned').
 */
export async function startDonation(body: TDonationCheckoutInput): Promise<string | null> {
  const data = await send(api(createDonationCheckout.path), {
    method: createDonationCheckout.method.toUpperCase(),
    body: JSON.stringify(body),
  });
  const parsed = ZDonationCheckout.safeParse(data);
  // Only a web page is somewhere to send the browser (never javascript: or data:).
  return parsed.success && /^https?:\/\//i.test(parsed.data.checkoutUrl) ? parsed.data.checkoutUrl : null;
}
