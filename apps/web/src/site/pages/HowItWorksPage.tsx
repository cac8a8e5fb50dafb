import { BellRing, Clock, HandCoins, type LucideIcon, Users } from 'lucide-react';
import { CtaBanner } from '../CtaBanner';
import { ButtonLink, Card, DataTable, PageHero, Section, SectionHeading, SIGNUP_URL } from '../SiteUi';

const STEPS = [
  {
    name: 'Sign Up & Setup',
    duration: '15 minutes',
    text: 'Create your free account, add your organization and season, and invite your fellow volunteers.',
  },
  {
    name: 'Build Your Catalog',
    duration: '2-3 hours',
    text: 'Add sponsorship packages and fundraising goals, import last year’s sponsors and generate your price sheet.',
  },
  {
    name: 'Launch Campaigns',
    duration: 'ongoing',
    text: 'Send price sheets and invoices, share giving links with families and reach out to alumni.',
  },
  {
    name: 'Collect & Track',
    duration: 'automated',
    text: 'Card payments land automatically, checks and transfers take seconds to log, and reminders go out on schedule.',
  },
] as const;

const SYSTEMS = [
  {
    name: 'Sponsorship',
    result: 'More renewals and fewer unpaid commitments, thanks to invoices and automatic follow-ups.',
    time: 'First sponsor payments within 2 weeks',
  },
  {
    name: 'Player fundraising',
    result: 'Every family participating, with per-player goals and progress the whole team can see.',
    time: 'First donations within the first week',
  },
  {
    name: 'Alumni fundraising',
    result: 'Re-engaged former players and a donor list that grows year over year.',
    time: 'Measurable results within one giving season (60–90 days)',
  },
] as const;

const BENEFITS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Clock,
    title: 'About 2 hours a week',
    text: 'Most of the busywork is automated, so the job fits around practice and work.',
  },
  {
    icon: HandCoins,
    title: 'Keep more of what you raise',
    text: 'No platform fundraising fee. Only the processor’s 2.9% + 30¢ on card payments.',
  },
  {
    icon: BellRing,
    title: 'Never miss a follow-up',
    text: 'Reminder e-mails go out on schedule and stop the moment a sponsor pays.',
  },
  {
    icon: Users,
    title: 'Easy volunteer hand-offs',
    text: 'Everything lives in one shared account, so the next treasurer starts with full history.',
  },
];

const ROI_ROWS = [
  ['Volunteer hours per season (20 weeks)', '200 hours', '40 hours'],
  ['Sponsorship revenue', '$15,000', '$18,000'],
  ['Platform fees', '$750', '$0'],
  ['Pennant Premium (yearly)', '—', '$99.99'],
  ['Net gain in the first season', '—', '$3,650 and 160 hours'],
] as const;

export function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="From spreadsheet chaos to running on autopilot"
        description="Four steps take you from sign-up to a sponsorship and fundraising program that mostly runs itself."
      >
        <ButtonLink href={SIGNUP_URL} size="lg">
          Get Started Free
        </ButtonLink>
        <ButtonLink href="/demo" variant="secondary" size="lg">
          Explore the Demo
        </ButtonLink>
      </PageHero>

      <Section>
        <SectionHeading eyebrow="Four steps" title="Up and running in an afternoon" />
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.name} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-10 place-items-center rounded-full bg-brand-600 text-lg font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{step.name}</h3>
              <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-medium text-amber-800">
                <Clock className="size-3.5" aria-hidden="true" />
                {step.duration}
              </p>
              <p className="mt-3 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="muted">
        <SectionHeading
          eyebrow="Three systems"
          title="What to expect from each system"
          description="Use one system or all three. Each is included in every account."
        />
        <div className="grid gap-6 md:grid-cols-3">
          {SYSTEMS.map((system) => (
            <Card key={system.name} className="flex flex-col">
              <h3 className="text-xl font-bold text-slate-900">{system.name}</h3>
              <p className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase">Expected results</p>
              <p className="mt-1 flex-1 text-slate-700">{system.result}</p>
              <p className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase">Time to results</p>
              <p className="mt-1 font-semibold text-brand-700">{system.time}</p>
            </Card>
          ))}
        </div>
      </Section>

      <Section>
        <SectionHeading eyebrow="Benefits" title="Why it works for volunteer teams" />
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted">
        <SectionHeading
          eyebrow="ROI example"
          title="What one season can look like"
          description="An example high-school booster club with about 30 sponsors that previously used spreadsheets and a 5% fundraising platform."
        />
        <DataTable
          caption="Example first-season return on investment"
          columns={['Measure', 'Before Pennant', 'With Pennant']}
          rows={ROI_ROWS}
          highlight={2}
          totalRow
          note="Example figures for illustration only; actual results vary by organization."
        />
        <p className="mt-8 text-center text-slate-600">
          Want to see real programs?{' '}
          <a href="/success-stories" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Read our success stories
          </a>
          .
        </p>
      </Section>

      <CtaBanner
        title="Start step one in the next 15 minutes"
        description="Create your free account now. No credit card required."
        secondary={
          <ButtonLink href="/demo" variant="light" size="lg">
            See the Demo
          </ButtonLink>
        }
      />
    </>
  );
}
