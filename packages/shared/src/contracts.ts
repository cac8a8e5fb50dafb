import * as admin from './admin/contract';
import * as agreements from './agreements/contract';
import * as auth from './auth/contract';
import * as billing from './billing/contract';
import * as catalogue from './catalogue/contract';
import * as companies from './companies/contract';
import type { TContract } from './contract';
import * as dashboard from './dashboard/contract';
import * as files from './files/contract';
import * as fundraising from './fundraising/contract';
import * as invoices from './invoices/contract';
import * as onboarding from './onboarding/contract';
import * as organization from './organization/contract';
import * as outreach from './outreach/contract';
import * as quotes from './quotes/contract';
import * as events from './realtime/contract';
import * as session from './session/contract';
import * as team from './team/contract';

const isContract = (v: unknown): v is TContract =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'permission' in v && 'responses' in v;

/** Every route contract of the API; the server mounts exactly these and the suites walk them. */
export const ALL_CONTRACTS: readonly TContract[] = [
  auth,
  session,
  onboarding,
  organization,
  team,
  dashboard,
  companies,
  catalogue,
  quotes,
  agreements,
  invoices,
  fundraising,
  outreach,
  billing,
  files,
  events,
  admin,
].flatMap((area) => Object.values(area).filter(isContract));

/** The contract path as a pattern for a real request path ('/companies/{id}' → /^\/api\/companies\/[^/]+$/). */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^/api${escaped}$`);
}
