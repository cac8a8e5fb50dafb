import type { ReactNode } from 'react';
import { Logo } from '@/app/Sidebar';
import { Card } from './Card';

/** A page of one card on the brand background, with the logo on top (links opened from e-mails). */
export function CardPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-900 via-brand-800 to-brand-700">
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <div className="mb-6 flex justify-center">
            <span className="rounded-lg bg-slate-900 p-2">
              <Logo />
            </span>
          </div>
          {children}
        </Card>
      </main>
    </div>
  );
}

/** An outcome on a card page: icon, heading and text, announced as a status (or an alert). */
export function StateMessage({
  icon,
  title,
  children,
  alert,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  alert?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {icon}
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div role={alert ? 'alert' : 'status'} className="text-sm text-slate-700">
        {children}
      </div>
    </div>
  );
}
