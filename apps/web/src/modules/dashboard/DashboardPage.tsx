import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';

export function DashboardPage() {
  useEffect(() => {
    document.title = 'Dashboard — Pennant';
  }, []);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
        <Link to="/dashboard/quotes/new" className={buttonClasses('primary')}>
          + New Quote
        </Link>
      </div>
    </div>
  );
}
