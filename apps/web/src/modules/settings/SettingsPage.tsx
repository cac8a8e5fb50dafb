import { AreaPlaceholder } from '@/modules/placeholder/AreaPlaceholder';

export function SettingsPage() {
  return <AreaPlaceholder area="Settings" />;
}
