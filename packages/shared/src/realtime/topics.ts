/**
 * The realtime topics: what changed in an organization, pushed on `/api/events` as
 * `{ topic }`. Route contracts name the topic they touch; the web app refreshes that topic's
 * queries. One table, so the server cannot publish a topic the client does not know.
 */
export const TOPICS = [
  'companies',
  'imports',
  'catalogue',
  'members',
  'invites',
  'invoices',
  'quotes',
  'agreements',
  'billing',
  'fundraising',
  'outreach',
  /** The platform admin console (its own mutations only; never published to an organization). */
  'admin',
] as const;
export type TTopic = (typeof TOPICS)[number];
