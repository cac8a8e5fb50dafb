import { ArrowRight, CircleCheck, Clock } from 'lucide-react';
import { ButtonLink, Container, DASHBOARD_URL, SIGNUP_URL } from '../SiteUi';
import { useSignedIn } from '../useSignedIn';

const STATS = [
  { value: '500+', label: 'organizations' },
  { value: '97¢', label: 'of every dollar kept' },
  { value: '24 hr', label: 'email support response' },
] as const;

const SPONSORS = [
  {
    name: 'Hometown Hardware',
    pkg: 'Scoreboard banner',
    amount: '$1,500',
    status: 'Paid',
    tone: 'bg-emerald-50 text-emerald-700',
  },
  {
    name: 'Rivera Family Dental',
    pkg: 'Program ad · full page',
    amount: '$600',
    status: 'Invoiced',
    tone: 'bg-brand-50 text-brand-700',
  },
  {
    name: 'Main St. Pizza Co.',
    pkg: 'Fence banner',
    amount: '$350',
    status: 'Reminder sent',
    tone: 'bg-amber-50 text-amber-700',
  },
  {
    name: 'Oak Ridge Auto',
    pkg: 'Game-day shout-out',
    amount: '$250',
    status: 'Check received',
    tone: 'bg-emerald-50 text-emerald-700',
  },
] as const;

/** Illustrative dashboard built from HTML so the page needs no images. */
function ProductPreview() {
  return (
    <div className="relative" aria-hidden="true">
      <div className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-linear-to-tr from-brand-100 to-amber-100" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 text-xs font-medium text-slate-500">Fall 2025 sponsorships</span>
        </div>
        <div className="grid grid-cols-3 gap-3 p-4">
          {[
            ['Raised', '$12,450'],
            ['Sponsors', '28'],
            ['Outstanding', '$1,900'],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <p className="text-xs text-slate-500">{label}</p>
              <p className="mt-1 text-lg font-bold text-slate-900">{value}</p>
            </div>
          ))}
        </div>
        <div className="px-4">
          <div className="h-2 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full w-4/5 rounded-full bg-linear-to-r from-brand-500 to-brand-700" />
          </div>
          <p className="mt-2 text-xs text-slate-500">83% of $15,000 season goal</p>
        </div>
        <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {SPONSORS.map((s) => (
            <li key={s.name} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{s.name}</p>
                <p className="truncate text-xs text-slate-500">{s.pkg}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <span className="hidden text-sm font-semibold text-slate-900 sm:inline">{s.amount}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.tone}`}>{s.status}</span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function Hero() {
  const signedIn = useSignedIn();
  return (
    <section id="hero" className="relative overflow-hidden bg-linear-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 -z-0 size-96 rounded-full bg-accent-400/20 blur-3xl"
      />
      <Container className="relative grid items-center gap-14 py-16 md:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <Clock className="size-4" aria-hidden="true" />
            For booster clubs, youth teams &amp; alumni groups
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 md:text-5xl">
            Run your sponsorships and fundraising in about{' '}
            <span className="relative whitespace-nowrap text-brand-600">
              2 hours a week
              <svg
                aria-hidden="true"
                viewBox="0 0 200 12"
                preserveAspectRatio="none"
                className="absolute -bottom-2 left-0 h-3 w-full text-accent-400"
              >
                <path
                  d="M2 9C50 3 150 3 198 9"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="4"
                  strokeLinecap="round"
                />
              </svg>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600">
            Pennant replaces the spreadsheets, sticky notes and check-chasing with one simple home for your sponsors,
            invoices and follow-ups — built for the volunteers who actually do the work.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {signedIn ? (
              <ButtonLink href={DASHBOARD_URL} size="lg">
                Go to Dashboard
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
            ) : (
              <ButtonLink href={SIGNUP_URL} size="lg">
                Get Started Free
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
            )}
            <ButtonLink href="/how-it-works" variant="secondary" size="lg">
              See How It Works
            </ButtonLink>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {['No credit card required', '30-day free trial of Premium', 'Free plan forever'].map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-slate-200 pt-6">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end">
                <dt className="text-sm text-slate-500">{stat.label}</dt>
                <dd className="text-2xl font-bold text-slate-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ProductPreview />
      </Container>
    </section>
  );
}
