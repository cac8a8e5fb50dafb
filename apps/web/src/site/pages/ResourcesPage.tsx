import { FREE_LIMITS, teamMembersLabel } from '@pennant/shared/organization/plans';
import { ArrowRight, BookOpen, Calculator, LifeBuoy, type LucideIcon, Play, Trophy } from 'lucide-react';
import { CtaBanner } from '../CtaBanner';
import { DataTable, type FaqItem, FaqList, PageHero, Section, SectionHeading, SUPPORT_EMAIL } from '../SiteUi';

const LINKS: readonly { href: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    href: '/how-it-works',
    title: 'How It Works',
    text: 'The four steps from sign-up to a program that runs itself, with an ROI example.',
    icon: BookOpen,
  },
  {
    href: '/demo',
    title: 'Demo',
    text: 'Explore the sponsorship, player and alumni fundraising systems side by side.',
    icon: Play,
  },
  {
    href: '/success-stories',
    title: 'Success Stories',
    text: 'How booster clubs, youth leagues and alumni groups raise more with less work.',
    icon: Trophy,
  },
];

const SAVINGS_ROWS = [
  ['$5,000', '$250', '$0', '$160', '$99.99', '$150'],
  ['$20,000', '$1,000', '$0', '$640', '$99.99', '$900'],
  ['$50,000', '$2,500', '$0', '$1,600', '$99.99', '$2,400'],
] as const;

const FAQS: readonly FaqItem[] = [
  {
    question: 'How long does it take to get set up?',
    answer:
      'Creating your account and organization takes about 15 minutes. Most groups spend another 2-3 hours adding packages and importing last season’s sponsors, and then run everything in about 2 hours a week.',
  },
  {
    question: 'Can we import our existing spreadsheet?',
    answer: `Yes. Premium includes bulk import from a CSV file exported from Excel or Google Sheets. On the Free plan you can add up to ${FREE_LIMITS.activeSponsors} sponsors by hand. If your spreadsheet is messy, email us and we’ll help.`,
  },
  {
    question: 'Who owns the sponsor and donor data?',
    answer:
      'Your organization does. We store it only to run the service, never sell it, and you can export or delete it whenever you like.',
  },
  {
    question: 'Do sponsors or donors need a Pennant account?',
    answer:
      'No. Sponsors and donors receive invoices and e-mails from your organization and can pay by card without creating an account.',
  },
  {
    question: 'Can several volunteers share one account?',
    answer: `Yes. Premium includes unlimited team members, each with their own login, and an audit log of who changed what. The Free plan includes ${teamMembersLabel(FREE_LIMITS.teamMembers)}.`,
  },
  {
    question: 'Are donations to our group tax-deductible through Pennant?',
    answer:
      'That depends on your organization’s tax status, not on Pennant. Pennant sends receipts on your behalf, but check with your treasurer or tax advisor about what to say on them.',
  },
];

export function ResourcesPage() {
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Guides and answers for busy volunteers"
        description="Everything you need to evaluate Pennant, plan your season and estimate what you’ll save."
      />

      <Section>
        <SectionHeading eyebrow="Start here" title="Learn how Pennant works" />
        <ul className="grid gap-6 md:grid-cols-3">
          {LINKS.map(({ href, title, text, icon: Icon }) => (
            <li key={href}>
              <a
                href={href}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="mt-5 text-xl font-bold text-slate-900">{title}</span>
                <span className="mt-2 flex-1 text-slate-600">{text}</span>
                <span className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700">
                  Read more
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted">
        <SectionHeading
          eyebrow="Savings calculator"
          title="Estimate what you keep"
          description="Compared with a typical fundraising platform that takes 5%. Assumes an average payment of $100 by card."
        />
        <div className="mb-6 flex items-center justify-center gap-2 text-sm text-slate-600">
          <Calculator className="size-4 text-brand-600" aria-hidden="true" />
          Card processing (2.9% + 30¢) is charged by the payment processor either way.
        </div>
        <DataTable
          caption="Yearly savings by amount raised"
          columns={[
            'Raised per year',
            'Typical 5% platform fee',
            'Pennant platform fee',
            'Card processing',
            'Premium (yearly)',
            'You save',
          ]}
          rows={SAVINGS_ROWS}
          highlight={5}
          note="Example calculations, rounded to the nearest dollar. Free-plan organizations pay no subscription at all."
        />
      </Section>

      <Section>
        <SectionHeading eyebrow="FAQ" title="Common questions" />
        <FaqList items={FAQS} />
        <div className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-4 rounded-2xl bg-brand-50 p-6 text-center sm:flex-row sm:text-left">
          <LifeBuoy className="size-10 shrink-0 text-brand-600" aria-hidden="true" />
          <div className="flex-1">
            <h3 className="font-bold text-slate-900">Still have a question?</h3>
            <p className="text-sm text-slate-600">Our support team answers every e-mail within 24 hours.</p>
          </div>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {SUPPORT_EMAIL}
          </a>
        </div>
      </Section>

      <CtaBanner
        title="Ready when you are"
        description="Start free, bring your sponsors over and see the difference in your first week."
      />
    </>
  );
}
