import type { TPlanState } from '@pennant/shared/organization/plans';
import type { TRole } from '@pennant/shared/team/roles';

export interface TMemberOrg {
  id: string;
  name: string;
  seasonLabel: string;
  fiscalStartMonth: number;
  hasCompletedMenuWizard: boolean;
  isFrozen: boolean;
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
  /**
   * Set when this is a platform admin impersonating the organization (ISO start): the member is
   * then its admin and owner, and the console's writes other than ending it are refused.
   */
  impersonatedAt?: string | null;
}
