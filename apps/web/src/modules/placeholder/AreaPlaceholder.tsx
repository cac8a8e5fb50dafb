import { Construction } from 'lucide-react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';

/**
 * An area that is not built yet says so plainly instead of pretending. It has the page width of
 * the built pages (dashboard, companies), so the title does not jump when moving between them.
 */
export function AreaPlaceholder({ area }: { area: string }) {
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={area} className="mb-6" />
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <Construction className="h-10 w-10 text-amber-500" aria-hidden />
        <p className="text-lg font-medium text-slate-900">{area} is coming soon</p>
        <p className="max-w-md text-sm text-slate-600">
          This part of Pennant is being built. Everything you set up elsewhere is kept and will show up here when it
          arrives.
        </p>
        <ButtonLink to="/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      </Card>
    </div>
  );
}
