import { PLAN_FEATURES, PLAN_PRICES, PREMIUM_YEAR_PER_MONTH_LABEL } from '@pennant/shared/organization/plans';
import { CalendarClock, HandCoins, Mail, Users } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink, CheckList, Section, SectionHeading, SIGNUP_URL } from '../SiteUi';

type Billing = 'monthly' | 'yearly';

const MONTH = PLAN_PRICES.premium_month;
const YEAR = PLAN_PRICES.premium_year;

const CLAIMS = [
  {
    icon: HandCoins,
    title: 'No platform fundraising fee',
    text: 'Only the payment processor’s 2.9% + 30¢ per transaction. You keep 97 cents of every dollar.',
  },
  { icon: CalendarClock, title: '30-day free trial', text: 'Try every Premium feature free. No credit card required.' },
  { icon: Users, title: '500+ organizations', text: 'Booster clubs, youth leagues and alumni groups rely on Pennant.' },
  { icon: Mail, title: 'Real email support', text: 'A person answers every message, with a 24-hour response.' },
] as const;

function BillingToggle({ billing, onChange }: { billing: Billing; onChange: (b: Billing) => void }) {
  const options: readonly { value: Billing; label: string }[] = [
    { value: 'monthly', label: 'Monthly' },
    { value: 'yearly', label: 'Yearly' },
  ];
  return (
    <fieldset className="inline-flex min-w-0 rounded-full bg-slate-200/70 p-1">
      <legend className="sr-only">Billing period</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={billing === option.value}
          onClick={() => onChange(option.value)}
          className="rounded-full px-5 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

export function PricingSection() {
  const [billing, setBilling] = useState<Billing>('monthly');
  const yearly = billing === 'yearly';

  return (
    <Section id="pricing" tone="muted">
      <SectionHeading
        eyebrow="Pricing"
        title="Simple pricing for volunteer budgets"
        description="Start free and upgrade when your program grows. No setup fees, no contracts, no cut of your fundraising."
      />
      <div className="mb-10 flex justify-center">
        <BillingToggle billing={billing} onChange={setBilling} />
      </div>

      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h3 className="text-lg font-bold text-slate-900">Free</h3>
          <p className="mt-1 text-sm text-slate-600">For small clubs getting organized.</p>
          <p className="mt-6 flex items-baseline gap-1">
            <span className="text-5xl font-extrabold tracking-tight text-slate-900">$0</span>
            <span className="text-slate-500">per month</span>
          </p>
          <p className="mt-1 h-5 text-sm text-slate-500">Free forever</p>
          <CheckList items={PLAN_FEATURES.free} className="mt-8 flex-1" />
          <ButtonLink href={SIGNUP_URL} variant="secondary" size="lg" className="mt-8 w-full">
            Get Started Free
          </ButtonLink>
        </article>

        <article className="relative flex flex-col rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-xl shadow-brand-600/10">
          <p className="absolute -top-3.5 left-8 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold tracking-wide text-slate-900 uppercase">
            Most popular
          </p>
          <h3 className="text-lg font-bold text-slate-900">Premium</h3>
          <p className="mt-1 text-sm text-slate-600">Everything a growing program needs.</p>
          <p className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1" aria-live="polite">
            <span className="text-5xl font-extrabold tracking-tight text-slate-900">
              {yearly ? YEAR.label : MONTH.label}
            </span>
            <span className="text-slate-500">per {yearly ? YEAR.per : MONTH.per}</span>
            {yearly ? (
              <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">
                save 2 months
              </span>
            ) : null}
          </p>
          <p className="mt-1 h-5 text-sm text-slate-500">
            {yearly
              ? `That’s about ${PREMIUM_YEAR_PER_MONTH_LABEL} a month, billed yearly`
              : `Or ${YEAR.label} per ${YEAR.per} — save 2 months`}
          </p>
          <CheckList items={PLAN_FEATURES.premium} className="mt-8 flex-1" />
          <ButtonLink href={SIGNUP_URL} size="lg" className="mt-8 w-full">
            Start 30-Day Free Trial
          </ButtonLink>
        </article>
      </div>

      <ul className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-2 lg:grid-cols-4">
        {CLAIMS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <div>
              <p className="font-semibold text-slate-900">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
