import { Building2, FilePlus2, PackagePlus } from 'lucide-react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';

const ACTIONS = [
  { label: 'Add New Product', to: '/dashboard/products', icon: PackagePlus },
  { label: 'Create Quote', to: '/dashboard/quotes/new', icon: FilePlus2 },
  { label: 'Add Company', to: '/dashboard/companies/new', icon: Building2 },
];

export function QuickActions() {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {ACTIONS.map(({ label, to, icon: Icon }) => (
          <ButtonLink key={label} to={to} variant="outline" className="w-full justify-start">
            <Icon className="h-4 w-4 text-brand-700" aria-hidden /> {label}
          </ButtonLink>
        ))}
      </CardContent>
    </Card>
  );
}
