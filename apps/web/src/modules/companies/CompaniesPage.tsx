import { AreaPlaceholder } from '@/modules/placeholder/AreaPlaceholder';

export function CompaniesPage() {
  return <AreaPlaceholder area="Companies" />;
}
