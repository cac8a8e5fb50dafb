import { GraduationCap, type LucideIcon, Play, Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { CtaBanner } from '../CtaBanner';
import { ButtonLink, CheckList, DataTable, PageHero, Section, SectionHeading, SIGNUP_URL } from '../SiteUi';

interface DemoSystem {
  id: string;
  name: string;
  icon: LucideIcon;
  audience: string;
  summary: string;
  features: readonly string[];
}

const SYSTEMS: readonly DemoSystem[] = [
  {
    id: 'sponsorship',
    name: 'Sponsorship',
    icon: Trophy,
    audience: 'Booster clubs and school athletic programs',
    summary:
      'Sell banners, program ads and game-day packages to local businesses, then invoice and follow up without a single spreadsheet.',
    features: [
      'Sponsor CRM with contacts, notes and history',
      'Package catalog with tiers and limited inventory',
      'One-click price-sheet PDFs',
      'Manual invoices with card, check, cash or transfer tracking',
      'Automatic reminder e-mails before and after due dates',
      'Season rollover for easy renewals',
    ],
  },
  {
    id: 'player',
    name: 'Player fundraising',
    icon: Users,
    audience: 'Youth leagues, travel teams and school squads',
    summary:
      'Give every player a fundraising goal, share simple links with families and watch progress roll in across the roster.',
    features: [
      'Per-player goals with live progress',
      'Shareable giving links for families',
      'Team totals and friendly leaderboards',
      'E-mail receipts for every donation',
      'Gentle reminders for families who haven’t started',
      'Roster bulk import from a spreadsheet',
    ],
  },
  {
    id: 'alumni',
    name: 'Alumni fundraising',
    icon: GraduationCap,
    audience: 'Alumni associations and program endowments',
    summary:
      'Reconnect former players with the program, run giving campaigns for big projects and keep every donor’s history in one place.',
    features: [
      'Donor records with class year and giving history',
      'Campaign goals for facilities, travel or scholarships',
      'Segments by class year, sport or giving level',
      'AI-assisted thank-you and appeal e-mail drafts',
      'Year-end giving summaries for donors',
      'Bulk import of existing donor lists',
    ],
  },
];

const COST_ROWS = [
  ['Platform fee on $20,000 raised', '$1,000 (typical 5%)', '$0'],
  ['Card processing (2.9% + 30¢, 200 payments)', '$640', '$640'],
  ['Software (forms, e-mail, PDF tools)', '$240 / year', '$99.99 / year (Premium)'],
  ['Printing and mailing sponsor packets', '$350', '$0 (PDF price sheets)'],
  ['Volunteer time', '8–10 hours / week', 'About 2 hours / week'],
  ['Total cash cost per year', '$2,230', '$739.99'],
] as const;

export function DemoPage() {
  const [activeId, setActiveId] = useState<string>('sponsorship');
  const active = SYSTEMS.find((s) => s.id === activeId) ?? SYSTEMS[0];

  return (
    <>
      <PageHero
        eyebrow="Product demo"
        title="See how Pennant fits your program"
        description="Pennant runs three fundraising systems from one account. Pick the one closest to how your organization raises money."
      >
        <ButtonLink href={SIGNUP_URL} size="lg">
          Get Started Free
        </ButtonLink>
        <ButtonLink href="/#pricing" variant="secondary" size="lg">
          View Pricing
        </ButtonLink>
      </PageHero>

      <Section>
        <fieldset className="grid min-w-0 gap-3 sm:grid-cols-3">
          <legend className="sr-only">Choose a fundraising system</legend>
          {SYSTEMS.map(({ id, name, icon: Icon, audience }) => (
            <button
              key={id}
              type="button"
              aria-pressed={id === activeId}
              aria-controls="demo-system"
              onClick={() => setActiveId(id)}
              className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:ring-1 aria-pressed:ring-brand-600"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-600 text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{name}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{audience}</span>
              </span>
            </button>
          ))}
        </fieldset>

        {active ? (
          <div id="demo-system" aria-live="polite" className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.2fr]">
            <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
              <h2 className="text-2xl font-bold text-slate-900">{active.name}</h2>
              <p className="mt-3 text-slate-600">{active.summary}</p>
              <CheckList items={active.features} className="mt-6" />
            </div>
            <div className="flex min-h-72 flex-col items-center justify-center rounded-2xl border-2 border-dashed border-brand-100 bg-linear-to-br from-brand-50 to-white p-8 text-center">
              <span className="grid size-16 place-items-center rounded-full bg-white text-brand-600 shadow-md">
                <Play className="size-7 translate-x-0.5" aria-hidden="true" />
              </span>
              <p className="mt-5 text-lg font-semibold text-slate-900">Interactive demo coming soon</p>
              <p className="mt-2 max-w-sm text-sm text-slate-600">
                In the meantime, the Free plan is the fastest way to explore. Set up takes about 15 minutes and needs no
                credit card.
              </p>
              <ButtonLink href={SIGNUP_URL} variant="secondary" className="mt-6">
                Try it free instead
              </ButtonLink>
            </div>
          </div>
        ) : null}
      </Section>

      <Section tone="muted">
        <SectionHeading
          eyebrow="Before and after"
          title="What a typical season costs, with and without Pennant"
          description="An example booster club raising $20,000 a year from about 200 sponsor and donor payments."
        />
        <DataTable
          caption="Example yearly cost comparison"
          columns={['Cost', 'Before Pennant', 'With Pennant']}
          rows={COST_ROWS}
          highlight={2}
          totalRow
          note="Example figures for illustration. Your costs depend on your current tools, fees and payment mix."
        />
      </Section>

      <CtaBanner
        title="Ready to try it with your own sponsors?"
        description="Start on the Free plan in minutes, or compare plans to see what Premium adds."
        secondary={
          <ButtonLink href="/#pricing" variant="light" size="lg">
            View Pricing
          </ButtonLink>
        }
      />
    </>
  );
}
