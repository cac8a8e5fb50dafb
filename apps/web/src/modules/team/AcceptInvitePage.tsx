import { AreaPlaceholder } from '@/modules/placeholder/AreaPlaceholder';

export function AcceptInvitePage() {
  return <AreaPlaceholder area="Invitations" />;
}
