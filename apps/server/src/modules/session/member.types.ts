import type { TPlanState } from '@pennant/shared/organization/plans';
import type { TRole } from '@pennant/shared/team/roles';

export interface TMemberOrg {
  id: string;
  name: string;
  seasonLabel: string;
  fiscalStartMonth: number;
  hasCompletedMenuWizard: boolean;
  isFrozen: boolean;
  /**
   * The organization's calendar zone (canonical): its owner's saved zone, the default when none.
   * An organization has no zone of its own (zones are personal, spec 000 §3 user_profiles), so
   * due dates, the overdue run and the giving timeline keep one calendar whoever looks.
   */
  timezone: string;
}

/** A signed-in user acting inside their current organization. */
export interface TMember {
  userId: string;
  email: string;
  name: string;
  orgId: string;
  org: TMemberOrg;
  roles: TRole[];
  isOwner: boolean;
  plan: TPlanState;
  /** The calendar zone this user reads dates in (canonical): their saved zone, the default when none. */
  timezone: string;
  /**
   * Set when this is a platform admin impersonating the organization (ISO start): the member is
   * then its admin and owner, and the console's writes other than ending it are refused.
   */
  impersonatedAt?: string | null;
}
