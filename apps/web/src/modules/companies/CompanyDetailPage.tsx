import { AreaPlaceholder } from '@/modules/placeholder/AreaPlaceholder';

export function CompanyDetailPage() {
  return <AreaPlaceholder area="Companies" />;
}
