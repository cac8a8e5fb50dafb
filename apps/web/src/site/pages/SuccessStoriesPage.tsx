import { Quote, Star } from 'lucide-react';
import { CtaBanner } from '../CtaBanner';
import { ButtonLink, Card, DataTable, PageHero, Section, SectionHeading, SIGNUP_URL } from '../SiteUi';

// Illustrative stories for launch; replace with real, approved customer quotes when available.
const TESTIMONIALS = [
  {
    quote:
      'We used to spend every Sunday night reconciling checks against a spreadsheet. Now the reminders go out on their own and I spend maybe two hours a week on sponsorships.',
    name: 'Maria Gonzalez',
    role: 'Treasurer, Lincoln High Football Boosters',
  },
  {
    quote:
      'Handing the sponsorship job to a new parent used to mean starting over. With season rollover, our new chair had every sponsor and package ready on day one.',
    name: 'David Chen',
    role: 'President, Riverside Youth Soccer Association',
  },
  {
    quote:
      'The price-sheet PDF alone paid for Premium. Businesses take us more seriously when we show up with something that looks professional.',
    name: 'Tasha Williams',
    role: 'Sponsorship Chair, Eastview Softball Parents Club',
  },
  {
    quote:
      'Our old platform took 6% of every donation. Switching to Pennant put almost $1,800 back into our scholarship fund last year.',
    name: 'Jim O’Connor',
    role: 'Board Member, Central Valley Wrestling Alumni',
  },
] as const;

const CASE_STUDIES = [
  {
    org: 'Lincoln High Football Boosters',
    system: 'Sponsorship',
    challenge:
      '42 local sponsors tracked across three spreadsheets, and about a quarter of pledges paid late or never.',
    solution:
      'Moved every sponsor into Pennant, sent invoices with card payment links and turned on automatic reminders.',
    results: [
      'Unpaid pledges down from 24% to 4%',
      'Sponsorship revenue up 31% to $27,500',
      'Treasurer time cut from 9 to 2 hours a week',
    ],
  },
  {
    org: 'Riverside Youth Soccer Association',
    system: 'Player fundraising',
    challenge: 'A tournament-travel fundraiser where only a handful of families participated and totals were guessed.',
    solution: 'Gave each of 120 players a goal and a shareable link, with weekly progress e-mails to families.',
    results: [
      'Family participation rose from 35% to 88%',
      '$14,200 raised in six weeks',
      'Zero hours spent on manual tallies',
    ],
  },
  {
    org: 'Central Valley Wrestling Alumni',
    system: 'Alumni fundraising',
    challenge:
      'An outdated alumni list and a fundraising platform taking 6% of every gift for the new mat-room project.',
    solution:
      'Imported 600 alumni, segmented them by class year and ran a 60-day campaign with AI-assisted appeal drafts.',
    results: ['$30,000 goal reached in 54 days', '$1,800 saved in platform fees', '140 first-time alumni donors'],
  },
] as const;

const SAVINGS_ROWS = [
  ['Lincoln High Football Boosters', '9 hrs', '2 hrs', '$1,375', '+31%'],
  ['Riverside Youth Soccer Association', '6 hrs', '1.5 hrs', '$710', '+42%'],
  ['Eastview Softball Parents Club', '5 hrs', '1.5 hrs', '$460', '+18%'],
  ['Central Valley Wrestling Alumni', '7 hrs', '2 hrs', '$1,800', '+25%'],
] as const;

export function SuccessStoriesPage() {
  return (
    <>
      <PageHero
        eyebrow="Success stories"
        title="Volunteer-run programs raising more with less work"
        description="Booster clubs, youth leagues and alumni groups share what changed after they moved to Pennant."
      >
        <ButtonLink href={SIGNUP_URL} size="lg">
          Get Started Free
        </ButtonLink>
        <ButtonLink href="/how-it-works" variant="secondary" size="lg">
          See How It Works
        </ButtonLink>
      </PageHero>

      <Section>
        <SectionHeading eyebrow="In their words" title="What organizers are saying" />
        <ul className="grid gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <div className="flex items-center justify-between">
                  <Quote className="size-8 text-brand-100" aria-hidden="true" />
                  <span className="flex gap-0.5 text-accent-400" role="img" aria-label="5 out of 5 stars">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Star key={n} className="size-4 fill-current" aria-hidden="true" />
                    ))}
                  </span>
                </div>
                <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-6 border-t border-slate-100 pt-4">
                  <p className="font-semibold text-slate-900">{t.name}</p>
                  <p className="text-sm text-slate-500">{t.role}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted">
        <SectionHeading eyebrow="Case studies" title="How three programs did it" />
        <div className="grid gap-6 lg:grid-cols-3">
          {CASE_STUDIES.map((study) => (
            <Card key={study.org} className="flex flex-col">
              <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">{study.system}</p>
              <h3 className="mt-2 text-xl font-bold text-slate-900">{study.org}</h3>
              <h4 className="mt-5 text-sm font-semibold text-slate-900">The challenge</h4>
              <p className="mt-1 text-sm text-slate-600">{study.challenge}</p>
              <h4 className="mt-4 text-sm font-semibold text-slate-900">What they did</h4>
              <p className="mt-1 text-sm text-slate-600">{study.solution}</p>
              <h4 className="mt-4 text-sm font-semibold text-slate-900">Results</h4>
              <ul className="mt-2 space-y-2">
                {study.results.map((r) => (
                  <li key={r} className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
                    {r}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>

      <Section>
        <SectionHeading eyebrow="By the numbers" title="Time and money saved" />
        <DataTable
          caption="First-season savings by organization"
          columns={['Organization', 'Hours / week before', 'Hours / week after', 'Fees saved / year', 'Revenue change']}
          rows={SAVINGS_ROWS}
          highlight={3}
          note="First full season on Pennant compared with the season before. Example figures; individual results vary."
        />
      </Section>

      <CtaBanner
        title="Write your own success story"
        description="Join 500+ organizations that spend less time on paperwork and more time at the field."
      />
    </>
  );
}
