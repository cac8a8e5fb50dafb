import { planAllows } from '@pennant/shared/organization/plans';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { NAV } from './navigation';

/** Full labels on wide screens; `rail` shows icons only (768–1050 px). */
export function SidebarNav({ rail = false, onNavigate }: { rail?: boolean; onNavigate?: () => void }) {
  const session = useSession();
  return (
    <nav aria-label="Main" className="flex flex-col gap-5 px-3 py-4">
      {NAV.map((section) => (
        <div key={section.heading ?? 'home'}>
          {section.heading ? (
            rail ? (
              <hr className="mx-2 mb-2 border-slate-700" aria-hidden />
            ) : (
              <h2 className="mb-1.5 px-3 text-xs font-semibold uppercase tracking-wider text-slate-400">
                {section.heading}
              </h2>
            )
          ) : null}
          <ul className="space-y-0.5">
            {section.items
              .filter((item) => !item.planFeature || planAllows(session.plan, item.planFeature))
              .map((item) => (
                <li key={item.to}>
                  <SidebarLink
                    to={item.to}
                    end={item.to === '/dashboard'}
                    label={item.label}
                    icon={item.icon}
                    rail={rail}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** One sidebar link, the app's and the admin console's alike: icon and label, or the icon alone on the rail. */
export function SidebarLink({
  to,
  end,
  label,
  icon: Icon,
  rail,
  onNavigate,
}: {
  to: string;
  end: boolean;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  rail: boolean;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      title={rail ? label : undefined}
      aria-label={rail ? label : undefined}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
          rail && 'justify-center px-0',
          isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
        )
      }
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      {rail ? null : <span>{label}</span>}
    </NavLink>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-white">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="7" fill="#2563eb" />
        <path d="M10 6v20" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M11 7l13 5-13 5z" fill="#fbbf24" />
      </svg>
      {compact ? <span className="sr-only">Pennant</span> : <span className="text-lg font-bold">Pennant</span>}
    </span>
  );
}
