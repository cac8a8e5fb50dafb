import { AreaPlaceholder } from '@/modules/placeholder/AreaPlaceholder';

export function NewCompanyPage() {
  return <AreaPlaceholder area="Companies" />;
}
