import { BellRing, FileText, type LucideIcon, Receipt } from 'lucide-react';
import { CheckList, Section, SectionHeading } from '../SiteUi';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
  points: readonly string[];
}

const FEATURES: readonly Feature[] = [
  {
    icon: FileText,
    title: 'Price-sheet PDFs',
    description:
      'Turn your sponsorship packages into a polished, print-ready price sheet you can e-mail or hand out at the booster meeting.',
    points: ['Built from your package catalog', 'Your logo and team colors', 'Updated instantly when prices change'],
  },
  {
    icon: Receipt,
    title: 'Manual invoices',
    description:
      'Create an invoice for any sponsor in seconds and record how they paid, whether it was a card, a check, cash or a bank transfer.',
    points: ['Card payments through Stripe', 'Log checks, cash and transfers', 'See what is paid and outstanding'],
  },
  {
    icon: BellRing,
    title: 'Sponsor reminder emails',
    description:
      'Friendly, automatic reminders go out before and after due dates, so volunteers never have to send the awkward “just checking in” note.',
    points: [
      'Scheduled before and after due dates',
      'AI-assisted drafts you approve',
      'Stops as soon as a sponsor pays',
    ],
  },
];

export function FeaturesSection() {
  return (
    <Section id="features">
      <SectionHeading
        eyebrow="Features"
        title="The three tools that do the heavy lifting"
        description="Pennant focuses on the jobs that eat volunteer weekends: pitching sponsors, billing them and following up."
      />
      <div className="grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, description, points }) => (
          <article
            key={title}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="grid size-12 place-items-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
            <p className="mt-3 text-slate-600">{description}</p>
            <CheckList items={points} className="mt-6 border-t border-slate-100 pt-6 text-sm" />
          </article>
        ))}
      </div>
    </Section>
  );
}
