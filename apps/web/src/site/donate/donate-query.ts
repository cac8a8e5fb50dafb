import { cleanQueryId } from '@pennant/shared/fundraising/rules';

/** The /donate query (spec 002 §2.7), as the page uses it. */
export interface TDonateQuery {
  /** null when missing ('Campaign ID is required'). */
  campaignId: string | null;
  /** The prefilled amount in dollars as given ('50', '37.50'), or '' when there is none worth showing. */
  amount: string;
  playerId: string | null;
  contactId: string | null;
  /** The prefilled e-mail, as given. */
  email: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a link, or null for 'undefined', 'null', blank, or anything that cannot be an id. */
function linkId(value: string | null): string | null {
  const id = cleanQueryId(value);
  return id && UUID.test(id) ? id : null;
}

/** A positive dollar amount as typed in a link, else ''. */
function prefillAmount(value: string | null): string {
  const v = value?.trim() ?? '';
  return /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) > 0 ? v : '';
}

export function readDonateQuery(search: string): TDonateQuery {
  const q = new URLSearchParams(search);
  return {
    campaignId: cleanQueryId(q.get('campaign_id')),
    amount: prefillAmount(q.get('amount')),
    playerId: linkId(q.get('player_id')),
    contactId: linkId(q.get('contact_id')),
    email: (q.get('email') ?? '').trim().slice(0, 254),
  };
}

/** /donate for the campaign again, keeping who the donation was for (the cancel page's Try Again). */
export function donateAgainHref(search: string): string {
  const q = new URLSearchParams(search);
  const again = new URLSearchParams();
  const campaignId = cleanQueryId(q.get('campaign_id'));
  if (campaignId) again.set('campaign_id', campaignId);
  for (const key of ['player_id', 'contact_id'] as const) {
    const id = linkId(q.get(key));
    if (id) again.set(key, id);
  }
  const query = again.toString();
  return query ? `/donate?${query}` : '/donate';
}
